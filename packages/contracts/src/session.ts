// The current visitor's session as the web app sees it. `user` stays null until accounts exist.
import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
