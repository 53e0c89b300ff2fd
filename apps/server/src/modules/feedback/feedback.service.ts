// Feedback to the platform team: anyone signed in sends it and reads their own with its answer;
// administrators read everyone's and answer (the sender is told: notification 'feedback_answered').
import { FEEDBACK_PAGE_SIZE, type Feedback, type FeedbackCategory, type FeedbackList, type FeedbackSubmission } from '@ipsv/contracts/feedback';
import { AppError } from '../../platform/app-error.js';
import type { Notifier } from '../notifications/notifier.js';
import type { VideoActor } from '../videos/video-access.js';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository.js';

type Listed = FeedbackRow & { senderName: string; senderEmail: string };

const toFeedback = (row: Listed, withSender: boolean): Feedback => ({
  id: row.id,
  category: row.category as FeedbackCategory,
  message: row.message,
  page: row.page,
  createdAt: row.createdAt.toISOString(),
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
  sender: withSender ? { name: row.senderName, email: row.senderEmail } : null,
});

export function createFeedbackService(deps: { feedback: FeedbackRepository; notifier: Pick<Notifier, 'notify'>; clock?: () => Date }) {
  const { feedback, notifier } = deps;
  const now = deps.clock ?? (() => new Date());
  const adminOnly = (actor: VideoActor) => {
    if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
  };
  return {
    /** `input` as the contracts schema parsed it at the edge (trimmed; an empty page is null). */
    async send(actor: VideoActor, input: FeedbackSubmission): Promise<{ id: number }> {
      const row = await feedback.create({ userId: actor.id, ...input });
      return { id: row.id };
    },
    async mine(actor: VideoActor, page: number): Promise<FeedbackList> {
      const { rows, total } = await feedback.ofUser(actor.id, (page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE);
      return { items: rows.map((r) => toFeedback(r, false)), total, page, pageSize: FEEDBACK_PAGE_SIZE };
    },
    async all(actor: VideoActor, open: boolean | undefined, page: number): Promise<FeedbackList> {
      adminOnly(actor);
      const { rows, total } = await feedback.all(open, (page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE);
      return { items: rows.map((r) => toFeedback(r, true)), total, page, pageSize: FEEDBACK_PAGE_SIZE };
    },
    async answer(actor: VideoActor, id: number, answer: string): Promise<void> {
      adminOnly(actor);
      const existing = await feedback.find(id);
      if (!existing) throw new AppError('FEEDBACK_NOT_FOUND');
      await feedback.answer(id, answer, actor.id, now());
      await notifier.notify(existing.userId, 'feedback_answered', {}, '/analytics/sendfeedback');
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
