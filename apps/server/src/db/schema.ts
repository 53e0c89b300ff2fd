// Drizzle schema: the single source for migrations (drizzle-kit generate) and typed queries.
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  customType,
} from 'drizzle-orm/pg-core';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Description } from '@ipsv/contracts/videos';
import type { PrivacyMask, PrivacyRange, PrivacyReviewDraft } from '@ipsv/contracts/privacy-review';
import { SURGERY_TYPE_KINDS } from '@ipsv/contracts/surgery-types';
import { ROLES } from '@ipsv/contracts/users';
import { VIDEO_STATUSES, VISIBILITIES } from '@ipsv/contracts/videos';
import { LICENCE_REQUEST_STATUSES, LICENCES } from '@ipsv/contracts/licences';

/** PostgreSQL's full-text document type (written by triggers, read in SQL only). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

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
  /** Set while an administrator has disabled the account: no sign-in, no session (issue 48, M6). */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  // Optional profile fields (spec section 2 "Authentication screens" field labels), shown on the
  // provider page /user/:userId.
  middleName: text('middle_name').notNull().default(''),
  nickname: text('nickname').notNull().default(''),
  preferredUsername: text('preferred_username').notNull().default(''),
  website: text('website').notNull().default(''),
  profileUrl: text('profile_url').notNull().default(''),
  specialty: text('specialty').notNull().default(''),
  biography: text('biography').notNull().default(''),
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
export const appSecrets = pgTable('app_secrets', { name: text('name').notNull(), value: text('value').notNull(), createdAt: createdAt() }, (table) => [
  uniqueIndex('app_secrets_name_idx').on(table.name),
]);

// ---- Videos (DESIGN.md section 5). One row per upload; renditions live in storage under
// videos/<id>/v<version>/, the quarantined original under original_key.

export const videoStatus = pgEnum('video_status', VIDEO_STATUSES);
export const visibility = pgEnum('visibility', VISIBILITIES);
export const licence = pgEnum('licence', LICENCES);
/**
 * The speculative standard definition (jobs/speculative-sd.job.ts), a 360p rendering of the whole
 * original made during the analysis so that publication only cuts it: asked for (queued), being
 * rendered, ready, having masks drawn into a copy of it (drawing, the file itself ready), or given
 * up (failed). The render reads this, never the job queue.
 */
export const SPECULATIVE_SD_STATES = ['queued', 'rendering', 'ready', 'drawing', 'failed'] as const;
export type SpeculativeSdState = (typeof SPECULATIVE_SD_STATES)[number];
export const speculativeSdState = pgEnum('speculative_sd_state', SPECULATIVE_SD_STATES);

/** What the ingest job learnt from the file (ffprobe), kept for the form and the render. */
export interface VideoProbe {
  container: string;
  codec: string;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  hasAudio: boolean;
  /** The original plays in browsers as is (H.264 in MP4/MOV); otherwise review uses a proxy. */
  browserPlayable: boolean;
}

/** The analysis job's result: proposed ranges and the score track for the review timeline. */
export interface VideoAnalysis {
  threshold: number;
  proposed: PrivacyRange[];
  /** Burned-in text that stays in place, proposed as masks (absent in analyses made before masks). */
  proposedMasks?: PrivacyMask[];
  /** Faces in an otherwise endoscopic picture, which the provider may mask instead of cutting. */
  faceMasks?: PrivacyMask[];
  track: { time: number; score: number; reason: PrivacyRange['reasons'][number] }[];
  /**
   * Scope exits and re-entries (withdrawals) the analysis saw, in analyses that record them: any
   * one keeps the video from publishing without review (autoPublishDecision).
   */
  transitions?: { time: number; kind: 'exit' | 'entry' }[];
  detectors: { name: string; version: string }[];
  framesDecoded: number;
  /** Distinct frames the scene model scored, at `sampleFps` or more a second (analyses since issue 46). */
  framesExamined?: number;
  sampleFps?: number;
  /** Chunks the timeline was analysed in. */
  chunks?: number;
  seconds: number;
}

/** One viewer let in by answering their access request (until: ISO time, or null for no end). */
export interface AccessGrant {
  email: string;
  until: string | null;
  requestId: number;
}

