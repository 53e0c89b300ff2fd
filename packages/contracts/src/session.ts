// The current visitor's session as the web app sees it: null when nobody is signed in.
import { z } from 'zod';
import { ROLES } from './users';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  /** False until the current terms version is accepted (the guard then shows /terms). */
  termsAccepted: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** The profile picture, or null for the default picture. */
  pictureUrl: z.string().nullable(),
});
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
