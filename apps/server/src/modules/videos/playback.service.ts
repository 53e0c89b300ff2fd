// Where a viewer streams a published video: signed, expiring links to exactly what playback needs
// (the version's HLS and previews; the MP4 only when the owner allows downloads).
import type { Playback } from '@ipsv/contracts/videos';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { canWatch, type VideoActor } from './video-access.js';
import { mediaKeys } from './media-keys.js';
import type { VideosRepository } from './videos.repository.js';

export function createPlaybackService(deps: { videos: Pick<VideosRepository, 'find'>; signer: MediaSigner }) {
  const { videos, signer } = deps;
  return {
    async playback(actor: VideoActor, id: string): Promise<Playback> {
      const video = await videos.find(id);
      if (!video || !canWatch(video, actor) || !video.rendition) throw new AppError('NO_ACCESS');
      const r = video.rendition;
      const scope = mediaKeys(id).version(r.version);
      return {
        // The streaming link covers playlists and segments of this version only, never its MP4s:
        // the download is signed on its own, and only when the owner allows it.
        hls: signer.url(r.master, { scope, kind: 'stream' }),
        mp4: r.mp4 && (video.isDownloadable || video.ownerId === actor.id) ? signer.url(r.mp4) : null,
        // The poster may be the provider's uploaded image, outside the version folder.
        poster: r.poster ? signer.url(r.poster) : null,
        storyboard: r.storyboard ? signer.url(r.storyboard, { scope, kind: 'stream' }) : null,
        expiresAt: signer.expiresAt().toISOString(),
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
