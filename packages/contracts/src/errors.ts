// Machine-readable error codes and the one JSON error body every API failure uses.
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Spec section 8: any unexpected failure is reported to the user with this text. */
export const INTERNAL_ERROR_MESSAGE = 'internal server error';
/** Spec section 8: video details answered 401. */
export const NO_VIDEO_ACCESS_MESSAGE = 'you do not have access to this video';
/** Only the owner confirms a privacy review or edits a video; administrators moderate (DESIGN.md section 6). */
export const OWNER_ONLY_MESSAGE = 'Only the owner of this video can do this.';
export const ADMIN_ONLY_MESSAGE = 'Only an administrator can do this.';
