import { describe, expect, it } from 'vitest';
import {
  confirmPasswordError,
  emailSchema,
  normalisePhoneNumber,
  passwordSchema,
  passwordViolations,
  PASSWORDS_MUST_MATCH_MESSAGE,
  signUpBodySchema,
} from './auth';

const codes = (value: string) => passwordViolations(value).map((v) => v.code);

describe('password rules (spec section 5)', () => {
  it('accepts a password with every kind of character', () => {
    expect(codes('Abcdef1!')).toEqual([]);
    expect(codes('correct Horse battery 9')).toEqual([]); // a space between words is special
  });

  it('names each missing rule with the spec’s message, only that rule', () => {
    expect(passwordViolations('Ab1!')).toEqual([{ code: 'minLength', message: 'Password must have at least 8 characters' }]);
    expect(codes('ABCDEFG1!')).toEqual(['lowercase']);
    expect(codes('abcdefg1!')).toEqual(['uppercase']);
    expect(codes('Abcdefgh!')).toEqual(['numbers']);
    expect(codes('Abcdefgh1')).toEqual(['special']);
  });

  it('allows long passphrases up to 128 characters (deliberately more than the spec’s 15)', () => {
    expect(codes(`Aa1!${'x'.repeat(124)}`)).toEqual([]);
    expect(codes(`Aa1!${'x'.repeat(125)}`)).toEqual(['maxLength']);
  });

  it('refuses spaces at the ends, and a trailing space does not count as the special character', () => {
    expect(codes(' Abcdef1!')).toEqual(['edgeWhitespace']);
    expect(codes('Abcdefg1 ')).toEqual(['special', 'edgeWhitespace']);
  });

  it('counts every character of the spec’s special set', () => {
    for (const special of '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-') expect(codes(`Abcdefg1${special}`)).toEqual([]);
  });

  it('reports every broken rule through the schema', () => {
    const result = passwordSchema.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Password must have at least 8 characters',
      'Password must have upper case letters',
      'Password must have numbers',
      'Password must have special characters',
    ]);
  });
});

describe('confirm password (spec section 5)', () => {
  it('stays quiet while both are short and untouched, then asks them to match', () => {
    expect(confirmPasswordError('Abc', 'Ab', false)).toBeNull();
    expect(confirmPasswordError('Abcdef', 'Abcdeg', false)).toBe(PASSWORDS_MUST_MATCH_MESSAGE);
    expect(confirmPasswordError('Abc', 'Ab', true)).toBe(PASSWORDS_MUST_MATCH_MESSAGE);
    expect(confirmPasswordError('Abcdef1!', 'Abcdef1!', true)).toBeNull();
  });
});

describe('email', () => {
  it('trims, lower-cases and checks the local@domain pattern with a 2-3 letter top level', () => {
    expect(emailSchema.parse('  Dr.Who@Hospital.ORG ')).toBe('dr.who@hospital.org');
    expect(emailSchema.parse('a@b.co')).toBe('a@b.co');
    for (const bad of ['plain', 'a@b', 'a@b.c', 'a@b.info', 'a b@c.de', '@c.de']) {
      expect(emailSchema.safeParse(bad).error?.issues[0]?.message).toBe('Please enter a valid email');
    }
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('This field is required');
  });
});

describe('sign-up body', () => {
  it('trims names and sends the phone as dial code plus number without punctuation', () => {
    expect(normalisePhoneNumber('+49', '(030) 123-456 78')).toBe('+4903012345678');
    const parsed = signUpBodySchema.parse({ email: 'a@b.de', password: 'Abcdef1!', firstName: ' Ada ', lastName: ' L ', phoneNumber: '+15551234567' });
    expect(parsed).toMatchObject({ firstName: 'Ada', lastName: 'L', phoneNumber: '+15551234567' });
    expect(signUpBodySchema.safeParse({ email: 'a@b.de', password: 'Abcdef1!', firstName: 'A', lastName: 'L', phoneNumber: '12' }).success).toBe(false);
  });
});
