// GET /api/videos/:id/thumbnails: the frames sampled for the thumbnail choice, and the uploaded
// thumbnail's address if there is one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { thumbnailCandidatesSchema } from '@ipsv/contracts/videos';
import type { z } from 'zod';
import { videoKey } from '../../../api/get-video';
import { apiRequest } from '../../../lib/api-client';

export type ThumbnailCandidates = z.infer<typeof thumbnailCandidatesSchema>;

export const getThumbnails = (videoId: string, signal?: AbortSignal) =>
  apiRequest<ThumbnailCandidates>(`/api/videos/${encodeURIComponent(videoId)}/thumbnails`, { signal });

export const thumbnailsQuery = (videoId: string) =>
  queryOptions({
    queryKey: [...videoKey(videoId), 'thumbnails'],
    queryFn: ({ signal }) => getThumbnails(videoId, signal),
    // Frames appear once the file has been validated: ask again until they do.
    refetchInterval: (query) => (query.state.data && query.state.data.frames.length > 0 ? false : 5000),
  });

export const useThumbnails = (videoId: string) => useQuery(thumbnailsQuery(videoId));
