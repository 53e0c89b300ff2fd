// Drizzle schema: the single source for migrations (drizzle-kit generate) and typed queries.
import { bigserial, boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SURGERY_TYPE_KINDS } from '@ipsv/contracts/surgery-types';
import { ROLES } from '@ipsv/contracts/users';

export const surgeryTypeKind = pgEnum('surgery_type_kind', SURGERY_TYPE_KINDS);

export const surgeryTypes = pgTable('surgery_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: surgeryTypeKind('kind').notNull(),
  /** Display order; the spec lists the ids out of numeric order. */
  position: integer('position').notNull(),
});

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    /** Set once accounts exist; null for visitors who are not signed in. */
    userId: text('user_id'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_viewed_at_idx').on(table.viewedAt), index('page_views_path_idx').on(table.path)],
);

// ---- Accounts. The first four tables (and two_factors) follow better-auth's model: property names
// are the library's field names, columns are ours.

export const role = pgEnum('role', ROLES);
export const registration = pgEnum('registration', ['self', 'admin', 'federated']);
export const providerRequest = pgEnum('provider_request', ['none', 'pending', 'rejected']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** better-auth's display name: "first last", kept in step with the two fields below. */
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phoneNumber: text('phone_number'),
  language: text('language'),
  role: role('role').notNull().default('viewer'),
  /** How the account began: self sign-up must confirm its email before signing in. */
  registration: registration('registration').notNull().default('self'),
  /** Set for accounts an admin created with a temporary password (spec: forced new password). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  termsVersion: text('terms_version'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  pictureKey: text('picture_key'),
  providerRequest: providerRequest('provider_request').notNull().default('none'),
  providerRequestedAt: timestamp('provider_requested_at', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factors_user_id_idx').on(table.userId), index('two_factors_secret_idx').on(table.secret)],
);

/** Fixed-window counters for rate limits shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key] }), index('rate_limits_window_idx').on(table.windowStart)],
);

/** Secrets every process must share (the auth signing secret), created once on first start. */
export const appSecrets = pgTable(
  'app_secrets',
  { name: text('name').notNull(), value: text('value').notNull(), createdAt: createdAt() },
  (table) => [uniqueIndex('app_secrets_name_idx').on(table.name)],
);
