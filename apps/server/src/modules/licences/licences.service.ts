// Licensing (spec section 1 "for study and licensing"): the owner (or an administrator) chooses a
// video's licence; a viewer who may watch it asks for a licence (institution, purpose, duration);
// the owner accepts with terms or declines, and the requester is told (in-app and email). Both
// sides list the answers and print a record. Others get 401 'you do not have access to this video'.
import {
  licenceChoiceSchema,
  licenceDecisionSchema,
  licenceRequestInputSchema,
  type Licence,
  type LicenceDecision,
  type LicenceRequest,
  type LicenceRequestInput,
  type VideoLicence,
} from '@ipsv/contracts/licences';
import { AppError } from '../../platform/app-error.js';
import type { Notifier } from '../notifications/notifier.js';
import { canWatch, moderatedVideo, type VideoActor } from '../videos/video-access.js';
import type { VideoRow, VideosRepository } from '../videos/videos.repository.js';
import type { LicencesRepository, ListedLicenceRequest } from './licences.repository.js';

/**
 * Whether `actor` may download the video's MP4: its owner always; others when
 * the owner allows downloads, or, for a video licensed 'on request', with an accepted licence.
 */
export function mayDownload(actor: VideoActor, video: Pick<VideoRow, 'ownerId' | 'isDownloadable' | 'licence'>, hasAcceptedLicence: boolean): boolean {
  if (video.ownerId === actor.id) return true;
  if (video.isDownloadable) return true;
  return video.licence === 'on_request' && hasAcceptedLicence;
}

const toRequest = (r: ListedLicenceRequest, licence: Licence): LicenceRequest => ({
  id: r.request.id,
  videoId: r.request.videoId,
  videoTitle: r.videoTitle,
  licence,
  provider: r.owner,
  requester: r.requester,
  institution: r.request.institution,
  purpose: r.request.purpose,
  duration: r.request.duration,
  status: r.request.status,
  terms: r.request.terms,
  createdAt: r.request.createdAt.toISOString(),
  decidedAt: r.request.decidedAt?.toISOString() ?? null,
});

export function createLicencesService(deps: {
  licences: LicencesRepository;
  videos: Pick<VideosRepository, 'find' | 'userName'>;
  notifier: Pick<Notifier, 'notify'>;
  clock?: () => Date;
}) {
  const { licences, videos, notifier } = deps;
  const now = deps.clock ?? (() => new Date());
  const watchable = async (actor: VideoActor, id: string) => {
    const video = await videos.find(id);
    if (!video || !canWatch(video, actor, now())) throw new AppError('NO_ACCESS');
    return video;
  };
  const listed = (rows: ListedLicenceRequest[]) => rows.map((r) => toRequest(r, r.request.licence));

  return {
    async setLicence(actor: VideoActor, id: string, input: { licence: Licence }): Promise<void> {
      const { licence } = licenceChoiceSchema.parse(input);
      const video = await moderatedVideo(videos, actor, id);
      if (video.licence !== licence) await licences.setLicence(id, video.licence, licence, actor.id);
    },

    /** The licence shown on the video page, the caller's latest request and whether they may download. */
    async ofVideo(actor: VideoActor, id: string): Promise<VideoLicence> {
      const video = await watchable(actor, id);
      const mine = (await licences.forRequester(actor.id)).find((r) => r.request.videoId === id);
      const accepted = await licences.hasAccepted(id, actor.id);
      return { licence: video.licence, myRequest: mine ? toRequest(mine, mine.request.licence) : null, canDownload: mayDownload(actor, video, accepted) };
    },

    async request(actor: VideoActor, id: string, input: LicenceRequestInput): Promise<{ id: number }> {
      const fields = licenceRequestInputSchema.parse(input);
      const video = await watchable(actor, id);
      if (video.ownerId === actor.id) throw new AppError('LICENCE_OWN_VIDEO');
      if (await licences.pendingOf(id, actor.id)) throw new AppError('LICENCE_ALREADY_REQUESTED');
      const requestId = await licences.create({ videoId: id, requesterId: actor.id, licence: video.licence, ...fields });
      const requester = (await videos.userName(actor.id)) || actor.email;
      await notifier.notify(video.ownerId, 'licence_requested', { requester, title: video.title || video.fileName }, '/analytics/content#licences');
      return { id: requestId };
    },

    /** Accept with terms, or decline; the requester is told either way. Someone else's request is a 401. */
    async decide(actor: VideoActor, requestId: number, input: LicenceDecision): Promise<void> {
      const decision = licenceDecisionSchema.parse(input);
      const request = await licences.find(requestId);
      if (!request) throw new AppError('NO_ACCESS');
      const video = await moderatedVideo(videos, actor, request.videoId);
      const accept = decision.decision === 'accept';
      const answered = await licences.decide(request, { accept, terms: decision.decision === 'accept' ? decision.terms : null }, actor.id, now());
      if (!answered) throw new AppError('LICENCE_ALREADY_DECIDED');
      await notifier.notify(
        request.requesterId,
        'licence_decided',
        { title: video.title || video.fileName, decision: accept ? 'accepted' : 'declined' },
        '/licences',
      );
    },

    /** Requests for my videos (an administrator: for theirs too). */
    async forMyVideos(actor: VideoActor): Promise<{ requests: LicenceRequest[] }> {
      return { requests: listed(await licences.forOwner(actor.id)) };
    },

    async mine(actor: VideoActor): Promise<{ requests: LicenceRequest[] }> {
      return { requests: listed(await licences.forRequester(actor.id)) };
    },

    /** One request, for its requester, the video's owner or an administrator (the printable record). */
    async record(actor: VideoActor, requestId: number): Promise<LicenceRequest> {
      const row = await licences.one(requestId);
      if (!row || (row.request.requesterId !== actor.id && row.ownerId !== actor.id && actor.role !== 'admin')) throw new AppError('NO_ACCESS');
      return toRequest(row, row.request.licence);
    },
  };
}

export type LicencesService = ReturnType<typeof createLicencesService>;
