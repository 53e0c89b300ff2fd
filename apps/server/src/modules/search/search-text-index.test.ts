import { describe, expect, it } from 'vitest';
import { compareLexemes, parseTsquery, parseTsvector, TextIndex } from './search-text-index.js';

describe('the text index: what it reads from PostgreSQL', () => {
  it("reads a tsvector's output form: quotes and backslashes escaped, weights, lexemes without positions", () => {
    const seen: string[] = [];
    const intern = (text: string, from: number, to: number) => seen.push(text.slice(from, to)) - 1;
    expect(parseTsvector(`'cholecystectomi':1A,7C 'it''s':3 'a\\\\b':4B 'strip'`, intern)).toEqual({
      lexemes: [0, 1, 2, 3],
      counts: [2, 1, 1, 0],
      positions: [(3 << 14) | 1, (1 << 14) | 7, 3, (2 << 14) | 4],
    });
    expect(seen).toEqual(['cholecystectomi', "it's", 'a\\b', 'strip']);
    // The arrays are emptied and reused.
    const into = parseTsvector(`'hernia':1A`, intern);
    expect(parseTsvector('', intern, into)).toBe(into);
    expect(into).toEqual({ lexemes: [], counts: [], positions: [] });
    expect(() => parseTsvector('cholecystectomi:1', intern)).toThrow('not a tsvector');
  });

  it('keeps a document set again as it was, and takes a different one even of the same length', () => {
    const index = new TextIndex();
    const places = (lexeme: string) => [...index.match({ lexeme, prefix: false })!.places];
    index.set(0, `'hernia':1A`);
    index.set(1, `'hernia':2B`);
    index.set(0, `'hernia':1A`);
    expect(places('hernia')).toEqual([0, 1]);
    index.set(0, `'hernib':1A`);
    expect(places('hernia')).toEqual([1]);
    expect(places('hernib')).toEqual([0]);
    // The same words at other positions: the same length, another rank.
    const rank = () => index.match({ lexeme: 'hernia', prefix: false })!.ranks[0];
    const before = rank();
    index.set(1, `'hernia':2A`);
    expect(rank()).not.toBe(before);
    index.set(1, null);
    expect(places('hernia')).toEqual([]);
  });

  it('ranks a document written again as a fresh index ranks it: its old entries, still in the postings, count for nothing', () => {
    const texts = [`'chole':* & 'lap':*`, `'chole':* | 'hernia'`, `'hernia'`];
    const fresh = new TextIndex();
    fresh.set(0, `'cholecystectomi':1A,9C 'laparoscop':2A 'hernia':5B`);
    fresh.set(1, `'cholecystectomi':3B 'laparoscop':1A`);
    const changed = new TextIndex();
    changed.set(0, `'cholecystectomi':4A 'laparoscop':5A,6B 'hernia':1A`);
    changed.set(1, `'cholecystectomi':3B 'laparoscop':1A`);
    changed.set(2, `'hernia':1A 'laparoscop':2A`);
    changed.set(0, `'cholecystectomi':1A,9C 'laparoscop':2A 'hernia':5B`);
    changed.clear(2);
    for (const text of texts) {
      const query = parseTsquery(text)!;
      const of = (index: TextIndex) => {
        const { places, ranks } = index.match(query)!;
        return [...places].map((place, i) => [place, ranks[i]]);
      };
      expect(of(changed), text).toEqual(of(fresh));
    }
  });

  it('ranks a few documents one by one exactly as it ranks every match from the postings', () => {
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = ['cholecystectomi', 'cholangiographi', 'chole', 'laparoscop', 'lapar', 'hernia', 'mesh', 'repair'];
    const index = new TextIndex();
    for (let place = 0; place < 300; place += 1) {
      const chosen = words.filter(() => random() < 0.4).sort(compareLexemes);
      // A few positions each, with every weight, some far apart (ts_rank's pairs read distances).
      const entry = (word: string) =>
        `'${word}':${Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${1 + Math.floor(random() * 120)}${'ABCD'[Math.floor(random() * 4)]}`)
          .sort((a, b) => parseInt(a) - parseInt(b))
          .filter((p, i, all) => i === 0 || parseInt(p) !== parseInt(all[i - 1]!))
          .join(',')}`;
      index.set(place, chosen.length ? chosen.map(entry).join(' ') : null);
    }
    // The last has more operands than one document's check reads from a table (it walks the query).
    const many = `( 'chol':* & 'lap':* ) | ( 'hernia' & 'mesh' ) | ( 'repair' & 'lapar':* ) | ( 'cholangiographi' & 'repair' ) | ( 'chole' & 'hernia' ) | ( 'laparoscop' & 'mesh' ) | 'cholecystectomi'`;
    for (const text of [`'chol':* & 'lap':*`, `'chole':* | 'hernia'`, `'hernia'`, `'lapar':* & 'mesh' & 'repair'`, `( 'chol':* | 'hernia' ) & 'lap':*`, many]) {
      const query = parseTsquery(text)!;
      const all = index.match(query)!;
      expect(all.places.length, text).toBeGreaterThan(10);
      expect([...index.matching(query)!], text).toEqual([...all.places]);
      // Every other match, and a place that does not match: ranked alone, each as among all.
      const some = [...all.places].filter((_, i) => i % 2 === 0);
      const alone = index.match(query, [...some, 299, ...some.slice(0, 3)])!;
      const rankOf = new Map([...all.places].map((place, i) => [place, all.ranks[i]]));
      expect(
        [...alone.places].map((place, i) => [place, alone.ranks[i]]),
        text,
      ).toEqual(
        some
          .concat(rankOf.has(299) ? [299] : [])
          .sort((a, b) => a - b)
          .map((place) => [place, rankOf.get(place)]),
      );
    }
  });

  it('knows a lexeme again by its characters, across documents and as the table grows', () => {
    const index = new TextIndex();
    const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
    words.forEach((word, place) => index.set(place, `'${word}':1A 'shared':2`));
    // Every document again, in another order: the same lexemes, so each word still matches one video.
    words.forEach((word, place) => index.set(place, `'shared':3 '${words[(place + 1) % words.length]}':1A`));
    expect([...index.match({ lexeme: 'w0', prefix: false })!.places]).toEqual([words.length - 1]);
    expect([...index.match({ lexeme: 'w1', prefix: false })!.places]).toEqual([0]);
    expect(index.match({ lexeme: 'shared', prefix: false })!.places.length).toBe(words.length);
  });

  it("reads a tsquery's output form, and refuses what it does not evaluate", () => {
    expect(parseTsquery(`( 'chole':* | 'cholecystectomi' ) & 'lap':*`)).toEqual({
      op: '&',
      left: { op: '|', left: { lexeme: 'chole', prefix: true }, right: { lexeme: 'cholecystectomi', prefix: false } },
      right: { lexeme: 'lap', prefix: true },
    });
    expect(parseTsquery(`'o''neil':*`)).toEqual({ lexeme: "o'neil", prefix: true });
    // Only stop words: the empty query, which matches nothing.
    expect(parseTsquery('')).toBeNull();
    // Phrases, negation and weight labels: PostgreSQL answers those.
    for (const text of [`'hernia' <-> 'repair'`, `!'hernia'`, `'hernia':A`, `'hernia':*B`, `'hernia' & 'repair' <2> 'mesh'`, `'unterminated`]) {
      expect(parseTsquery(text), text).toBeUndefined();
    }
  });

  it('orders lexemes by code point, as PostgreSQL orders their UTF-8 bytes', () => {
    // UTF-16 puts a surrogate pair (U+1F600) before U+FF21; code points and UTF-8 bytes do not.
    expect(compareLexemes('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect(compareLexemes('abc', 'abd')).toBeLessThan(0);
    expect(compareLexemes('ab', 'abc')).toBeLessThan(0);
    expect(compareLexemes('ab', 'ab')).toBe(0);
  });

  it('matches prefixes, AND and OR over every document, and a place left empty matches nothing', () => {
    const index = new TextIndex();
    index.set(0, `'cholecystectomi':1A 'laparoscop':2A`);
    index.set(1, `'cholangiographi':1A`);
    index.set(2, `'hernia':1A 'laparoscop':2A`);
    index.set(3, null);
    const places = (text: string) => [...index.match(parseTsquery(text)!)!.places];
    expect(places(`'chol':*`)).toEqual([0, 1]);
    expect(places(`'chol':* & 'laparoscop'`)).toEqual([0]);
    expect(places(`'hernia' | 'cholangiographi'`)).toEqual([1, 2]);
    expect(places(`'laparoscopi'`)).toEqual([]);
    index.clear(0);
    expect(places(`'chol':*`)).toEqual([1]);
  });

  it('keeps the places of a lexeme most documents hold current through changes, new places and compactions', () => {
    const index = new TextIndex();
    const documents = new Map<number, string | null>();
    const set = (place: number, text: string | null) => {
      documents.set(place, text);
      index.set(place, text);
    };
    for (let place = 0; place < 64; place += 1) set(place, place % 2 ? `'laparoscop':1A` : `'hernia':1A`);
    const places = (target: TextIndex, text: string) => [...target.match(parseTsquery(text)!)!.places];
    // Half the documents hold it: its places are kept as bits from this search on.
    expect(places(index, `'laparoscop'`)).toEqual(Array.from({ length: 32 }, (_, i) => 2 * i + 1));
    set(1, `'hernia':1A`);
    set(2, `'laparoscop':3`);
    index.clear(3);
    documents.set(3, null);
    set(100, `'laparoscop':1 'hernia':2`);
    const same = (when: string) => {
      const fresh = new TextIndex();
      for (const [place, text] of documents) fresh.set(place, text);
      for (const text of [`'laparoscop'`, `'lap':*`, `'hernia'`, `'laparoscop' & 'hernia'`, `'laparoscop' | 'hernia'`]) {
        expect(places(index, text), `${when}: ${text}`).toEqual(places(fresh, text));
      }
    };
    same('changed');
    expect(places(index, `'laparoscop'`)).toContain(100);
    expect(places(index, `'laparoscop'`)).not.toContain(1);
    expect(places(index, `'laparoscop'`)).not.toContain(3);
    // Rewritten again and again, searched meanwhile, so that the index compacts itself several times.
    for (let round = 0; round < 200; round += 1) {
      for (let place = 10; place < 60; place += 1) set(place, (place + round) % 3 ? `'laparoscop':${1 + (round % 2)}A` : `'hernia':1A`);
      if (round % 10 === 9) same(`round ${round}`);
    }
  });
});