/** Storage keys of a rendered version. */
export interface RenditionKeys {
  version: number;
  master: string;
  mp4: string | null;
  poster: string | null;
  storyboard: string | null;
  rungs: string[];
  renditions: { name: string; width: number; height: number; bandwidth: number }[];
  /** Length of the published video (after the privacy cuts). */
  durationSeconds: number;
  /** True once every rung (HD ladder, storyboard) is done; false while only SD exists. */
  complete: boolean;
}

export const videos = pgTable(
  'videos',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: videoStatus('status').notNull().default('uploading'),
    percent: real('percent'),
    privacyAnswer: text('privacy_answer'),
    // Details form (spec section 2 "Upload-finished form")
    title: text('title').notNull().default(''),
    surgeryTypeId: integer('surgery_type_id').references(() => surgeryTypes.id),
    patientGender: text('patient_gender'),
    surgeryEvent: text('surgery_event').notNull().default(''),
    description: jsonb('description').$type<Description>(),
    /** Spec section 3: the pipe-separated description, kept for search. */
    descriptionText: text('description_text').notNull().default(''),
    surgeryDate: text('surgery_date'),
    surgeryYear: integer('surgery_year'),
    pgsGrade: integer('pgs_grade'),
    thumbnail: jsonb('thumbnail').$type<{ kind: 'frame'; index: number } | { kind: 'upload' }>(),
    videoLink: text('video_link').notNull().default(''),
    fileName: text('file_name').notNull(),
    isDownloadable: boolean('is_downloadable').notNull().default(false),
    /** The provider's licence (shown on the video page); 'on_request' until they choose another. */
    licence: licence('licence').notNull().default('on_request'),
    visibility: visibility('visibility').notNull().default('private'),
    whitelist: text('whitelist').array().notNull().default([]),
    /** The entries of the owner's named access lists this video uses, kept in step with the lists. */
    listEntries: text('list_entries').array().notNull().default([]),
    /** Access granted from a viewer's request: the email and, if the owner set one, when it ends. */
    accessGrants: jsonb('access_grants').$type<AccessGrant[]>().notNull().default([]),
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    detailsSavedAt: timestamp('details_saved_at', { withTimezone: true }),
    // Segment editor
    fileType: text('file_type'),
    category: text('category'),
    // Upload and ingest
    originalKey: text('original_key').notNull(),
    originalDeletedAt: timestamp('original_deleted_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    probe: jsonb('probe').$type<VideoProbe>(),
    quality: text('quality'),
    violations: jsonb('violations').$type<{ code: string; message: string; params: Record<string, string | number> }[]>().notNull().default([]),
    thumbnailTimes: jsonb('thumbnail_times').$type<number[]>().notNull().default([]),
    filmstrip: jsonb('filmstrip').$type<{ interval: number; tileWidth: number; tileHeight: number; columns: number }>(),
    reviewProxyKey: text('review_proxy_key'),
    speculativeSd: speculativeSdState('speculative_sd'),
    /** When the speculative SD's state last changed or its job last beat (every 10 s while rendering or drawing). */
    speculativeSdAt: timestamp('speculative_sd_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /**
     * The pg-boss job of the video's last lifecycle step (its name and id, written in the step's
     * transaction): the pipeline sweep asks pg-boss whether it still lives (jobs/video-sweep.job.ts).
     */
    jobName: text('job_name'),
    jobId: text('job_id'),
    // Privacy
    analysis: jsonb('analysis').$type<VideoAnalysis>(),
    confirmedRanges: jsonb('confirmed_ranges').$type<PrivacyRange[]>(),
    /** Regions covered in every rendition of the confirmed version (null before a confirmation with masks existed). */
    confirmedMasks: jsonb('confirmed_masks').$type<PrivacyMask[]>(),
    confirmedBy: text('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The owner's review in progress (saved by the editor as it changes), until a confirmation. */
    reviewDraft: jsonb('review_draft').$type<PrivacyReviewDraft>(),
    // Renditions
    renderingVersion: integer('rendering_version'),
    publishedVersion: integer('published_version').notNull().default(0),
    rendition: jsonb('rendition').$type<RenditionKeys>(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // Moderation: an administrator took the video down (nobody but its owner and administrators
    // may watch it until an administrator restores it).
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    takenDownBy: text('taken_down_by'),
    takedownReason: text('takedown_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // ---- Discovery. Facts the search filters on, derived from the JSON the pipeline writes.
    height: integer('height').generatedAlwaysAs(sql`((probe ->> 'height'))::integer`),
    /** The published length (after the privacy cuts), else the probed one. */
    durationSeconds: doublePrecision('duration_seconds').generatedAlwaysAs(
      sql`COALESCE(((rendition ->> 'durationSeconds'))::double precision, ((probe ->> 'durationSeconds'))::double precision)`,
    ),
    fps: doublePrecision('fps').generatedAlwaysAs(sql`((probe ->> 'fps'))::double precision`),
    weightClass: text('weight_class').generatedAlwaysAs(sql`(description ->> 'weightClass')`),
    /** Weighted full-text document (title A; procedure, technique, type B; ...), kept by triggers (migration 0008). */
    searchDocument: tsvector('search_document'),
  },
  (table) => [
    index('videos_owner_idx').on(table.ownerId, table.createdAt),
    index('videos_status_idx').on(table.status),
    index('videos_search_document_idx').using('gin', table.searchDocument),
    index('videos_published_idx')
      .on(table.publishedAt)
      .where(sql`published_version >= 1`),
    index('videos_created_published_idx')
      .on(table.createdAt)
      .where(sql`published_version >= 1`),
  ],
);

/** Every confirmation of the privacy ranges: who confirmed which ranges for which version, when. */
export const privacyConfirmations = pgTable(
  'privacy_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ranges: jsonb('ranges').$type<PrivacyRange[]>().notNull(),
    /** The masks of that version (regions covered in every rendition). */
    masks: jsonb('masks').$type<PrivacyMask[]>().notNull().default([]),
    /** The user id, or 'auto' when the provider allowed publication with nothing found. */
    confirmedBy: text('confirmed_by').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('privacy_confirmations_video_idx').on(table.videoId)],
);

/**
 * Every rendered version of a video (DESIGN.md section 5): the ranges it removed, who confirmed
 * them, its renditions and their size on disk. Written by the render job when the version goes
 * online; earlier versions' files stay under videos/<id>/v<n>/ so the owner may roll back to one.
 * A deleted version keeps its row (deleted_at) so its number is never reused; its files are gone.
 */
export const videoVersions = pgTable(
  'video_versions',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ranges: jsonb('ranges').$type<PrivacyRange[]>().notNull(),
    /** The user id, or 'auto' when the provider allowed publication with nothing found. */
    confirmedBy: text('confirmed_by').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    rendition: jsonb('rendition').$type<RenditionKeys>().notNull(),
    /** Bytes of the version's folder and its de-identified master, counted once every rung exists. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.version] })],
);

export const videoSegments = pgTable(
  'video_segments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    startTime: doublePrecision('start_time').notNull(),
    endTime: doublePrecision('end_time').notNull(),
    title: text('title').notNull(),
    category: text('category'),
    description: text('description').notNull().default(''),
    /** Its words as the search matches them (a result shows the segment its text matched best). */
    document: tsvector('document').generatedAlwaysAs(sql`to_tsvector('english', ipsv_unaccent(title || ' ' || description))`),
  },
  (table) => [index('video_segments_video_idx').on(table.videoId, table.startTime)],
);
const { searchDocument: _searchDocument, ...pageVideoColumns } = getTableColumns(videos);
/**
 * A video's columns as every page and job reads them: its `search_document` (kept by triggers,
 * read by the search's own queries) is a third of a row and was parsed on every read of a video.
 */
export const videoColumns = pageVideoColumns;
const { document: _document, ...pageSegmentColumns } = getTableColumns(videoSegments);
/** A segment's columns as pages read and write them (its `document` is the search's alone). */
export const segmentColumns = pageSegmentColumns;

// ---- Viewing data shared by watching, discovery and the provider's analytics.

/**
 * Per video and day: views (one per viewer and playback session), distinct viewers, seconds watched
 * and downloads. Written as playback is reported; read for "popular", analytics and exports.
 */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    uniqueViewers: integer('unique_viewers').notNull().default(0),
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.day] }), index('video_daily_stats_day_idx').on(table.day)],
);

