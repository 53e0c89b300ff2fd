// SQL for support conversations, their messages and who of the support team is online. Never
// decides permissions.
import { and, asc, count, desc, eq, gt, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { chatConversations, chatMessages, supportPresence, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationPatch = Partial<Omit<typeof chatConversations.$inferInsert, 'id'>>;

/** How long a support person stays "online" after the console's last sign of life. */
export const PRESENCE_SECONDS = 45;

export function createChatRepository(db: Db) {
  const messagesAfter = (conversationId: number, after?: number) =>
    db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), after ? gt(chatMessages.id, after) : undefined))
      .orderBy(asc(chatMessages.id))
      .limit(500);

  return {
    async byUser(userId: string): Promise<ConversationRow | null> {
      const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId));
      return row ?? null;
    },

    async byVisitor(visitorId: string): Promise<ConversationRow | null> {
      const [row] = await db.select().from(chatConversations).where(eq(chatConversations.visitorId, visitorId));
      return row ?? null;
    },

    async byId(id: number): Promise<ConversationRow | null> {
      const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
      return row ?? null;
    },

    async create(
      values: Pick<typeof chatConversations.$inferInsert, 'userId' | 'visitorId' | 'visitorSecretHash' | 'page' | 'language'>,
    ): Promise<ConversationRow> {
      const [row] = await db.insert(chatConversations).values(values).returning();
      return row!;
    },

    async update(id: number, patch: ConversationPatch): Promise<ConversationRow | null> {
      const [row] = await db.update(chatConversations).set(patch).where(eq(chatConversations.id, id)).returning();
      return row ?? null;
    },

    async addMessage(conversationId: number, message: { fromSupport: boolean; authorId: string | null; text: string }): Promise<MessageRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({ conversationId, ...message })
          .returning();
        await tx
          .update(chatConversations)
          .set({
            lastMessageAt: row!.createdAt,
            ...(message.fromSupport ? { supportTypingAt: null } : { lastVisitorMessageAt: row!.createdAt, visitorTypingAt: null, status: 'open' }),
          })
          .where(eq(chatConversations.id, conversationId));
        return row!;
      });
    },

    messages: messagesAfter,

    /** Moves an anonymous conversation's messages into another (a visitor who signed in), then removes it. */
    async mergeInto(from: number, into: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(chatMessages).set({ conversationId: into }).where(eq(chatMessages.conversationId, from));
        await tx.delete(chatConversations).where(eq(chatConversations.id, from));
      });
    },

    /** Support messages after the visitor last read the conversation. */
    async unreadForVisitor(conversation: ConversationRow): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversation.id),
            eq(chatMessages.fromSupport, true),
            conversation.visitorReadAt ? gt(chatMessages.createdAt, conversation.visitorReadAt) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    /** The console's list: conversations with their visitor, claimer, last message and unread count. */
    async list(filter: { status?: string; search?: string; id?: number }, offset: number, limit: number) {
      const conditions: SQL[] = [];
      if (filter.id !== undefined) conditions.push(eq(chatConversations.id, filter.id));
      if (filter.status) conditions.push(eq(chatConversations.status, filter.status));
      if (filter.search) {
        const like = `%${filter.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(users.email, like),
            ilike(users.firstName, like),
            ilike(users.lastName, like),
            ilike(chatConversations.visitorId, like),
            sql`exists (select 1 from chat_messages m where m.conversation_id = ${chatConversations.id} and m.text ilike ${like})`,
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const claimer = sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${chatConversations.claimedBy})`;
      const rows = await db
        .select({
          conversation: chatConversations,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          claimerName: claimer,
          lastMessage: sql<string>`coalesce((select m.text from chat_messages m where m.conversation_id = ${chatConversations.id} order by m.id desc limit 1), '')`,
          unread:
            sql<number>`(select count(*) from chat_messages m where m.conversation_id = ${chatConversations.id} and not m.from_support and (${chatConversations.supportReadAt} is null or m.created_at > ${chatConversations.supportReadAt}))`.mapWith(
              Number,
            ),
        })
        .from(chatConversations)
        .leftJoin(users, eq(users.id, chatConversations.userId))
        .where(where)
        .orderBy(desc(chatConversations.lastMessageAt))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(chatConversations).leftJoin(users, eq(users.id, chatConversations.userId)).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async visitorUser(userId: string): Promise<{ email: string; firstName: string; lastName: string } | null> {
      const [row] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async userName(userId: string): Promise<string> {
      const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row ? `${row.firstName} ${row.lastName}`.trim() : '';
    },

    async markPresence(userId: string, connection: string): Promise<void> {
      await db
        .insert(supportPresence)
        .values({ userId, connection })
        .onConflictDoUpdate({ target: [supportPresence.userId, supportPresence.connection], set: { seenAt: sql`now()` } });
    },

    async clearPresence(userId: string, connection: string): Promise<void> {
      await db.delete(supportPresence).where(and(eq(supportPresence.userId, userId), eq(supportPresence.connection, connection)));
    },

    async supportOnline(): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(supportPresence)
        .where(gt(supportPresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_SECONDS})`));
      return (row?.n ?? 0) > 0;
    },

    /**
     * Counts one new conversation against the offline notices of the current period (one row of
     * rate_limits, counted in one statement so parallel chats cannot both be first).
     */
    async countOfflineNotice(periodSeconds: number): Promise<{ count: number; periodStart: Date; secondsLeft: number }> {
      const result = await db.execute<{ count: number; window_start: string; seconds_left: number }>(sql`
        INSERT INTO rate_limits (key, window_start, count) VALUES ('chat-offline-notice', now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${periodSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${periodSeconds}) THEN now() ELSE rate_limits.window_start END
        RETURNING count, window_start::text, extract(epoch from (window_start + make_interval(secs => ${periodSeconds}) - now()))::float AS seconds_left`);
      const row = result.rows[0]!;
      return { count: Number(row.count), periodStart: new Date(row.window_start), secondsLeft: Math.max(0, Number(row.seconds_left)) };
    },

    /** Open conversations started from `since` on that nobody of the support team has answered yet. */
    async unansweredSince(since: Date): Promise<{ id: number; visitorId: string | null; userId: string | null }[]> {
      return db
        .select({ id: chatConversations.id, visitorId: chatConversations.visitorId, userId: chatConversations.userId })
        .from(chatConversations)
        .where(
          and(
            eq(chatConversations.status, 'open'),
            sql`${chatConversations.createdAt} >= ${since.toISOString()}::timestamptz`,
            sql`NOT EXISTS (SELECT 1 FROM ${chatMessages} m WHERE m.conversation_id = ${chatConversations.id} AND m.from_support)`,
          ),
        )
        .orderBy(asc(chatConversations.id))
        .limit(200);
    },

    /** Anonymous conversations quiet since `before` go (expiry), and stale presence rows with them. */
    async deleteAnonymousBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(chatConversations)
        .where(and(isNull(chatConversations.userId), lt(chatConversations.lastMessageAt, before)))
        .returning({ id: chatConversations.id });
      await db.delete(supportPresence).where(lt(supportPresence.seenAt, sql`now() - interval '1 day'`));
      return rows.length;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
