// The segment editor of /edit-segments/:id: timed segments of the published video, its file type
// and category, 'This content is public', and 'AI Analysis' (segment boundaries from scene changes).
import { segmentsProblem, type Segments, type SegmentsInput } from '@ipsv/contracts/segments';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import type { Storage } from '../../platform/storage/storage.js';
import { ownedVideo, type VideoActor } from './video-access.js';
import { mediaKeys } from './media-keys.js';
import { createSuggestionQueue, type SuggestionQueue } from './suggestion-queue.js';
import type { VideosRepository } from './videos.repository.js';

/** Scene analyses (ffmpeg) one process runs at once, and videos that may wait for one. */
export const SUGGESTIONS_AT_ONCE = 2;
export const SUGGESTIONS_WAITING = 16;

export function createVideoSegmentsService(deps: {
  videos: VideosRepository;
  storage: Storage;
  signer: MediaSigner;
  media: Pick<MediaTools, 'sceneChanges'>;
  suggestions?: SuggestionQueue;
}) {
  const { videos, storage, signer } = deps;
  const suggestions = deps.suggestions ?? createSuggestionQueue({ concurrency: SUGGESTIONS_AT_ONCE, maxWaiting: SUGGESTIONS_WAITING });
  return {
    async segments(actor: VideoActor, id: string): Promise<Segments> {
      const video = await ownedVideo(videos, actor, id);
      const rows = await videos.segments(id);
      return {
        videoId: id,
        title: video.title || video.fileName,
        durationSeconds: video.rendition?.durationSeconds ?? video.probe?.durationSeconds ?? 0,
        fileType: (video.fileType as Segments['fileType']) ?? null,
        category: (video.category as Segments['category']) ?? null,
        isPublic: video.visibility === 'signed_in',
        segments: rows.map((row) => ({
          start: row.startTime,
          end: row.endTime,
          title: row.title,
          category: (row.category as Segments['segments'][number]['category']) ?? null,
          description: row.description,
        })),
        previewUrl: video.rendition?.mp4 ? signer.url(video.rendition.mp4) : null,
      };
    },

    async saveSegments(actor: VideoActor, id: string, input: SegmentsInput): Promise<Segments> {
      const video = await ownedVideo(videos, actor, id);
      if (!video.probe) throw new AppError('NOT_CHECKED_YET');
      // Segments are times of the published video (after the privacy cuts).
      const duration = video.rendition?.durationSeconds ?? video.probe.durationSeconds;
      const problem = segmentsProblem(input.segments, duration);
      if (problem) throw new AppError(problem);
      await videos.replaceSegments(
        id,
        input.segments.map((s) => ({ startTime: s.start, endTime: s.end, title: s.title, category: s.category ?? null, description: s.description ?? '' })),
        {
          fileType: input.fileType ?? null,
          category: input.category ?? null,
          // 'This content is public' opens the video to every signed-in user; off makes it private
          // (a whitelist chosen in the details form stays as it was while the switch is off).
          visibility: input.isPublic ? 'signed_in' : video.visibility === 'signed_in' ? 'private' : video.visibility,
        },
      );
      return this.segments(actor, id);
    },

    async suggestSegments(actor: VideoActor, id: string, signal?: AbortSignal): Promise<{ segments: { start: number; end: number }[] }> {
      const video = await ownedVideo(videos, actor, id);
      const mp4 = video.rendition?.mp4;
      if (!mp4) throw new AppError('SEGMENTS_UNAVAILABLE');
      // One analysis per video at a time (asking again joins it), a few in all (suggestion-queue.ts).
      return suggestions.run(id, async () => {
        const local = await storage.localFile(mp4, mediaKeys(id).tempDir);
        try {
          return { segments: (await deps.media.sceneChanges(local.path, { signal })).segments };
        } finally {
          await local.release();
        }
      });
    },
  };
}
export type VideoSegmentsService = ReturnType<typeof createVideoSegmentsService>;
