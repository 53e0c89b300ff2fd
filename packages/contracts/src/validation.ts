// Validation rules by code. Schemas in this package speak the spec's English words; a refused field
// is reported with its rule's code (`{ field, rule }` in a VALIDATION_ERROR), so screens translate
// by code and no client compares English text. The table is the one place where a message meets
// its code.
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  PASSWORD_RULES,
  PASSWORDS_MUST_MATCH_MESSAGE,
  REQUIRED_MESSAGE,
  VERIFICATION_CODE_LENGTH,
} from './auth.js';
import { NOTHING_LEFT_MESSAGE, RANGE_ORDER_MESSAGE, RANGE_OUTSIDE_MESSAGE, RANGE_OVERLAP_MESSAGE } from './privacy-review.js';
import { PAGE_MESSAGE, PAGE_SIZE_MESSAGE, PGS_TYPE_MESSAGE, SEARCH_TEXT_TOO_LONG_MESSAGE, UNKNOWN_OPTION_MESSAGE } from './search.js';
import { ACCESS_LIST_NAME_MESSAGE, ANALYTICS_PERIOD_MESSAGE, GRANT_UNTIL_PAST_MESSAGE } from './dashboard.js';
import { FEEDBACK_MESSAGE_MESSAGE, FEEDBACK_PAGE_MESSAGE } from './feedback.js';
import { TOO_MANY_WORDS_MESSAGE } from './segments.js';
import { CLIP_ORDER_MESSAGE, NOTE_TOO_LONG_MESSAGE, PLAYLIST_DESCRIPTION_TOO_LONG_MESSAGE, PLAYLIST_NAME_TOO_LONG_MESSAGE } from './watching.js';
import { FUTURE_DATE_MESSAGE, INVALID_DATE_MESSAGE, INVALID_URL_MESSAGE, WHITELIST_ENTRY_MESSAGE } from './videos.js';

export const VALIDATION_RULES = {
  required: REQUIRED_MESSAGE,
  email: INVALID_EMAIL_MESSAGE,
  phone: INVALID_PHONE_MESSAGE,
  passwordsMatch: PASSWORDS_MUST_MATCH_MESSAGE,
  code: `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`,
  ...(Object.fromEntries(PASSWORD_RULES.map((rule) => [`password.${rule.code}`, rule.message])) as Record<
    `password.${(typeof PASSWORD_RULES)[number]['code']}`,
    string
  >),
  date: INVALID_DATE_MESSAGE,
  futureDate: FUTURE_DATE_MESSAGE,
  url: INVALID_URL_MESSAGE,
  whitelistEntry: WHITELIST_ENTRY_MESSAGE,
  tooManyWords: TOO_MANY_WORDS_MESSAGE,
  rangeOrder: RANGE_ORDER_MESSAGE,
  rangeOutside: RANGE_OUTSIDE_MESSAGE,
  rangeOverlap: RANGE_OVERLAP_MESSAGE,
  nothingLeft: NOTHING_LEFT_MESSAGE,
  clipOrder: CLIP_ORDER_MESSAGE,
  noteTooLong: NOTE_TOO_LONG_MESSAGE,
  playlistNameTooLong: PLAYLIST_NAME_TOO_LONG_MESSAGE,
  playlistDescriptionTooLong: PLAYLIST_DESCRIPTION_TOO_LONG_MESSAGE,
  searchTextTooLong: SEARCH_TEXT_TOO_LONG_MESSAGE,
  unknownOption: UNKNOWN_OPTION_MESSAGE,
  page: PAGE_MESSAGE,
  pageSize: PAGE_SIZE_MESSAGE,
  pgsType: PGS_TYPE_MESSAGE,
  accessListName: ACCESS_LIST_NAME_MESSAGE,
  grantUntilPast: GRANT_UNTIL_PAST_MESSAGE,
  analyticsPeriod: ANALYTICS_PERIOD_MESSAGE,
  feedbackMessage: FEEDBACK_MESSAGE_MESSAGE,
  feedbackPage: FEEDBACK_PAGE_MESSAGE,
} as const;

/** A named rule, or 'invalid' for anything else (a wrong type, a length the form cannot reach). */
export type ValidationRule = keyof typeof VALIDATION_RULES | 'invalid';

const RULE_BY_MESSAGE = new Map<string, ValidationRule>(Object.entries(VALIDATION_RULES).map(([rule, message]) => [message, rule as ValidationRule]));

/** The rule a contracts message stands for. */
export const ruleOf = (message: string): ValidationRule => RULE_BY_MESSAGE.get(message) ?? 'invalid';

/** What the API says about one refused field: `{ field, rule, detail }` (detail: the English text). */
export function validationParams(issue: { path: readonly PropertyKey[]; message: string }): { field: string; rule: ValidationRule; detail: string } {
  return { field: issue.path.map(String).join('.'), rule: ruleOf(issue.message), detail: issue.message };
}
