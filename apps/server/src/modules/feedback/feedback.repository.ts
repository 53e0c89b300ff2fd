// SQL for feedback to the platform team. Never decides permissions.
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { feedback, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export type FeedbackRow = typeof feedback.$inferSelect;

export function createFeedbackRepository(db: Db) {
  const page = async (where: SQL | undefined, offset: number, limit: number) => {
    const rows = await db
      .select({ row: feedback, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(feedback).where(where);
    return { rows: rows.map((r) => ({ ...r.row, senderName: `${r.firstName} ${r.lastName}`.trim(), senderEmail: r.email })), total: total?.n ?? 0 };
  };
  return {
    async create(values: { userId: string; category: string; message: string; page: string | null }): Promise<FeedbackRow> {
      const [row] = await db.insert(feedback).values(values).returning();
      return row!;
    },
    async find(id: number): Promise<FeedbackRow | null> {
      const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
      return row ?? null;
    },
    ofUser: (userId: string, offset: number, limit: number) => page(eq(feedback.userId, userId), offset, limit),
    all: (open: boolean | undefined, offset: number, limit: number) =>
      page(open === undefined ? undefined : open ? isNull(feedback.answeredAt) : isNotNull(feedback.answeredAt), offset, limit),
    async answer(id: number, answer: string, by: string, at: Date): Promise<FeedbackRow | null> {
      const [row] = await db
        .update(feedback)
        .set({ answer, answeredBy: by, answeredAt: at })
        .where(and(eq(feedback.id, id)))
        .returning();
      return row ?? null;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
