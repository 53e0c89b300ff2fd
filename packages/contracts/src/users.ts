// Roles, profiles and terms acceptance (spec sections 3 "User and profile" and 6).
import { z } from 'zod';

/** viewer: watches; provider: may upload; support: answers chat; admin: manages users. */
export const ROLES = ['viewer', 'provider', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'viewer';

/** Bump when the terms change: every user is asked to accept the new version. */
export const TERMS_VERSION = '2026-11-23';

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_PICTURE_SIZE = 256;
export const PROFILE_PICTURE_TOO_LARGE_MESSAGE = 'The picture must be at most 5 MB';
export const PROFILE_PICTURE_TYPE_MESSAGE = 'The picture must be a PNG, JPEG or WebP image';

const nameField = z.string().trim().min(1, 'This field is required').max(100);

export const BIOGRAPHY_MAX = 1000;
const PROFILE_LINK_MESSAGE = 'Please enter a valid link (https://…)';
const line = z.string().trim().max(100);
const link = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+/i.test(s), PROFILE_LINK_MESSAGE);
const detailFields = {
  middleName: line,
  nickname: line,
  preferredUsername: line,
  website: link,
  profile: link,
  specialty: line,
  biography: z.string().trim().max(BIOGRAPHY_MAX),
};

/**
 * The optional profile fields of spec section 2 ("Middle Name, Nickname, Preferred Username,
 * Profile, Website"), and the provider page's specialty and short biography.
 */
export const profileDetailsSchema = z.object(detailFields);
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  /** URL of the picture, or null for the default picture. */
  pictureUrl: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  termsAccepted: z.boolean(),
  termsAcceptedVersion: z.string().nullable(),
  providerRequest: z.enum(['none', 'pending', 'rejected']),
  details: profileDetailsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const publicProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  pictureUrl: z.string().nullable(),
  details: profileDetailsSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Names are required; each optional field is changed only when sent. */
export const updateProfileBodySchema = z.object({ firstName: nameField, lastName: nameField }).extend(profileDetailsSchema.partial().shape);
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export const acceptTermsBodySchema = z.object({ version: z.string().min(1).max(40) });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  providerRequest: z.enum(['none', 'pending', 'rejected']),
  /** Disabled by an administrator: no sign-in, no session. */
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  pendingOnly: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const setRoleBodySchema = z.object({ role: z.enum(ROLES) });
export const decideProviderRequestBodySchema = z.object({ approve: z.boolean() });
export const setDisabledBodySchema = z.object({ disabled: z.boolean() });
export const createUserBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,3}$/, 'Please enter a valid email')
    .transform((value) => value.toLowerCase()),
  firstName: nameField,
  lastName: nameField,
  role: z.enum(ROLES),
  language: z.string().max(10).optional(),
});
