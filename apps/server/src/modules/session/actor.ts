// The signed-in caller of a route, provided once by an onRequest hook (`request.actor`) instead of each
// route looking up the session itself. Routes that need no session simply do not use it.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionUser } from '@ipsv/contracts/session';
import { AppError } from '../../platform/app-error.js';
import { webHeaders } from './session.http.js';
import type { SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `signedIn`; reading it on a route without that hook is a programming error. */
    actor: SessionUser;
    sessionId: string;
  }
}

const ACTOR = Symbol('actor');
type WithActor = FastifyRequest & { [ACTOR]: SessionUser | null };

/**
 * Once, on the root instance. Reading `request.actor` on a route without the `signedIn` hook is a
 * programming error, and says so instead of handing out a missing user.
 */
export function decorateActor(app: FastifyInstance): void {
  app.decorateRequest(ACTOR, null);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      const actor = (this as WithActor)[ACTOR];
      if (!actor) throw new Error('request.actor read on a route without the signedIn hook');
      return actor;
    },
  });
  app.decorateRequest('sessionId', '');
}

/** An onRequest hook that refuses callers who are not signed in (401) and sets `request.actor`. */
export function signedIn(sessions: SessionService): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const current = await sessions.current(webHeaders(request));
    if (!current) throw new AppError('NOT_SIGNED_IN');
    (request as WithActor)[ACTOR] = current.user;
    request.sessionId = current.sessionId;
  };
}