export const accessRequestStatus = pgEnum('access_request_status', ['pending', 'granted', 'denied']);

/** A viewer's request to watch a video they may not (sent from the "no access" message box). */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    status: accessRequestStatus('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    /** A grant may end (the owner's "until" date); null: for as long as the owner keeps it. */
    grantedUntil: timestamp('granted_until', { withTimezone: true }),
  },
  (table) => [index('access_requests_video_idx').on(table.videoId, table.status), index('access_requests_requester_idx').on(table.requesterId)],
);

export const licenceRequestStatus = pgEnum('licence_request_status', LICENCE_REQUEST_STATUSES);

/** A viewer's request for a licence to a video, and the provider's answer (terms when accepted). */
export const licenceRequests = pgTable(
  'licence_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The licence the video had when asked (what the record is about). */
    licence: licence('licence').notNull(),
    institution: text('institution').notNull(),
    purpose: text('purpose').notNull(),
    duration: text('duration').notNull(),
    status: licenceRequestStatus('status').notNull().default('pending'),
    terms: text('terms'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [index('licence_requests_video_idx').on(table.videoId, table.status), index('licence_requests_requester_idx').on(table.requesterId)],
);

// ---- Notifications and the support chat.

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean | string[]>>().notNull().default({}),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set once the event went out by email (at once, or in a daily digest). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt), index('notifications_read_idx').on(table.readAt)],
);

