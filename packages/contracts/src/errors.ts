// Domain error codes: every way the API can refuse, each with its HTTP status and English default
// text (a template whose {name} parts come from the error's params). The server answers
// `{ error: { code, message, params } }`; the web translates by code (errors.<CODE> in its locale
// files) with the same params, so no client ever compares English text. Tests assert codes.
import { z } from 'zod';
import {
  ACCOUNT_EXISTS_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  SIGN_IN_EXPIRED_MESSAGE,
} from './auth.js';
import {
  MASK_OUTSIDE_FRAME_MESSAGE,
  MASK_TIME_MESSAGE,
  NOTHING_LEFT_MESSAGE,
  TOO_MANY_MASKS_MESSAGE,
  RANGE_ORDER_MESSAGE,
  RANGE_OUTSIDE_MESSAGE,
  RANGE_OVERLAP_MESSAGE,
  REVIEW_NOT_READY_MESSAGE,
} from './privacy-review.js';
import {
  UPLOAD_DISK_FULL_MESSAGE,
  UPLOAD_FINISHED_MESSAGE,
  UPLOAD_LENGTH_REQUIRED_MESSAGE,
  UPLOAD_PROVIDERS_ONLY_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOADS_OPEN_LIMIT_MESSAGE,
} from './upload.js';
import { PROFILE_PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_TYPE_MESSAGE } from './users.js';
import { THUMBNAIL_TOO_LARGE_MESSAGE, THUMBNAIL_TYPE_MESSAGE } from './videos.js';

/** Spec section 8: any unexpected failure is reported to the user with this text. */
export const INTERNAL_ERROR_MESSAGE = 'internal server error';
/** Spec section 8: video details answered 401. */
export const NO_VIDEO_ACCESS_MESSAGE = 'you do not have access to this video';
/** Only the owner confirms a privacy review or edits a video; administrators moderate (DESIGN.md section 6). */
/** Sign-in of an account an administrator disabled (told only to whoever knows its password). */
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact your administrator.';
export const OWNER_ONLY_MESSAGE = 'Only the owner of this video can do this.';
export const ADMIN_ONLY_MESSAGE = 'Only an administrator can do this.';

interface ErrorDefinition {
  status: number;
  /** English text; `{name}` is replaced by the param of that name. */
  message: string;
}

