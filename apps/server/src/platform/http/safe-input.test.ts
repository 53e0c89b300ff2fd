import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.js';
import { isUnsafeText, jsonDepthExceeds, MAX_JSON_DEPTH, parseSafeJson } from './safe-input.js';

const refusal = (text: string) => {
  try {
    parseSafeJson(text);
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'accepted';
};

describe('safe input', () => {
  it('tells NUL characters and lone surrogates from ordinary text, emoji included', () => {
    expect(isUnsafeText('Cholecystectomy – Mayo 🩺 日本語')).toBe(false);
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('\uD83D')).toBe(true);
    expect(isUnsafeText('x\uDC00y')).toBe(true);
  });

  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`, MAX_JSON_DEPTH)).toBe(false);
  });

  it('parses ordinary bodies and refuses each kind of unsafe one with its message', () => {
    expect(parseSafeJson('{"title":"Lap chole","segments":[{"start":1}]}')).toEqual({ title: 'Lap chole', segments: [{ start: 1 }] });
    expect(refusal(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toBe('BODY_TOO_DEEP');
    expect(refusal('{"name":"a\\u0000"}')).toBe('INVALID_TEXT');
    expect(refusal('{"name":"\\ud800"}')).toBe('INVALID_TEXT');
    expect(refusal('{"na\\u0000me":"x"}')).toBe('INVALID_TEXT');
    expect(refusal('{"__proto__":{"role":"admin"}}')).toBe('BAD_JSON');
    expect(refusal('{"title":')).toBe('BAD_JSON');
  });
});
