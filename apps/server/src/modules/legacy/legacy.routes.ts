// The spec's calls for existing clients (spec section 7, DESIGN.md section 4): `POST
// /api/legacy/<call>` with the spec's payload and response fields, signed in by the session like
// every other call, and answered by the same services — so the same permissions, validation and
// error texts (section 8) apply. `emailId`, where a call carries one, must be the caller's own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LEGACY_PREFIX, legacyPayloads, type LegacyCall } from '@ipsv/contracts/legacy';
import { TERMS_VERSION } from '@ipsv/contracts/users';
import { AppError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SurgeryTypesRepository } from '../surgery-types/surgery-types.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { SearchService } from '../search/search.service.js';
import type { NotesService } from '../watching/notes.service.js';
import type { WatchPageService } from '../watching/watch-page.service.js';

export interface LegacyDeps {
  sessions: SessionService;
  surgeryTypes: SurgeryTypesRepository;
  users: UsersService;
  notifications: NotificationsService;
  page: WatchPageService;
  notes: NotesService;
  search: SearchService;
}

type Actor = FastifyRequest['actor'];
type Handler<C extends LegacyCall> = (actor: Actor, body: z.infer<(typeof legacyPayloads)[C]>) => Promise<unknown>;

/** A call about "my" account names me: anyone else's address is refused as on the REST API. */
function requireSelf(actor: Actor, emailId: string | undefined) {
  if (emailId !== undefined && emailId !== actor.email.toLowerCase()) throw new AppError('OWN_PROFILE_ONLY');
}

/** `videos/<id>/...` (a storage address of the spec's clients) or a bare video id → the id. */
const videoIdOf = (address: string) => /^(?:\/?videos\/)?([0-9a-f-]{36})(?:\/.*)?$/i.exec(address)?.[1];

export function legacyRoutes(deps: LegacyDeps): FastifyPluginAsyncZod {
  const requireSignedIn = signedIn(deps.sessions);
  const handlers: { [C in LegacyCall]: Handler<C> } = {
    'get-surgery-types': async () => ({ surgeryTypesList: await deps.surgeryTypes.listAll() }),

    get_presigned_url: async (actor, { s3_url }) => {
      const videoId = videoIdOf(s3_url);
      if (!videoId) throw new AppError('MEDIA_NOT_FOUND');
      // The published, de-identified stream of a video the caller may watch (401 otherwise).
      const page = await deps.page.page(actor, videoId);
      return { body: { presigned_url: page.playback.hls, expires_at: page.playback.expiresAt } };
    },

    'set-user-details': async (actor, { emailId, firstName, lastName }) => {
      requireSelf(actor, emailId);
      return deps.users.updateProfile(actor, actor.id, { firstName, lastName });
    },

    'update-notification-status': async (actor, body) => {
      await deps.notifications.updateStatus(actor, body);
      return { status: 200 };
    },

    'list-user-notifications': async (actor, { pageNumber, pageSize }) => ({ status: 200, data: await deps.notifications.list(actor, pageNumber, pageSize) }),

    'get-user-details': async (actor, { emailId }) => {
      requireSelf(actor, emailId);
      const profile = await deps.users.profile(actor);
      return { termsAccepted: profile.termsAccepted, profileDetails: { userid: profile.id, ...profile, profilePicture: profile.pictureUrl } };
    },

    'update-user-profile-picture-url': async (actor, { emailId, profilePictureUrl }) => {
      requireSelf(actor, emailId);
      // Pictures are uploaded to us (PUT /api/users/:id/picture); a client may confirm that one or
      // remove it, never point the profile at an outside address.
      const profile = await deps.users.profile(actor);
      if (profilePictureUrl === null) return deps.users.removePicture(actor, actor.id);
      if (profilePictureUrl !== profile.pictureUrl) throw new AppError('PICTURE_URL_NOT_OURS');
      return profile;
    },

    'accept-user-terms': async (actor, { emailId }) => {
      requireSelf(actor, emailId);
      const profile = await deps.users.acceptTerms(actor, TERMS_VERSION);
      return { termsAccepted: profile.termsAccepted };
    },

    'video-details': async (actor, { videoId, emailId }) => {
      requireSelf(actor, emailId);
      const page = await deps.page.page(actor, videoId);
      return {
        status: 200,
        ...page.video,
        segments: page.segments.map((segment) => ({ ...segment, startTime: segment.start, endTime: segment.end })),
        bucket: 'published',
        s3Url: page.playback.hls,
        playback: page.playback,
      };
    },

    'video-by-ids': async (actor, { ids }) => ({ status: 200, result: await deps.search.byIds(actor, ids) }),

    'search-videos': async (actor, query) => {
      const found = await deps.search.search(actor, query);
      return { status: 200, ...found, result: found.results };
    },

    'process-note': async (actor, { note }) => {
      if (note.action === 'delete') {
        await deps.notes.remove(actor, note.id);
        return { status: 200 };
      }
      if (note.action === 'update') return { status: 200, note: await deps.notes.update(actor, note.id, { time: note.time, text: note.text }) };
      return { status: 200, note: await deps.notes.create(actor, note.videoId, { time: note.time, text: note.text }) };
    },
  };

  return async (app) => {
    for (const call of Object.keys(handlers) as LegacyCall[]) {
      app.post(
        `${LEGACY_PREFIX}/${call}`,
        { onRequest: requireSignedIn, schema: { tags: ['legacy'], summary: `The spec's ${call} call`, body: legacyPayloads[call] } },
        async (request) => (handlers[call] as Handler<LegacyCall>)(request.actor, request.body as never),
      );
    }
  };
}
