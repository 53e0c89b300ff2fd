import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, resolveLanguage } from './languages';

describe('interface languages', () => {
  it('are the twelve of spec section 1 with en-US as default', () => {
    expect(LANGUAGE_CODES).toEqual(['en-US', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pt-BR', 'ru', 'tr', 'vi', 'zh-CN']);
    expect(DEFAULT_LANGUAGE).toBe('en-US');
  });

  it.each([
    ['en-US', 'en-US'],
    ['en-GB', 'en-US'],
    ['EN', 'en-US'],
    ['de-DE', 'de'],
    ['de-AT', 'de'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['ja-JP', 'ja'],
  ])('maps the browser language %s to %s', (tag, expected) => {
    expect(resolveLanguage(tag)).toBe(expected);
  });

  it('has no answer for unsupported languages', () => {
    expect(resolveLanguage('nl-NL')).toBeNull();
    expect(resolveLanguage('')).toBeNull();
    expect(resolveLanguage(undefined)).toBeNull();
  });
});
