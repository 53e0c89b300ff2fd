// Who is asking: the better-auth session behind the request's cookie, as the user the web app and
// the other services see.
import type { SessionUser } from '@ipsv/contracts/session';
import { TERMS_VERSION, type Role } from '@ipsv/contracts/users';
import type { Auth } from '../../platform/auth/auth.js';
import { isDatabaseUnavailable } from '../../platform/http/http-errors.js';
import { pictureUrl } from '../users/users.service.js';

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionService {
  current(headers: Headers): Promise<CurrentSession | null>;
}

export function createSessionService(auth: Auth): SessionService {
  return {
    async current(headers) {
      // A session that cannot be read is "not signed in", but an unreachable database is not:
      // that is a 503 for the caller, not a redirect to the sign-in page.
      const result = await auth.api.getSession({ headers }).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      });
      // A disabled account's sessions are deleted with it; one created in the same moment is not honoured.
      if (!result || result.user.disabledAt) return null;
      const { user, session } = result;
      return {
        sessionId: session.id,
        expiresAt: new Date(session.expiresAt),
        user: {
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
          role: (user.role ?? 'viewer') as Role,
          termsAccepted: user.termsVersion === TERMS_VERSION,
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          pictureUrl: pictureUrl(user.id, user.pictureKey ?? null),
        },
      };
    },
  };
}
