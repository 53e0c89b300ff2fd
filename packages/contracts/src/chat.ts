// The support chat (spec section 2 "Chat widget", section 3 "Chat message", section 4 "Chat",
// section 5 "Chat", section 9 "Chat polling 3000 ms"; DESIGN.md: a built-in support inbox instead of
// an outside messenger). Visitors who are not signed in are known by a random anonymous id kept in
// their browser (no fingerprinting).
import { z } from 'zod';

export const CHAT_POLL_MS = 3000;
export const CHAT_MESSAGE_MAX = 2000;
/** Spec section 9: component ids are 12 characters; the anonymous visitor id is one. */
export const CHAT_VISITOR_ID_LENGTH = 12;
export const CHAT_WELCOME_MESSAGE = 'Hi! How can we help you today?';
export const CHAT_SEND_ERROR_MESSAGE = 'Sorry, there was an error sending your message. Please try again.';
export const CHAT_EMPTY_MESSAGE = 'Write a message first.';
export const CHAT_TOO_LONG_MESSAGE = `A message may have at most ${CHAT_MESSAGE_MAX} characters.`;

/** The visitor's id and secret (both random, kept in the browser's local storage). */
export const chatVisitorSchema = z.object({
  id: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${CHAT_VISITOR_ID_LENGTH}}$`)),
  secret: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/),
});
export type ChatVisitor = z.infer<typeof chatVisitorSchema>;

export const chatTextSchema = z
  .string()
  .max(CHAT_MESSAGE_MAX, CHAT_TOO_LONG_MESSAGE)
  .refine((text) => text.trim().length > 0, CHAT_EMPTY_MESSAGE);

export const chatMessageSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Spec: isUser — true for the visitor's own messages. */
  isUser: z.boolean(),
  /** ISO date-time. */
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;

/** What the visitor's widget shows. */
export const visitorConversationSchema = z.object({
  id: z.string().nullable(),
  messages: z.array(chatMessageSchema),
  /** Support messages the visitor has not seen yet (the toggle button's badge). */
  unread: z.number(),
  /** Online when at least one support person is connected. */
  online: z.boolean(),
  supportTyping: z.boolean(),
});
export type VisitorConversation = z.infer<typeof visitorConversationSchema>;

export const sendChatMessageSchema = z.object({
  text: chatTextSchema,
  /** The page the visitor is on and their language: context for the support person. */
  page: z.string().max(2048).optional(),
  language: z.string().max(10).optional(),
});

export const chatAfterQuerySchema = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

// ---- The support console

export const supportConversationSchema = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  visitor: z.object({
    kind: z.enum(['user', 'anonymous']),
    /** The user's name and email, or the anonymous id. */
    name: z.string(),
    email: z.string().nullable(),
    page: z.string().nullable(),
    language: z.string().nullable(),
  }),
  claimedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  /** Visitor messages no support person has read yet. */
  unread: z.number(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const supportConversationListSchema = z.object({ conversations: z.array(supportConversationSchema), total: z.number() });
export type SupportConversationList = z.infer<typeof supportConversationListSchema>;

export const supportConversationDetailSchema = supportConversationSchema.extend({
  messages: z.array(chatMessageSchema.extend({ author: z.string() })),
  visitorTyping: z.boolean(),
});
export type SupportConversationDetail = z.infer<typeof supportConversationDetailSchema>;

export const supportConversationQuerySchema = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const supportReplySchema = z.object({ text: chatTextSchema });
export const conversationStatusSchema = z.object({ status: z.enum(CONVERSATION_STATUSES) });