/** A user's email choice per event type ('off', 'immediately', 'daily'); absent: the role's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: text('email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The signed-in visitor, or null for an anonymous one (then `visitorId`). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id'),
    /** SHA-256 of the anonymous visitor's secret: knowing the id alone opens nothing. */
    visitorSecretHash: text('visitor_secret_hash'),
    status: text('status').notNull().default('open'),
    claimedBy: text('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    page: text('page'),
    language: text('language'),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastVisitorMessageAt: timestamp('last_visitor_message_at', { withTimezone: true }),
    visitorReadAt: timestamp('visitor_read_at', { withTimezone: true }),
    supportReadAt: timestamp('support_read_at', { withTimezone: true }),
    /** The visitor's last call to the chat (a reply to someone who left becomes a notification). */
    visitorSeenAt: timestamp('visitor_seen_at', { withTimezone: true }),
    /** Typing indicators, for the widgets that poll (sockets get them at once). */
    visitorTypingAt: timestamp('visitor_typing_at', { withTimezone: true }),
    supportTypingAt: timestamp('support_typing_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_conversations_user_idx').on(table.userId),
    uniqueIndex('chat_conversations_visitor_idx').on(table.visitorId),
    index('chat_conversations_last_idx').on(table.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    fromSupport: boolean('from_support').notNull(),
    /** The support person who wrote it (null for the visitor's messages). */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('chat_messages_conversation_idx').on(table.conversationId, table.id)],
);

/** Support people with the console open, per API process (Online when any is recent). */
export const supportPresence = pgTable(
  'support_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connection: text('connection').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.connection] })],
);

/**
 * Failed sign-ins per key (account + address, account, address): each failure past a free allowance
 * makes the next attempt wait longer (progressive delay), so guessing slows down without locking
 * the owner out from their own address.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  /** No attempt on this key is checked before this time. */
  waitUntil: timestamp('wait_until', { withTimezone: true }),
});

/** TOTP codes accepted within their window, so none is accepted twice (modules/auth/used-totp-codes.ts). */
export const usedTotpCodes = pgTable(
  'used_totp_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/**
 * A long video's privacy analysis, chunk by chunk (issue 46): the analysis job plans the chunks, each a
 * video-analyse-chunk job any worker can take. A chunk's findings
 * (deid's ChunkAnalysis) stay here until the last chunk done merges them into the video's analysis.
 */
export const videoAnalysisChunks = pgTable(
  'video_analysis_chunks',
  {
    id: text('id').primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    percent: integer('percent').notNull().default(0),
    /** The chunk's findings once done (null while it is analysed). */
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('video_analysis_chunks_video_index').on(table.videoId, table.index)],
);

/** Liveness of running jobs: a job whose worker stopped beating is failed and retried. */
export const jobHeartbeats = pgTable('job_heartbeats', {
  jobId: text('job_id').primaryKey(),
  queue: text('queue').notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Watching: private notes, watch later, history, playlists and playback sessions. Library rows
// keep the video's id without a foreign key, so a deleted video shows as "unavailable" in the
// lists instead of silently vanishing from them.

/** Timed private notes: only their author ever reads them. */
export const notes = pgTable(
  'notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    time: doublePrecision('time').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('notes_user_video_idx').on(table.userId, table.videoId, table.time),
    index('notes_text_search_idx').using('gin', sql`to_tsvector('simple', ${table.text})`),
  ],
);

export const watchLater = pgTable(
  'watch_later',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.videoId] }), index('watch_later_user_idx').on(table.userId, table.createdAt)],
);

