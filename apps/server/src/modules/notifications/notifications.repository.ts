// SQL for notifications and the users' email choices. Never decides permissions.
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';
import type { Role } from '@ipsv/contracts/users';

export type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationsRepository(db: Db) {
  return {
    async create(values: Pick<typeof notifications.$inferInsert, 'userId' | 'type' | 'params' | 'link'>): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },

    async page(userId: string, offset: number, limit: number): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .offset(offset)
        .limit(limit);
      const [counts] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
    },

    /** Marks one of the user's notifications read; false when it is not theirs (or gone). */
    async markRead(userId: string, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    },

    async preferences(userId: string): Promise<Record<string, string>> {
      const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      return Object.fromEntries(rows.map((row) => [row.type, row.email]));
    },

    async setPreferences(userId: string, choices: Record<string, string>): Promise<void> {
      const entries = Object.entries(choices);
      if (entries.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(entries.map(([type, email]) => ({ userId, type, email })))
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.type], set: { email: sql`excluded.email` } });
    },

    async markEmailed(ids: number[]): Promise<void> {
      if (ids.length)
        await db
          .update(notifications)
          .set({ emailedAt: sql`now()` })
          .where(inArray(notifications.id, ids));
    },

    /** Unread notifications not emailed yet, with their recipient and the recipient's email choice for the type. */
    async unsent(): Promise<
      { notification: NotificationRow; choice: string | null; recipient: { email: string; firstName: string; language: string | null; role: string } }[]
    > {
      const rows = await db
        .select({
          notification: notifications,
          choice: notificationPreferences.email,
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          role: users.role,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, notifications.userId), eq(notificationPreferences.type, notifications.type)))
        .where(and(isNull(notifications.emailedAt), isNull(notifications.readAt)))
        .orderBy(notifications.userId, notifications.createdAt);
      return rows.map(({ notification, choice, email, firstName, language, role }) => ({
        notification,
        choice,
        recipient: { email, firstName, language, role },
      }));
    },

    /** Read notifications older than `before` go (configurable retention). */
    async deleteReadBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(and(isNotNull(notifications.readAt), lt(notifications.readAt, before)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async recipient(userId: string): Promise<{ email: string; firstName: string; language: string | null; role: string } | null> {
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName, language: users.language, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async usersWithRole(roles: Role[]): Promise<{ id: string; email: string; firstName: string; language: string | null }[]> {
      return db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(inArray(users.role, roles));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
