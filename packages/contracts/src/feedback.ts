// Feedback to the platform team (/analytics/sendfeedback): a category, a message and optionally the
// page it is about; administrators read and answer it at /admin/feedback and the sender sees the answer.
import { z } from 'zod';

export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'content', 'privacy', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_MAX = 5000;
export const FEEDBACK_PAGE_MAX = 500;
export const FEEDBACK_PAGE_SIZE = 20;
export const FEEDBACK_MESSAGE_MESSAGE = `Write a message of 1 to ${FEEDBACK_MAX.toLocaleString('en-US')} characters`;
export const FEEDBACK_PAGE_MESSAGE = 'Enter a page of this site, such as /video-search, or its full address';

export const feedbackInputSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string().trim().min(1, FEEDBACK_MESSAGE_MESSAGE).max(FEEDBACK_MAX, FEEDBACK_MESSAGE_MESSAGE),
  page: z
    .string()
    .trim()
    .max(FEEDBACK_PAGE_MAX, FEEDBACK_PAGE_MESSAGE)
    .regex(/^(\/[^\s]*|https?:\/\/[^\s]+)?$/, FEEDBACK_PAGE_MESSAGE)
    .optional()
    .transform((page) => page || null),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
export type FeedbackSubmission = z.output<typeof feedbackInputSchema>;

export const feedbackAnswerSchema = z.object({
  answer: z.string().trim().min(1, FEEDBACK_MESSAGE_MESSAGE).max(FEEDBACK_MAX, FEEDBACK_MESSAGE_MESSAGE),
});

export const feedbackIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const feedbackSchema = z.object({
  id: z.number(),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  page: z.string().nullable(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Shown to administrators only (null in the sender's own list). */
  sender: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListSchema = z.object({ items: z.array(feedbackSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

export const adminFeedbackQuerySchema = z.object({
  open: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
