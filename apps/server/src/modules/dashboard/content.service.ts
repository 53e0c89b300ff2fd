// /analytics/content: the caller's videos as a table (sorted, filtered by status, paged) with
// their view counts, visibility changed for one or many at once (all or nothing: a video the
// caller may not change refuses the whole request), and the owner's original while it is kept.
import { CONTENT_PAGE_SIZE, type ContentPage, type ContentQuery, type OriginalLink } from '@ipsv/contracts/dashboard';
import type { Visibility } from '@ipsv/contracts/videos';
import { contentQuerySchema } from '@ipsv/contracts/dashboard';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { assertStillProvider, ownedVideo, type VideoActor } from '../videos/video-access.js';
import { toVideo } from '../videos/video-view.js';
import type { VideosRepository } from '../videos/videos.repository.js';
import type { DashboardRepository } from './dashboard.repository.js';

export function createContentService(deps: { dashboard: DashboardRepository; videos: Pick<VideosRepository, 'find'>; signer: MediaSigner }) {
  const { dashboard, videos, signer } = deps;
  return {
    async page(actor: VideoActor, input: ContentQuery): Promise<ContentPage> {
      const query = contentQuerySchema.parse(input);
      const { rows, total } = await dashboard.contentPage(actor.id, { ...query, pageSize: CONTENT_PAGE_SIZE });
      return {
        rows: rows.map((row) => ({
          video: toVideo(signer, row.video, row.ownerName, actor),
          views: row.views,
          originalKept: row.video.originalDeletedAt === null,
          licence: row.video.licence,
        })),
        total,
        page: query.page,
        pageSize: CONTENT_PAGE_SIZE,
      };
    },

    /** Owners change their own videos; administrators any. Nothing changes unless every id is allowed. */
    async setVisibility(actor: VideoActor, ids: readonly string[], visibility: Visibility): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await dashboard.videosByIds(unique);
      const allowed = found.filter((video) => video.ownerId === actor.id || actor.role === 'admin');
      if (allowed.length !== unique.length) throw new AppError('NO_ACCESS');
      // Publishing is a provider's: an owner demoted since changes no visibility (issue 48, M6).
      if (actor.role !== 'admin') assertStillProvider(actor, null);
      const changes = allowed.filter((video) => video.visibility !== visibility).map((video) => ({ id: video.id, from: video.visibility }));
      if (changes.length) await dashboard.setVisibility(changes, visibility, actor.id);
    },

    /** The quarantined original is its owner's alone (an administrator is told so). */
    async original(actor: VideoActor, id: string): Promise<OriginalLink> {
      const video = await ownedVideo(videos, actor, id);
      if (video.originalDeletedAt || video.status === 'uploading') throw new AppError('ORIGINAL_DELETED');
      const fileName = video.fileName.replace(/[^\w .-]/g, '_').slice(0, 120) || 'original';
      return { url: `${signer.url(video.originalKey)}?download=${encodeURIComponent(fileName)}`, fileName };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
