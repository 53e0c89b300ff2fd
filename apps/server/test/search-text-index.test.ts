// The catalogue's text index against PostgreSQL itself: for random weighted documents (built by
// the same to_tsvector('english', ipsv_unaccent(...)) as the search documents) and random search
// texts (prefixes, spelling corrections, stop words, words found nowhere), the index must find
// exactly the documents `@@` finds and give each exactly the `ts_rank` PostgreSQL gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTsqueries, searchTerms, tsqueryText } from '../src/modules/search/search-text.js';
import { parseTsquery, TextIndex } from '../src/modules/search/search-text-index.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const WORDS = [
  'laparoscopic',
  'laparoscopy',
  'laparotomy',
  'cholecystectomy',
  'cholecystitis',
  'cholangiography',
  'hernia',
  'hernias',
  'inguinal',
  'repair',
  'repaired',
  'mesh',
  'robotic',
  'résumé',
  'Ångström',
  'fundoplication',
  'Nissen',
  'the',
  'with',
  'of',
  'dissection',
  'critical',
  'view',
  'safety',
  'bleeding',
  'clips',
  'tep',
  'tapp',
  'a1c',
  'Lefèvre',
];
const phrase = (length: number) => Array.from({ length }, () => pick(WORDS)).join(' ');

describe('the text index answers as PostgreSQL does', () => {
  it('finds the same documents with the same ts_rank for 300 documents and 200 search texts', async () => {
    const { pool } = database;
    await pool.query('CREATE TABLE text_index_docs (id int PRIMARY KEY, d tsvector)');
    const documents = Array.from({ length: 300 }, (_, id) => {
      // Titles are short; the lower weights hold more (and repeated) words, as the real document does.
      const parts = [
        phrase(1 + Math.floor(random() * 4)),
        phrase(Math.floor(random() * 6)),
        phrase(Math.floor(random() * 20)),
        phrase(Math.floor(random() * 12)),
      ];
      // Now and then only stop words: an empty document.
      return { id, parts: id % 97 === 3 ? ['the', 'of', '', 'with'] : parts, stripped: id % 50 === 7 };
    });
    for (const { id, parts, stripped } of documents) {
      const vector = `setweight(to_tsvector('english', ipsv_unaccent($1)), 'A') || setweight(to_tsvector('english', ipsv_unaccent($2)), 'B') ||
                      setweight(to_tsvector('english', ipsv_unaccent($3)), 'C') || setweight(to_tsvector('english', ipsv_unaccent($4)), 'D')`;
      // A document without positions (strip): PostgreSQL ranks those its own way.
      await pool.query(`INSERT INTO text_index_docs VALUES ($5, ${stripped ? `strip(${vector})` : vector})`, [...parts, id]);
    }
    const index = new TextIndex();
    const { rows: stored } = await pool.query<{ id: number; d: string }>('SELECT id, d::text AS d FROM text_index_docs');
    for (const row of stored) index.set(row.id, row.d);

    let compared = 0;
    let ranked = 0;
    for (let n = 0; n < 200; n += 1) {
      // One to three words, each cut to a prefix now and then; some with a correction or two.
      const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const word = pick(WORDS);
        return random() < 0.5 ? word.slice(0, Math.max(1, Math.floor(random() * word.length) + 1)) : word;
      });
      if (random() < 0.1) words.push('zzzunknown');
      const terms = searchTerms(words.join(' '));
      const corrections = new Map(
        terms.filter(() => random() < 0.3).map((term) => [term, [pick(WORDS).toLowerCase(), ...(random() < 0.5 ? [pick(WORDS).toLowerCase()] : [])]]),
      );
      const text = tsqueryText(terms, corrections);
      const { query } = (await pool.query<{ query: string }>(`SELECT to_tsquery('english', ipsv_unaccent($1))::text AS query`, [text])).rows[0]!;
      const { rows: expected } = await pool.query<{ id: number; rank: number }>(
        `SELECT id, ts_rank(d, to_tsquery('english', ipsv_unaccent($1)))::float8 AS rank FROM text_index_docs
         WHERE d @@ to_tsquery('english', ipsv_unaccent($1)) ORDER BY id`,
        [text],
      );
      const tree = parseTsquery(query);
      // Word by word, as the catalogue asks and keeps them, then joined: the same query.
      const pieces: string[] = [];
      for (const term of terms) {
        const piece = await pool.query<{ query: string }>(`SELECT to_tsquery('english', ipsv_unaccent($1))::text AS query`, [tsqueryText([term], corrections)]);
        pieces.push(piece.rows[0]!.query);
      }
      expect(parseTsquery(joinTsqueries(pieces)), `${text} → ${query}`).toEqual(tree);
      if (tree === null) {
        expect(expected, text).toEqual([]);
        continue;
      }
      expect(tree, query).toBeDefined();
      const found = index.match(tree!)!;
      const actual = Array.from(found.places, (id, i) => ({ id, rank: found.ranks[i] }));
      expect(actual, `${text} → ${query}`).toEqual(expected.map(({ id, rank }) => ({ id, rank: Number(rank) })));
      // A few places asked for alone (how a change is applied) give the same answer for those places.
      const among = [3, 7, 57, 120, 299, 12];
      const some = index.match(tree!, among)!;
      expect(Array.from(some.places, (id, i) => ({ id, rank: some.ranks[i] }))).toEqual(actual.filter(({ id }) => among.includes(id)));
      // And every place asked for (each document read entry by entry, not through the postings).
      const every = index.match(tree!, documents.keys())!;
      expect(Array.from(every.places, (id, i) => ({ id, rank: every.ranks[i] }))).toEqual(actual);
      compared += 1;
      ranked += expected.length;
    }
    // The comparison was about real result lists, not empty ones.
    expect(compared).toBeGreaterThan(150);
    expect(ranked).toBeGreaterThan(5000);
  });

  it('follows a changed, a removed and an added document', async () => {
    const index = new TextIndex();
    const vector = async (text: string) => (await database.pool.query<{ d: string }>(`SELECT to_tsvector('english', $1)::text AS d`, [text])).rows[0]!.d;
    index.set(0, await vector('hernia repair with mesh'));
    index.set(1, await vector('inguinal hernia'));
    const query = parseTsquery((await database.pool.query<{ q: string }>(`SELECT to_tsquery('english', 'herni:*')::text AS q`)).rows[0]!.q)!;
    expect([...index.match(query)!.places]).toEqual([0, 1]);
    index.set(0, await vector('appendectomy'));
    index.clear(1);
    index.set(2, await vector('hernias'));
    expect([...index.match(query)!.places]).toEqual([2]);
    // Many changes: the space left behind is reclaimed and every answer stays the same.
    for (let round = 0; round < 3000; round += 1) index.set(3 + (round % 5), round % 2 ? "'hernia'" : "'appendectomi':1A 'hernia':2,4B");
    expect([...index.match(query)!.places]).toEqual([2, 3, 4, 5, 6, 7]);
  });
});
