// Calls of the details form (/upload-finished, /edit-video): the video, its thumbnail frames, the
// surgery types to choose from, saving the details, uploading a thumbnail and deleting the video.
import { queryOptions } from '@tanstack/react-query';
import type { SurgeryTypesResponse } from '@ipsv/contracts/surgery-types';
import type { thumbnailCandidatesSchema, Video, VideoDetails } from '@ipsv/contracts/videos';
import type { z } from 'zod';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { errorBodySchema, INTERNAL_ERROR_MESSAGE } from '@ipsv/contracts/errors';

export type ThumbnailCandidates = z.infer<typeof thumbnailCandidatesSchema>;

export const videoQuery = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', videoId],
    queryFn: ({ signal }) => apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}`, { signal }),
  });

export const thumbnailsQuery = (videoId: string) =>
  queryOptions({
    queryKey: ['videos', videoId, 'thumbnails'],
    queryFn: ({ signal }) => apiRequest<ThumbnailCandidates>(`/api/videos/${encodeURIComponent(videoId)}/thumbnails`, { signal }),
    // Frames appear once the file has been validated: ask again until they do.
    refetchInterval: (query) => (query.state.data && query.state.data.frames.length > 0 ? false : 5000),
  });

/** Same key and shape as the surgery-types feature's query, so the session cache is shared. */
export const detailsSurgeryTypesQuery = queryOptions({
  queryKey: ['surgery-types'],
  queryFn: ({ signal }) => apiRequest<SurgeryTypesResponse>('/api/surgery-types', { signal }),
  staleTime: Infinity,
});

export const videoCalls = {
  saveDetails: (videoId: string, details: VideoDetails) =>
    apiRequest<Video>(`/api/videos/${encodeURIComponent(videoId)}/details`, { method: 'PUT', body: details }),
  deleteVideo: (videoId: string) => apiRequest<void>(`/api/videos/${encodeURIComponent(videoId)}`, { method: 'DELETE' }),
  /** The image itself is the request body; the server checks type and size again. */
  async uploadThumbnail(videoId: string, file: File): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`/api/videos/${encodeURIComponent(videoId)}/thumbnail`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': file.type, accept: 'application/json' },
        body: file,
      });
    } catch (error) {
      throw new ApiError(0, 'NETWORK', (error as Error).message);
    }
    if (response.ok) return;
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
      : new ApiError(response.status, 'INTERNAL', INTERNAL_ERROR_MESSAGE);
  },
};
