// Sessions: sign out here or everywhere, list my sessions, revoke one (another user's is "not found").
import type { ActiveSession } from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import { type AuthResult, type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createAuthSessionsService(toolkit: AuthToolkit, { auth, users }: Pick<AuthServiceDeps, 'auth' | 'users'>) {
  const { call, setCookies } = toolkit;
  return {
    async signOut(caller: Caller): Promise<AuthResult<null>> {
      try {
        const { headers } = await auth.api.signOut({ headers: caller.headers, returnHeaders: true });
        return { value: null, cookies: setCookies(headers) };
      } catch {
        // No session: signing out is still a success, and the cookies are cleared below.
        return { value: null, cookies: [] };
      }
    },

    /** Revokes every session of the user, this one included. */
    async signOutEverywhere(caller: Caller): Promise<AuthResult<null>> {
      await call(() => auth.api.revokeSessions({ headers: caller.headers }));
      return this.signOut(caller);
    },

    async listSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await users.sessionsOf(userId);
      return rows
        .filter((row) => row.expiresAt > new Date())
        .map((row) => ({
          id: row.id,
          current: row.id === currentSessionId,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
        }));
    },

    async revokeSession(userId: string, sessionId: string): Promise<void> {
      // The repository only deletes sessions of this user: another user's id is "not found".
      if (!(await users.deleteSession(userId, sessionId))) throw new AppError('SESSION_NOT_FOUND');
    },
  };
}
export type AuthSessionsService = ReturnType<typeof createAuthSessionsService>;
