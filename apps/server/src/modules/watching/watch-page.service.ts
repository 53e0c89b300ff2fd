// The video page /video/:videoId for a viewer: details, segments, signed playback, watch later and
// the resume position in one answer; the download link; and "Request access" from the no-access box.
// Anyone who may not watch the video gets 401 'you do not have access to this video'.
import { FINISHED_MARGIN_SECONDS, downloadFileName, type Download, type WatchPage } from '@ipsv/contracts/watching';
import { descriptionSchema, PATIENT_GENDERS, type Playback } from '@ipsv/contracts/videos';
import type { SegmentCategory } from '@ipsv/contracts/segments';
import { AppError } from '../../platform/app-error.js';
import type { MediaSigner } from '../../platform/media/media-signing.js';
import { canWatch, type VideoActor } from '../videos/video-access.js';
import { mediaKeys } from '../videos/media-keys.js';
import { pictureUrl } from '../users/users.service.js';
import { watchable } from './library-view.js';
import type { Notifier } from '../notifications/notifier.js';
import type { WatchingRepository } from './watching.repository.js';
import type { LicencesRepository } from '../licences/licences.repository.js';
import { mayDownload } from '../licences/licences.service.js';
import type { VideoRow } from '../videos/videos.repository.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

export function createWatchPageService(deps: {
  watching: WatchingRepository;
  signer: MediaSigner;
  notifier?: Notifier;
  /** Accepted licences (a video licensed 'on request' downloads with one); none known without it. */
  licences?: Pick<LicencesRepository, 'hasAccepted'>;
  clock?: () => Date;
}) {
  const { watching, signer } = deps;
  const now = deps.clock ?? (() => new Date());

  const load = async (actor: VideoActor, id: string) => {
    const found = watchable(actor, (await watching.videosWithOwners([id])).get(id));
    if (!found) throw new AppError('NO_ACCESS');
    return found;
  };
  const downloadAllowed = async (actor: VideoActor, video: VideoRow) =>
    mayDownload(
      actor,
      video,
      video.licence === 'on_request' && !video.isDownloadable && deps.licences ? await deps.licences.hasAccepted(video.id, actor.id) : false,
    );

  return {
    async page(actor: VideoActor, id: string): Promise<WatchPage> {
      const { video, ownerName, ownerPictureKey, rendition } = await load(actor, id);
      const [segments, state] = await Promise.all([watching.segments(id), watching.watchState(actor.id, id)]);
      const scope = mediaKeys(id).version(rendition.version);
      const playback: Playback = {
        hls: signer.url(rendition.master, { scope, kind: 'stream' }),
        mp4: null,
        poster: rendition.poster ? signer.url(rendition.poster) : null,
        storyboard: rendition.storyboard ? signer.url(rendition.storyboard, { scope, kind: 'stream' }) : null,
        expiresAt: signer.expiresAt().toISOString(),
      };
      const duration = rendition.durationSeconds;
      const position = state.position;
      return {
        video: {
          id,
          title: video.title || video.fileName,
          ownerId: video.ownerId,
          ownerName,
          ownerPictureUrl: pictureUrl(video.ownerId, ownerPictureKey),
          surgeryTypeId: video.surgeryTypeId,
          description: descriptionSchema.parse(video.description ?? {}),
          patientGender: (PATIENT_GENDERS as readonly string[]).includes(video.patientGender ?? '')
            ? (video.patientGender as WatchPage['video']['patientGender'])
            : null,
          surgeryEvent: video.surgeryEvent,
          surgeryDate: video.surgeryDate,
          surgeryYear: video.surgeryYear,
          pgsGrade: video.pgsGrade,
          durationSeconds: duration,
          quality: video.quality,
          publishedAt: video.publishedAt ? video.publishedAt.toISOString() : null,
          version: rendition.version,
          downloadable: Boolean(rendition.mp4) && (await downloadAllowed(actor, video)),
        },
        segments: segments.map((s) => ({
          start: s.startTime,
          end: s.endTime,
          title: s.title,
          category: (s.category as SegmentCategory | null) ?? null,
          description: s.description,
        })),
        playback,
        watchLater: state.watchLater,
        resumeAt: !state.paused && position !== null && position > 1 && position < duration - FINISHED_MARGIN_SECONDS ? position : null,
      };
    },

    /** A signed link to the published MP4 with a readable file name; counted in the day's downloads. */
    async download(actor: VideoActor, id: string): Promise<Download> {
      const { video, rendition } = await load(actor, id);
      if (!rendition.mp4) throw new AppError('DOWNLOAD_NOT_ALLOWED');
      if (!(await downloadAllowed(actor, video))) throw new AppError(video.licence === 'on_request' ? 'DOWNLOAD_NEEDS_LICENCE' : 'DOWNLOAD_NOT_ALLOWED');
      const fileName = downloadFileName(video.title || video.fileName, rendition.version);
      await watching.countDownload(id, day(now()));
      return { url: `${signer.url(rendition.mp4)}?download=${encodeURIComponent(fileName)}`, fileName };
    },

    /**
     * 'Request access' from the no-access message box. Answered alike whether or not the video
     * exists or the request was new (no hint of what exists); recorded once while pending, and only
     * for a published video the caller may not watch yet.
     */
    async requestAccess(actor: VideoActor, id: string): Promise<void> {
      const video = (await watching.videosWithOwners([id])).get(id)?.video;
      if (!video || video.publishedVersion < 1 || canWatch(video, actor)) return;
      // The owner hears of a new request once (not of repeats while it is pending).
      if ((await watching.requestAccess(id, actor.id)) && deps.notifier) {
        await deps.notifier.notify(
          video.ownerId,
          'access_requested',
          { title: video.title || video.fileName, requester: actor.email, message: '' },
          '/analytics/whitelist',
        );
      }
    },
  };
}
export type WatchPageService = ReturnType<typeof createWatchPageService>;
