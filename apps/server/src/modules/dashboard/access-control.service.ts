// /analytics/whitelist: who may watch each of the caller's videos. A video's own list of emails and
// @domains, the named lists it uses (a list's change reaches every video using it), and the access
// requests viewers sent: Grant (optionally until a date) or Deny, recorded and told to the
// requester. Only the owner and administrators see or change any of it; others get 401.
import type { AccessDecision, AccessListInput, AccessOverview, VideoAccessInput } from '@ipsv/contracts/dashboard';
import { accessListInputSchema, GRANT_UNTIL_PAST_MESSAGE, videoAccessInputSchema } from '@ipsv/contracts/dashboard';
import { AppError, validationError } from '../../platform/app-error.js';
import type { Notifier } from '../notifications/notifier.js';
import { moderatedVideo, type VideoActor } from '../videos/video-access.js';
import type { VideosRepository } from '../videos/videos.repository.js';
import type { DashboardRepository } from './dashboard.repository.js';

export function createAccessControlService(deps: {
  dashboard: DashboardRepository;
  videos: Pick<VideosRepository, 'find'>;
  notifier: Pick<Notifier, 'notify'>;
  clock?: () => Date;
}) {
  const { dashboard, videos, notifier } = deps;
  const now = deps.clock ?? (() => new Date());

  /** A named list is its owner's alone: to anyone else it does not exist. */
  const ownList = async (actor: VideoActor, id: string) => {
    const list = await dashboard.findList(id);
    if (!list || list.ownerId !== actor.id) throw new AppError('ACCESS_LIST_NOT_FOUND');
    return list;
  };

  return {
    async overview(actor: VideoActor): Promise<AccessOverview> {
      const [own, lists, requests] = await Promise.all([dashboard.ownerVideos(actor.id), dashboard.listsOf(actor.id), dashboard.requestsFor(actor.id)]);
      return {
        videos: own.map((v) => ({
          id: v.id,
          title: v.title || v.fileName,
          visibility: v.visibility,
          whitelist: v.whitelist,
          listIds: v.listIds,
          grants: v.accessGrants,
        })),
        lists: lists.map((l) => ({ id: l.id, name: l.name, entries: l.entries, videoIds: l.videoIds })),
        requests: requests.map((r) => ({
          id: r.id,
          videoId: r.videoId,
          videoTitle: r.videoTitle,
          requester: { id: r.requesterId, name: r.requesterName, email: r.requesterEmail },
          message: r.message,
          createdAt: r.createdAt.toISOString(),
          status: r.status,
          decidedAt: r.decidedAt?.toISOString() ?? null,
          grantedUntil: r.grantedUntil?.toISOString() ?? null,
        })),
      };
    },

    async setVideoAccess(actor: VideoActor, videoId: string, input: VideoAccessInput): Promise<void> {
      const video = await moderatedVideo(videos, actor, videoId);
      const parsed = videoAccessInputSchema.parse(input);
      // The lists must be the video owner's own (an administrator may only pick the owner's lists).
      for (const listId of parsed.listIds) {
        const list = await dashboard.findList(listId);
        if (!list || list.ownerId !== video.ownerId) throw new AppError('ACCESS_LIST_NOT_FOUND');
      }
      await dashboard.setVideoAccess(video, parsed, actor.id);
    },

    async revokeGrant(actor: VideoActor, videoId: string, email: string): Promise<void> {
      const video = await moderatedVideo(videos, actor, videoId);
      await dashboard.revokeGrant(video.id, email.toLowerCase(), actor.id);
    },

    async createList(actor: VideoActor, input: AccessListInput): Promise<{ id: string }> {
      const parsed = accessListInputSchema.parse(input);
      if (await dashboard.listNameTaken(actor.id, parsed.name)) throw new AppError('ACCESS_LIST_NAME_TAKEN');
      const row = await dashboard.createList(actor.id, parsed, actor.id);
      return { id: row.id };
    },

    async updateList(actor: VideoActor, id: string, input: AccessListInput): Promise<void> {
      await ownList(actor, id);
      const parsed = accessListInputSchema.parse(input);
      if (await dashboard.listNameTaken(actor.id, parsed.name, id)) throw new AppError('ACCESS_LIST_NAME_TAKEN');
      await dashboard.updateList(id, parsed, actor.id);
    },

    async deleteList(actor: VideoActor, id: string): Promise<void> {
      await ownList(actor, id);
      await dashboard.deleteList(id, actor.id);
    },

    /** Grant or Deny; the requester is told either way. A request of someone else's video is a 401. */
    async decide(actor: VideoActor, requestId: number, decision: AccessDecision): Promise<void> {
      const request = await dashboard.findRequest(requestId);
      if (!request) throw new AppError('NO_ACCESS');
      const video = await moderatedVideo(videos, actor, request.videoId);
      const until = decision.decision === 'grant' && decision.until ? new Date(decision.until) : null;
      if (until && until.getTime() <= now().getTime()) throw validationError(GRANT_UNTIL_PAST_MESSAGE, 'until', 'grantUntilPast');
      const answered = await dashboard.decideRequest(request, { grant: decision.decision === 'grant', until }, actor.id, now());
      if (!answered) throw new AppError('REQUEST_ALREADY_DECIDED');
      await notifier.notify(
        request.requesterId,
        'access_decided',
        { title: video.title || video.fileName, decision: decision.decision === 'grant' ? 'granted' : 'denied' },
        decision.decision === 'grant' ? `/video/${video.id}` : '/',
      );
    },
  };
}

export type AccessControlService = ReturnType<typeof createAccessControlService>;
