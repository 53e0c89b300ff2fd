// The one place where a refusal becomes words in the user's language. An API error is translated
// by its domain code (errors.<CODE>, with the error's params), a refused field by its validation
// rule (validation.<rule>); the forms' own checks with the contracts schemas take the same road
// (issueText), so no screen compares English text.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import type { ErrorCode, ErrorParams } from '@ipsv/contracts/errors';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE_MAX, SEARCH_TEXT_MAX } from '@ipsv/contracts/search';
import { SEGMENT_DESCRIPTION_MAX_WORDS } from '@ipsv/contracts/segments';
import { ruleOf, VALIDATION_RULES, type ValidationRule } from '@ipsv/contracts/validation';
import { ApiError } from './api-client';

/**
 * Where an error is shown, for a screen that words some codes its own way: the segment editor
 * says "Segments must not overlap" for RANGE_OVERLAP (errors.RANGE_OVERLAP_segment, i18next's
 * context); codes without such a key use the plain one.
 */
export type ErrorContext = 'segment';

/** The limits the rules' texts name ({{min}} characters, the {{length}}-digit code...). */
const LIMITS = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  length: VERIFICATION_CODE_LENGTH,
  words: SEGMENT_DESCRIPTION_MAX_WORDS,
  searchMax: SEARCH_TEXT_MAX,
  pageMax: SEARCH_PAGE_MAX,
  pageSizeMax: SEARCH_PAGE_SIZE_MAX,
};

const isNamedRule = (rule: unknown): rule is keyof typeof VALIDATION_RULES => typeof rule === 'string' && Object.hasOwn(VALIDATION_RULES, rule);

/**
 * A validation rule in words. 'invalid' (or a rule this build does not know) has no words of its
 * own: it shows `detail`, the English text of the contracts or the server.
 */
export function ruleText(t: TFunction, rule: ValidationRule | string, detail = '', context?: ErrorContext): string {
  return isNamedRule(rule) ? t(`validation.${rule}`, { replace: LIMITS, context }) : t('errors.VALIDATION_ERROR', { replace: { detail } });
}

/** An issue of a contracts schema checked in the browser, in words (through its rule). */
export function issueText(t: TFunction, issue: { message: string } | undefined, context?: ErrorContext): string {
  const message = issue?.message ?? '';
  return ruleText(t, ruleOf(message), message, context);
}

/** A form field's check with a contracts schema: null when it accepts `value`, else its first issue in words. */
export function schemaText(
  t: TFunction,
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly { message: string }[] } } },
  value: unknown,
): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : issueText(t, result.error?.issues[0]);
}

/** Params as the texts show them: lists joined, an upload's refusal reasons by their labels. */
function paramsInWords(t: TFunction, code: ErrorCode, params: ErrorParams): Record<string, string | number | boolean> {
  const label = (item: string) => (code === 'UPLOAD_REJECTED' ? t(`errors.uploadReasons.${item}`, { defaultValue: item }) : item);
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.map(label).join(', ') : value]));
}

/** A domain code in words (a code the web meets without a server answer, such as rangeProblem's). */
export function codeText(t: TFunction, code: ErrorCode, params: ErrorParams = {}, context?: ErrorContext): string {
  if (code === 'VALIDATION_ERROR') return ruleText(t, String(params.rule ?? 'invalid'), String(params.detail ?? ''), context);
  return t(`errors.${code}`, { replace: paramsInWords(t, code, params), context });
}

/** Any failure in words: an ApiError by its code, a network failure, anything else as unexpected. */
export function errorText(t: TFunction, error: unknown, context?: ErrorContext): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  if (error.code === 'NETWORK') return t('auth.errors.network');
  // The English message stands in for a detail the server did not send.
  return codeText(t, error.code, { detail: error.message, ...error.params }, context);
}

/** errorText for a component: `(error) => words`. */
export function useErrorText(context?: ErrorContext) {
  const { t } = useTranslation();
  return (error: unknown) => errorText(t, error, context);
}