export const ERRORS = {
  // ---- The request itself
  /** A field broke a rule of the contracts: params `field` (dotted path) and `rule` (see VALIDATION_RULES). */
  VALIDATION_ERROR: { status: 400, message: '{detail}' },
  INVALID_TEXT: { status: 400, message: 'Text must not contain NUL characters or invalid Unicode.' },
  BODY_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply (at most {max} levels).' },
  BAD_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This kind of request body is not accepted here.' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  ENDPOINT_NOT_FOUND: { status: 404, message: 'No such endpoint: {method} {path}' },
  CROSS_SITE: { status: 403, message: 'This request did not come from this site.' },

  // ---- Who is asking
  NOT_SIGNED_IN: { status: 401, message: NOT_SIGNED_IN_MESSAGE },
  NO_ACCESS: { status: 401, message: NO_VIDEO_ACCESS_MESSAGE },
  OWNER_ONLY: { status: 403, message: OWNER_ONLY_MESSAGE },
  ADMIN_ONLY: { status: 403, message: ADMIN_ONLY_MESSAGE },
  PROVIDERS_ONLY: { status: 403, message: UPLOAD_PROVIDERS_ONLY_MESSAGE },
  OWN_PROFILE_ONLY: { status: 403, message: 'You can only change your own profile.' },

  // ---- Accounts
  INVALID_CREDENTIALS: { status: 401, message: INVALID_CREDENTIALS_MESSAGE },
  /** Only where the caller may know it (an administrator creating an account). */
  ACCOUNT_EXISTS: { status: 409, message: ACCOUNT_EXISTS_MESSAGE },
  AUTHENTICATOR_SETUP_FAILED: { status: 500, message: 'The authenticator could not be set up.' },
  INVALID_CODE: { status: 400, message: INVALID_CODE_MESSAGE },
  EXPIRED_CODE: { status: 400, message: EXPIRED_CODE_MESSAGE },
  SIGN_IN_EXPIRED: { status: 401, message: SIGN_IN_EXPIRED_MESSAGE },
  TOTP_NOT_ENABLED: { status: 400, message: 'Two-factor authentication is not on.' },
  TOTP_ALREADY_ENABLED: { status: 409, message: 'Two-factor authentication is already on.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Your email address is already verified.' },
  ALREADY_PROVIDER: { status: 409, message: 'You can already upload videos.' },
  NO_PENDING_REQUEST: { status: 409, message: 'There is no pending request for this user.' },
  LAST_ADMIN: { status: 409, message: 'The last administrator cannot lose the admin role.' },
  NOT_A_PROVIDER: { status: 403, message: 'Only video providers can do this, and your account is no longer one.' },
  OWN_ACCOUNT: { status: 409, message: 'You cannot disable your own account.' },
  ACCOUNT_DISABLED: { status: 403, message: ACCOUNT_DISABLED_MESSAGE },
  TERMS_CHANGED: { status: 409, message: 'The terms have changed. Please read the current version and accept it.' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  PICTURE_NOT_FOUND: { status: 404, message: 'This user has no profile picture.' },
  PICTURE_TOO_LARGE: { status: 413, message: PROFILE_PICTURE_TOO_LARGE_MESSAGE },
  PICTURE_TYPE: { status: 400, message: PROFILE_PICTURE_TYPE_MESSAGE },
  PICTURE_URL_NOT_OURS: { status: 400, message: 'Upload the picture here first: a profile picture cannot point to another address.' },
  PROVIDER_NOT_CONFIGURED: { status: 404, message: 'This sign-in provider is not configured.' },
  AUTH_REFUSED: { status: 400, message: '{detail}' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait {minutes} minute(s) and try again.' },

  // ---- Uploads
  UPLOAD_NOT_FOUND: { status: 404, message: 'No such upload.' },
  UPLOAD_TOO_LARGE: { status: 413, message: UPLOAD_TOO_LARGE_MESSAGE },
  UPLOAD_LENGTH_REQUIRED: { status: 400, message: UPLOAD_LENGTH_REQUIRED_MESSAGE },
  UPLOAD_FINISHED: { status: 409, message: UPLOAD_FINISHED_MESSAGE },
  DISK_FULL: { status: 507, message: UPLOAD_DISK_FULL_MESSAGE },
  UPLOADS_OPEN_LIMIT: { status: 409, message: UPLOADS_OPEN_LIMIT_MESSAGE },
  /** The file broke the upload rules: params `reasons` (violation codes). */
  UPLOAD_REJECTED: { status: 409, message: 'This video did not pass the upload checks ({reasons}); upload a corrected file.' },

  // ---- Videos
  VIDEO_CHANGED: { status: 409, message: 'This video changed in the meantime. Reload the page and try again.' },
  VERSION_NOT_FOUND: { status: 404, message: 'This version of the video does not exist (any more).' },
  VERSION_ALREADY_PUBLISHED: { status: 409, message: 'This version is already the published one.' },
  VERSION_PUBLISHED: { status: 409, message: 'The published version cannot be deleted. Roll back to another version first.' },
  VERSION_RENDERING: { status: 409, message: 'A version of this video is still being rendered. Try again once it is online.' },
  LICENCE_REQUEST_NOT_FOUND: { status: 404, message: 'This licence request does not exist.' },
  LICENCE_ALREADY_DECIDED: { status: 409, message: 'This licence request has already been answered.' },
  LICENCE_ALREADY_REQUESTED: { status: 409, message: 'You have already asked for a licence to this video; the provider has not answered yet.' },
  LICENCE_OWN_VIDEO: { status: 409, message: 'This is your own video: you do not need a licence for it.' },
  DOWNLOAD_NEEDS_LICENCE: { status: 403, message: 'This video cannot be downloaded without a licence from its provider.' },
  REVIEW_NOT_READY: { status: 409, message: REVIEW_NOT_READY_MESSAGE },
  CANNOT_CONFIRM_NOW: { status: 409, message: 'This video cannot be confirmed in its current state.' },
  NOT_CHECKED_YET: { status: 409, message: 'This video has not been checked yet.' },
  NOT_RETRYABLE: { status: 409, message: 'Only a video whose processing failed can be retried.' },
  ORIGINAL_DELETED: { status: 409, message: 'The original of this video has been deleted after its retention period; it can no longer be reviewed.' },
  SEGMENTS_UNAVAILABLE: { status: 409, message: 'AI Analysis is available once the video is published.' },
  SEGMENTS_BUSY: { status: 429, message: 'AI Analysis is busy with other videos. Please try again in a minute.' },
  RANGE_ORDER: { status: 400, message: RANGE_ORDER_MESSAGE },
  RANGE_OUTSIDE: { status: 400, message: RANGE_OUTSIDE_MESSAGE },
  RANGE_OVERLAP: { status: 400, message: RANGE_OVERLAP_MESSAGE },
  NOTHING_LEFT: { status: 400, message: NOTHING_LEFT_MESSAGE },
  MASK_OUTSIDE_FRAME: { status: 400, message: MASK_OUTSIDE_FRAME_MESSAGE },
  MASK_TIME: { status: 400, message: MASK_TIME_MESSAGE },
  TOO_MANY_MASKS: { status: 400, message: TOO_MANY_MASKS_MESSAGE },
  THUMBNAIL_TOO_LARGE: { status: 413, message: THUMBNAIL_TOO_LARGE_MESSAGE },
  THUMBNAIL_TYPE: { status: 400, message: THUMBNAIL_TYPE_MESSAGE },
  THUMBNAIL_NOT_UPLOADED: { status: 400, message: 'Upload the thumbnail image first.' },
  FRAME_NOT_OFFERED: { status: 400, message: 'Choose one of the offered frames.' },
  /** A chosen thumbnail frame lies in a range the privacy review removes: params `time` (seconds). */
  FRAME_REMOVED: { status: 400, message: 'This frame is in a part removed for privacy; choose another frame.' },
  MEDIA_NOT_FOUND: { status: 404, message: 'No such media.' },
  MEDIA_LINK_INVALID: { status: 403, message: 'This media link is invalid or has expired.' },
  DOWNLOAD_NOT_ALLOWED: { status: 403, message: 'The owner of this video does not allow downloads.' },

  // ---- Watching: notes, watch later, history, playlists
  /** params `duration` (seconds). */
  NOTE_TIME_OUTSIDE: { status: 400, message: 'A note must be at a time within the video (0 to {duration} seconds).' },
  NOTE_NOT_FOUND: { status: 404, message: 'No such note.' },
  /** params `duration` (seconds). */
  CLIP_OUTSIDE: { status: 400, message: 'The clip must lie within the video (0 to {duration} seconds).' },
  /** params `max`. */
  PLAYLIST_FULL: { status: 400, message: 'A playlist holds at most {max} videos and clips.' },
  PLAYLIST_NOT_FOUND: { status: 404, message: 'No such playlist.' },
  PLAYLIST_ITEM_NOT_FOUND: { status: 404, message: 'No such item in this playlist.' },

  // ---- Discovery and curation
  /** A curated video is not (or no longer) published: params `ids`. */
  NOT_PUBLISHED: { status: 409, message: 'Only published videos can be curated.' },
  COLLECTION_NOT_FOUND: { status: 404, message: 'No such collection.' },
  HIGHLIGHT_NOT_FOUND: { status: 404, message: 'No highlight is set for this month.' },

  // ---- Notifications and chat
  ACCESS_LIST_NOT_FOUND: { status: 404, message: 'This access list does not exist.' },
  ACCESS_LIST_NAME_TAKEN: { status: 409, message: 'You already have a list with this name.' },
  REQUEST_ALREADY_DECIDED: { status: 409, message: 'This request has already been answered.' },
  FEEDBACK_NOT_FOUND: { status: 404, message: 'This feedback does not exist.' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'No such notification.' },
  UNSUBSCRIBE_INVALID: { status: 400, message: 'This link is not valid. Change your email choices in the notification settings instead.' },
  CHAT_VISITOR_UNKNOWN: { status: 401, message: 'This chat belongs to another browser.' },
  CONVERSATION_NOT_FOUND: { status: 404, message: 'No such conversation.' },
  SUPPORT_ONLY: { status: 403, message: 'Only the support team can do this.' },

  // ---- The service
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable (its database cannot be reached). Please try again in a moment.' },
  INTERNAL: { status: 500, message: INTERNAL_ERROR_MESSAGE },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];
export type ErrorParams = Record<string, string | number | boolean | string[]>;

/** The English text of `code` with its params filled in. */
export function errorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : Array.isArray(value) ? value.join(', ') : String(value);
  });
}

/** Params of RATE_LIMITED: seconds to wait, and the minutes the English text names. */
export function rateLimitParams(retryAfterSeconds: number): { retryAfterSeconds: number; minutes: number } {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return { retryAfterSeconds: seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) };
}

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).default({}),
  }),
});
export type ErrorBody = z.input<typeof errorBodySchema>;
