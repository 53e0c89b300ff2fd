// The segment a search result shows, picked in memory by the catalogue (`Catalogue.bestSegments`),
// against PostgreSQL's own query for it (`segmentMatches`, the stored segment documents of
// migration 0014): for published videos with random segments and random search texts (prefixes,
// stop words, corrections, words in no segment), both must pick the same segment of every video.
// And a segment edited after publication (moved, renamed, added, deleted) is what the next search shows.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchCatalogue } from '../src/modules/search/search-catalogue.js';
import { createSearchRepository } from '../src/modules/search/search.repository.js';
import { searchTerms, tsqueryWords } from '../src/modules/search/search-text.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let scratch: string;
beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-search-segments-'));
  await database.pool.query(
    `INSERT INTO users (id, name, email, email_verified, role) VALUES ('owner-1', 'Ada Surgeon', 'ada@segments.org', true, 'provider')`,
  );
});
afterAll(async () => {
  await database?.drop();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const WORDS = [
  'critical',
  'view',
  'safety',
  'port',
  'placement',
  'clipping',
  'clips',
  'cystic',
  'duct',
  'artery',
  'hepatocystic',
  'triangle',
  'dissection',
  'dissecting',
  'the',
  'of',
  'mesh',
  'hernia',
  'bleeding',
  'extraction',
  'résection',
  'Calot',
];
const phrase = (length: number) => Array.from({ length }, () => pick(WORDS)).join(' ');

type Segment = { startTime: number; endTime: number; title: string; category: null; description: string };

async function publish(title: string, segments: Segment[]): Promise<string> {
  const videos = createVideosRepository(database.db);
  const row = await videoInState({ videos, storage: createLocalStorage(path.join(scratch, 'media')) }, 'owner-1', 'published');
  await videos.update(row.id, { title });
  await videos.replaceSegments(row.id, segments, {});
  return row.id;
}

describe('the segment a result shows', () => {
  it('is the one PostgreSQL picks, for 14 videos of random segments and 150 search texts', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 14; n += 1) {
      // Distinct start times: PostgreSQL's order leaves two segments starting together unordered.
      const segments = Array.from({ length: n % 7 }, (_, k) => ({
        startTime: k * 30 + Math.floor(random() * 20),
        endTime: k * 30 + 25,
        title: phrase(1 + Math.floor(random() * 3)),
        category: null,
        description: random() < 0.6 ? phrase(Math.floor(random() * 8)) : '',
      }));
      ids.push(await publish(`Comparison video ${n}`, segments));
    }
    const repository = createSearchRepository(database.db);
    const catalogue = createSearchCatalogue(repository);
    let shown = 0;
    for (let n = 0; n < 150; n += 1) {
      const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const word = pick(WORDS).toLowerCase();
        return random() < 0.4 ? word.slice(0, 2 + Math.floor(random() * (word.length - 1))) : word;
      });
      // Now and then a misspelt word (its corrections) or one found nowhere.
      if (random() < 0.15) words.push(pick(['critcal', 'disection', 'zzzunknown']));
      // The title's word: every video matches, so every one has a segment to pick (or none).
      const terms = searchTerms(`comparison ${words.join(' ')}`);
      const set = await catalogue.matching(terms);
      expect(set.parts, terms.join(' ')).not.toBeNull();
      const inMemory = await catalogue.segments(set, ids);
      const rows = await repository.segmentMatches(tsqueryWords(set.text), ids);
      const expected = new Map(ids.map((id) => [id, null as { title: string; startTime: number } | null]));
      for (const row of rows) expected.set(row.video_id, { title: row.title, startTime: Number(row.start_time) });
      expect(inMemory, `${set.text}`).toEqual(expected);
      shown += rows.length;
    }
    // The comparison was about segments shown, not empty answers.
    expect(shown).toBeGreaterThan(300);
  });

  it('follows a segment moved, renamed, added or deleted after publication', async () => {
    const videos = createVideosRepository(database.db);
    const segment = (startTime: number, title: string): Segment => ({ startTime, endTime: startTime + 10, title, category: null, description: '' });
    const id = await publish('Edited segments video', [segment(0, 'Port placement'), segment(40, 'Critical view of safety')]);
    const catalogue = createSearchCatalogue(createSearchRepository(database.db));
    const shown = async (text: string) => (await catalogue.segments(await catalogue.matching(searchTerms(text)), [id])).get(id);
    expect(await shown('edited critical')).toEqual({ title: 'Critical view of safety', startTime: 40 });
    // Moved in time: the video's search document is the same, the start time is not.
    await videos.replaceSegments(id, [segment(0, 'Port placement'), segment(55, 'Critical view of safety')], {});
    expect(await shown('edited critical')).toEqual({ title: 'Critical view of safety', startTime: 55 });
    await videos.replaceSegments(id, [segment(0, 'Port placement'), segment(55, 'Critical view'), segment(90, 'Clipping the cystic duct')], {});
    expect(await shown('edited critical safety')).toEqual({ title: 'Critical view', startTime: 55 });
    expect(await shown('edited cystic')).toEqual({ title: 'Clipping the cystic duct', startTime: 90 });
    // One row moved by itself (its video's search document unchanged): the change log has it too.
    await database.pool.query(`UPDATE video_segments SET start_time = 120, end_time = 130 WHERE video_id = $1 AND start_time = 90`, [id]);
    expect(await shown('edited cystic')).toEqual({ title: 'Clipping the cystic duct', startTime: 120 });
    await videos.replaceSegments(id, [], {});
    expect(await shown('edited cystic')).toBeNull();
  });
});