/** The position each user reached in each video (not written while the user pauses history). */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    position: doublePrecision('position').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.videoId] }), index('watch_history_user_idx').on(table.userId, table.updatedAt)],
);

export const librarySettings = pgTable('library_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  historyPaused: boolean('history_paused').notNull().default(false),
});

export const playlists = pgTable(
  'playlists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('playlists_user_idx').on(table.userId, table.updatedAt)],
);

/** A whole video (start and end null) or a clip of it, at a position (0, 1, 2...) in its playlist. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    start: doublePrecision('start'),
    end: doublePrecision('end'),
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('playlist_items_position_idx').on(table.playlistId, table.position)],
);

/**
 * One playback session of one viewer (an id the player makes when it starts): the reports' sequence
 * number makes them idempotent, the merged ranges actually played give watch time and retention.
 */
export const playbackSessions = pgTable(
  'playback_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    lastSeq: integer('last_seq').notNull(),
    position: doublePrecision('position').notNull(),
    ranges: jsonb('ranges').$type<[number, number][]>().notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    startedAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('playback_sessions_video_day_idx').on(table.videoId, table.day, table.userId)],
);

/** Per video and whole second of the published video: in how many playback sessions it was played. */
export const videoRetention = pgTable(
  'video_retention',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    second: integer('second').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.second] })],
);
// ---- Discovery: search vocabulary, popularity, curated collections, highlight of the month.

/** Every word of the indexed texts (unaccented, lower case): typo tolerance looks its neighbours up by trigram. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

/** Views of each video in the last POPULAR_WINDOW_DAYS days, refreshed from video_daily_stats by a job. */
export const videoPopularity = pgTable(
  'video_popularity',
  {
    videoId: text('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    /** Copied from the video (by trigger), so the grid reads "most viewed, then newest" from one index. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('video_popularity_rank_idx').on(table.views.desc(), table.publishedAt.desc().nullsLast(), table.videoId)],
);

/**
 * Which published videos changed what the search catalogue holds (a card, filter, sort, access or
 * text match), written by triggers (migration 0012); `video_id` null means "everything". The search
 * keeps the catalogue in memory: every search reads this table's (count, sum of ids), which moves
 * when a change commits (inserts are transactional), and then reads the videos of the rows written
 * by transactions it may not have seen (`txid` at or after its last snapshot's xmin).
 */
export const searchCatalogueChanges = pgTable(
  'search_catalogue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id'),
    txid: xid8('txid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('search_catalogue_changes_txid_idx').on(table.txid), index('search_catalogue_changes_at_idx').on(table.at)],
);

export const collections = pgTable('collections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const collectionVideos = pgTable(
  'collection_videos',
  {
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.videoId] }), index('collection_videos_video_idx').on(table.videoId)],
);

/** One highlighted video per month (YYYY-MM). */
export const monthlyHighlights = pgTable('monthly_highlights', {
  month: text('month').primaryKey(),
  videoId: text('video_id')
    .notNull()
    .references(() => videos.id, { onDelete: 'cascade' }),
  note: text('note').notNull().default(''),
  chosenBy: text('chosen_by').references(() => users.id, { onDelete: 'set null' }),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The provider's dashboard: named access lists and the audit of access and visibility changes.

/** A reusable list of emails and @domains ("Hospital team") that several of its owner's videos use. */
export const accessLists = pgTable(
  'access_lists',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    entries: text('entries').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('access_lists_owner_name_idx').on(table.ownerId, sql`lower(${table.name})`)],
);

export const videoAccessLists = pgTable(
  'video_access_lists',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    listId: text('list_id')
      .notNull()
      .references(() => accessLists.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.listId] }), index('video_access_lists_list_idx').on(table.listId)],
);

/**
 * Append-only record of every change of a video's access and visibility (who, what, when). No
 * foreign key on the video: the record outlives a deleted video.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    videoId: text('video_id'),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('audit_events_video_idx').on(table.videoId, table.createdAt)],
);

/** Feedback to the platform team (/analytics/sendfeedback), answered by administrators at /admin/feedback. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    message: text('message').notNull(),
    page: text('page'),
    createdAt: createdAt(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [index('feedback_user_idx').on(table.userId, table.createdAt), index('feedback_open_idx').on(table.answeredAt, table.createdAt)],
);
