// How a video appears in the viewer's lists: its card when the viewer may still watch it, otherwise
// only "unavailable" (never its title or picture: it may have been deleted, made private or revoked).
import type { LibraryVideo } from '@ipsv/contracts/watching';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { canWatch, type VideoActor } from '../videos/video-access.js';
import type { VideoWithOwner } from './watching.repository.js';

export function libraryVideo(signer: MediaSigner, actor: VideoActor, id: string, found: VideoWithOwner | undefined): LibraryVideo {
  const video = found?.video;
  if (!found || !video || !video.rendition || !canWatch(video, actor)) return { available: false, id };
  return {
    available: true,
    id,
    title: video.title || video.fileName,
    ownerName: found.ownerName,
    thumbnailUrl: video.rendition.poster ? signer.url(video.rendition.poster) : null,
    durationSeconds: video.rendition.durationSeconds,
    surgeryYear: video.surgeryYear,
  };
}

/** The video `id` when `actor` may watch it (published, rendered, allowed), else null. */
export function watchable(actor: VideoActor, found: VideoWithOwner | undefined) {
  const video = found?.video;
  return video && video.rendition && canWatch(video, actor) ? { ...found, video, rendition: video.rendition } : null;
}
