import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@ipsv/contracts/languages';
import { accountCreatedEmail, codeEmail, EMAIL_TEXTS } from './auth-emails.js';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('email texts', () => {
  const english = new Map(flatten(EMAIL_TEXTS['en-US']));

  it.each(LANGUAGE_CODES.filter((code) => code !== 'en-US'))('%s has every text, its placeholders, and is translated', (code) => {
    const texts = new Map(flatten(EMAIL_TEXTS[code]));
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholders(texts.get(key) ?? ''), key).toEqual(placeholders(text));
    const copied = [...english].filter(([key, text]) => key !== 'signature' && texts.get(key) === text);
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('puts the code on its own line and in the subject, in the recipient’s language', () => {
    const mail = codeEmail('confirmSignUp', { email: 'a@b.de', firstName: 'Ada', language: 'de' }, '123456', 10);
    expect(mail.subject).toContain('123456');
    expect(mail.text).toMatch(/^\s+123456$/m);
    expect(mail.text).toContain('10');
    expect(mail.text.startsWith(EMAIL_TEXTS.de.greeting.replace('{{name}}', 'Ada'))).toBe(true);
  });

  it('falls back to en-US for an unknown language and greets without a name when there is none', () => {
    const mail = codeEmail('resetPassword', { email: 'a@b.de', language: 'xx' }, '654321', 10);
    expect(mail.text.startsWith(EMAIL_TEXTS['en-US'].greetingNoName)).toBe(true);
    expect(accountCreatedEmail({ email: 'a@b.de', language: 'fr' }, 'Tmp-Pass1!', 'https://videos.example').text).toContain('Tmp-Pass1!');
  });
});
