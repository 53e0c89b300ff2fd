// Who is asking. Accounts (better-auth) will resolve the session cookie here; until then every
// request is from a visitor who is not signed in.
import type { SessionUser } from '@ipsv/contracts/session';

export interface SessionService {
  currentUser(headers: Record<string, string | string[] | undefined>): Promise<SessionUser | null>;
  /** Ends the caller's session; ending a session that does not exist is not an error. */
  signOut(headers: Record<string, string | string[] | undefined>): Promise<void>;
}

export function createAnonymousSessionService(): SessionService {
  return {
    async currentUser() {
      return null;
    },
    async signOut() {
      // Nobody can be signed in yet, so there is nothing to end.
    },
  };
}
