// Errors are translated by code in one place (src/lib/use-error-text.ts): every domain code and
// every validation rule has its words in all twelve languages, en-US says exactly the contracts'
// English, and the params (minutes, upload reasons, limits) reach the text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailSchema } from '@ipsv/contracts/auth';
import { ERROR_CODES, errorMessage, type ErrorParams } from '@ipsv/contracts/errors';
import { LANGUAGE_CODES } from '@ipsv/contracts/languages';
import { UPLOAD_VIOLATION_CODES } from '@ipsv/contracts/upload';
import { VALIDATION_RULES } from '@ipsv/contracts/validation';
import { ApiError } from '../src/lib/api-client';
import { codeText, errorText, issueText, ruleText } from '../src/lib/use-error-text';
import { initTestI18n } from './render';

type Tree = { [key: string]: string | Tree };
const locale = (code: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../src/locales/${code}.json`), 'utf8')) as Tree;
const lookup = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);

const RULES = Object.keys(VALIDATION_RULES) as (keyof typeof VALIDATION_RULES)[];
/** A value for every param any code's text names. */
const SAMPLE: ErrorParams = {
  detail: 'Unknown surgery type',
  max: 64,
  method: 'GET',
  path: '/api/nowhere',
  minutes: 3,
  retryAfterSeconds: 150,
  reasons: ['format', 'size'],
  time: 19,
  duration: 95,
};

describe.each(LANGUAGE_CODES)('%s', (language) => {
  const tree = locale(language);

  it('has errors.<CODE> for every domain code of the contracts', () => {
    expect(ERROR_CODES.filter((code) => typeof lookup(tree, `errors.${code}`) !== 'string')).toEqual([]);
  });

  it('has validation.<rule> for every validation rule of the contracts', () => {
    expect(RULES.filter((rule) => typeof lookup(tree, `validation.${rule}`) !== 'string')).toEqual([]);
  });

  it('names every reason an upload can be refused for', () => {
    expect(UPLOAD_VIOLATION_CODES.filter((reason) => typeof lookup(tree, `errors.uploadReasons.${reason}`) !== 'string')).toEqual([]);
  });
});

describe('en-US', () => {
  let t: TFunction;
  beforeAll(async () => {
    await initTestI18n();
    t = i18next.getFixedT('en-US');
  });

  it.each(ERROR_CODES)('words %s exactly as the contracts do', (code) => {
    const params = code === 'VALIDATION_ERROR' ? { ...SAMPLE, rule: 'invalid' } : SAMPLE;
    expect(codeText(t, code, params)).toBe(errorMessage(code, params));
  });

  it.each(RULES)('words the rule %s exactly as the contracts do, limits included', (rule) => {
    expect(ruleText(t, rule)).toBe(VALIDATION_RULES[rule]);
  });
});

describe('the translation path', () => {
  let de: TFunction;
  beforeAll(async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'de', resources: { de: { translation: locale('de') } }, interpolation: { escapeValue: false }, showSupportNotice: false });
    de = instance.t;
  });

  it('translates an API error by its code, with its params', () => {
    const error = new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 3 minute(s) and try again.', { retryAfterSeconds: 150, minutes: 3 });
    expect(errorText(de, error)).toBe(de('errors.RATE_LIMITED', { minutes: 3 }));
    expect(errorText(de, error)).toContain('3');
    expect(errorText(de, error)).not.toContain('Too many attempts');
  });

  it('lists the reasons an upload was refused by their labels, not their codes', () => {
    const error = new ApiError(409, 'UPLOAD_REJECTED', 'This video did not pass the upload checks (format, size); upload a corrected file.', {
      reasons: ['format', 'size'],
    });
    expect(errorText(de, error)).toBe(de('errors.UPLOAD_REJECTED', { reasons: `${de('errors.uploadReasons.format')}, ${de('errors.uploadReasons.size')}` }));
    expect(errorText(de, error)).toContain('Größe');
  });

  it('words a refused field by its rule; only a rule without words shows the English detail', () => {
    const named = new ApiError(400, 'VALIDATION_ERROR', 'Please enter a valid email', { field: 'email', rule: 'email', detail: 'Please enter a valid email' });
    expect(errorText(de, named)).toBe(de('validation.email'));
    const unnamed = new ApiError(400, 'VALIDATION_ERROR', 'Unknown surgery type', { field: 'surgeryTypeId', rule: 'invalid', detail: 'Unknown surgery type' });
    expect(errorText(de, unnamed)).toBe(de('errors.VALIDATION_ERROR', { detail: 'Unknown surgery type' }));
  });

  it('gives the password rules their limits', () => {
    expect(ruleText(de, 'password.minLength')).toBe(de('validation.password.minLength', { min: 8 }));
    expect(ruleText(de, 'password.minLength')).toContain('8');
  });

  it("words a contracts schema's issue in the browser through its rule", () => {
    const result = emailSchema.safeParse('not-an-email');
    expect(result.success).toBe(false);
    expect(issueText(de, result.error?.issues[0])).toBe(de('validation.email'));
  });

  it('uses the segment wording where a screen asks for it, and the plain one otherwise', () => {
    expect(codeText(de, 'RANGE_OVERLAP', {}, 'segment')).toBe(de('errors.RANGE_OVERLAP_segment'));
    expect(codeText(de, 'RANGE_OVERLAP', {}, 'segment')).not.toBe(de('errors.RANGE_OVERLAP'));
    expect(codeText(de, 'NOTHING_LEFT', {}, 'segment')).toBe(de('errors.NOTHING_LEFT'));
  });

  it('says the server could not be reached, or that something unexpected happened', () => {
    expect(errorText(de, new ApiError(0, 'NETWORK', 'Failed to fetch'))).toBe(de('auth.errors.network'));
    expect(errorText(de, new Error('boom'))).toBe(de('errors.unexpected'));
  });
});
