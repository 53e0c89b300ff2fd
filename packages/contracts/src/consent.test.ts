import { describe, expect, it } from 'vitest';
import { CONSENT_ACCEPT_ALL, CONSENT_DEFAULTS, CONSENT_REJECT_ALL, parseStoredConsent } from './consent';

describe('consent record', () => {
  it('defaults to necessary only; reject saves necessary only; accept saves everything', () => {
    expect(CONSENT_DEFAULTS).toEqual({ necessary: true, performance: false, advertising: false });
    expect(CONSENT_REJECT_ALL).toEqual({ necessary: true, performance: false, advertising: false });
    expect(CONSENT_ACCEPT_ALL).toEqual({ necessary: true, performance: true, advertising: true });
  });

  it('reads a stored record', () => {
    expect(parseStoredConsent('{"necessary":true,"performance":true,"advertising":false}')).toEqual({
      necessary: true,
      performance: true,
      advertising: false,
    });
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"necessary":'],
    ['necessary switched off', '{"necessary":false,"performance":true,"advertising":true}'],
    ['a missing flag', '{"necessary":true,"performance":true}'],
    ['strings instead of booleans', '{"necessary":true,"performance":"yes","advertising":"no"}'],
  ])('treats %s as no decision yet', (_name, raw) => {
    expect(parseStoredConsent(raw)).toBeNull();
  });
});
