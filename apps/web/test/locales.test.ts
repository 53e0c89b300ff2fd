// Every locale carries every key of en-US (the fullest set), keeps its {{placeholders}}, and is a
// real translation rather than an English copy.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@ipsv/contracts/languages';

const dir = path.resolve(__dirname, '../src/locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const load = (code: string) => flatten(JSON.parse(readFileSync(path.join(dir, `${code}.json`), 'utf8')) as Tree);
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The plural forms a language uses for everyday counts (0 to 1,000), as i18next looks them up. */
const everydayForms = (code: string) => {
  const rules = new Intl.PluralRules(code);
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
};
const english = load('en-US');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// The product's name is a proper noun and stays in English everywhere.
const SAME_IN_EVERY_LANGUAGE = new Set(['app.name']);

describe('locales', () => {
  it('exist for exactly the twelve interface languages', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES.filter((code) => code !== 'en-US'))('%s', (code) => {
    const locale = load(code);

    // Plural keys follow the language's own forms (Russian has four, Japanese one), not English's two.
    const forms = everydayForms(code);
    const allowed = new Set(new Intl.PluralRules(code).resolvedOptions().pluralCategories);
    const expected = new Set([...english.keys()].flatMap((key) => (PLURAL.test(key) ? [...forms].map((form) => key.replace(PLURAL, `_${form}`)) : [key])));

    it('has every key of en-US and no other, with the plural forms of its language', () => {
      const missing = [...expected].filter((key) => !locale.has(key));
      const extra = [...locale.keys()].filter(
        (key) =>
          !expected.has(key) && !(PLURAL.test(key) && english.has(key.replace(PLURAL, '_other')) && allowed.has(key.match(PLURAL)![1] as Intl.LDMLPluralRule)),
      );
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps the placeholders of every string', () => {
      for (const [key, text] of locale) {
        const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other')) ?? '';
        expect(placeholders(text), key).toEqual(placeholders(source));
      }
    });

    it('is translated, not copied from English', () => {
      const copied = [...english].filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.has(key) && locale.get(key) === text && /[a-z]{4,}/i.test(text));
      // A few words are spelled the same in some languages ("Hernia" in Spanish, "Video" and
      // "Editor" in German); more than 5 % of the strings means an untranslated copy.
      expect(copied.length, copied.map(([key]) => key).join(', ')).toBeLessThanOrEqual(Math.ceil(english.size * 0.05));
      expect(locale.get('app.name')).toBe(english.get('app.name'));
    });
  });
});
