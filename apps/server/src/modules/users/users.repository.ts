// SQL for user rows beyond what better-auth reads and writes itself. Never decides permissions.
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Role } from '@ipsv/contracts/users';
import { accounts, sessions, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async credentialPasswordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? null;
    },
    async update(
      id: string,
      values: Partial<
        Pick<
          UserRow,
          | 'firstName'
          | 'lastName'
          | 'name'
          | 'role'
          | 'mustChangePassword'
          | 'termsVersion'
          | 'termsAcceptedAt'
          | 'pictureKey'
          | 'providerRequest'
          | 'providerRequestedAt'
          | 'emailVerified'
          | 'registration'
          | 'language'
          | 'middleName'
          | 'nickname'
          | 'preferredUsername'
          | 'website'
          | 'profileUrl'
          | 'specialty'
          | 'biography'
          | 'disabledAt'
        >
      >,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async list(options: { search?: string; pendingOnly?: boolean; offset: number; limit: number }) {
      const filters: SQL[] = [];
      if (options.search) {
        const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const match = or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like));
        if (match) filters.push(match);
      }
      if (options.pendingOnly) filters.push(eq(users.providerRequest, 'pending'));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.providerRequestedAt), asc(users.email))
        .offset(options.offset)
        .limit(options.limit);
      const [total] = await db.select({ value: count() }).from(users).where(where);
      return { rows, total: total?.value ?? 0 };
    },
    /** Enabled accounts of `role`. */
    async countByRole(role: Role): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.role, role), isNull(users.disabledAt)));
      return row?.value ?? 0;
    },
    async sessionsOf(userId: string): Promise<SessionRow[]> {
      return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.updatedAt));
    },
    async deleteSessionsOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
