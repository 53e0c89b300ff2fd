// Watch later and history: each user's own rows, listed newest first and paged. Saving a video to
// watch later needs access to it; removing one's own rows never does.
import { LIBRARY_PAGE_SIZE, type HistoryPage, type WatchLaterPage } from '@ipsv/contracts/watching';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import type { VideoActor } from '../videos/video-access.js';
import { libraryVideo, watchable } from './library-view.js';
import type { WatchingRepository } from './watching.repository.js';

export function createLibraryService(deps: { watching: WatchingRepository; signer: MediaSigner }) {
  const { watching, signer } = deps;
  return {
    async watchLater(actor: VideoActor, page: number): Promise<WatchLaterPage> {
      const { rows, total } = await watching.watchLaterPage(actor.id, page, LIBRARY_PAGE_SIZE);
      const found = await watching.videosWithOwners(rows.map((r) => r.videoId));
      return {
        items: rows.map((r) => ({ video: libraryVideo(signer, actor, r.videoId, found.get(r.videoId)), addedAt: r.createdAt.toISOString() })),
        page,
        pageSize: LIBRARY_PAGE_SIZE,
        total,
      };
    },
    async addWatchLater(actor: VideoActor, videoId: string): Promise<void> {
      if (!watchable(actor, (await watching.videosWithOwners([videoId])).get(videoId))) throw new AppError('NO_ACCESS');
      await watching.addWatchLater(actor.id, videoId);
    },
    async removeWatchLater(actor: VideoActor, videoId: string): Promise<void> {
      await watching.removeWatchLater(actor.id, videoId);
    },

    async history(actor: VideoActor, page: number): Promise<HistoryPage> {
      const [{ rows, total }, paused] = await Promise.all([watching.historyPage(actor.id, page, LIBRARY_PAGE_SIZE), watching.historyPaused(actor.id)]);
      const found = await watching.videosWithOwners(rows.map((r) => r.videoId));
      return {
        items: rows.map((r) => ({
          video: libraryVideo(signer, actor, r.videoId, found.get(r.videoId)),
          position: r.position,
          watchedAt: r.updatedAt.toISOString(),
        })),
        page,
        pageSize: LIBRARY_PAGE_SIZE,
        total,
        paused,
      };
    },
    async removeHistory(actor: VideoActor, videoId: string): Promise<void> {
      await watching.removeHistory(actor.id, videoId);
    },
    async clearHistory(actor: VideoActor): Promise<void> {
      await watching.clearHistory(actor.id);
    },
    async setHistoryPaused(actor: VideoActor, paused: boolean): Promise<{ paused: boolean }> {
      await watching.setHistoryPaused(actor.id, paused);
      return { paused };
    },
  };
}
export type LibraryService = ReturnType<typeof createLibraryService>;
