import { describe, expect, it } from 'vitest';
import { UPLOAD_DATE_DAYS, UPLOAD_DATES } from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import { Catalogue, createSearchCatalogue, evaluate, facetValues, HitSet, type EvaluateOptions, type SearchFilters } from './search-catalogue.js';
import { watcher, type WatchFacts } from '../videos/video-access.js';
import { parseTsquery } from './search-text-index.js';
import type { CatalogueRow } from './search.repository.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');

let next = 0;
const row = (fields: Partial<CatalogueRow> = {}): CatalogueRow => ({
  id: `video-${String((next += 1)).padStart(3, '0')}`,
  owner_id: 'owner',
  visibility: 'signed_in',
  whitelist: [],
  list_entries: [],
  access_grants: [],
  published_version: 1,
  taken_down: false,
  title: 'A video',
  surgery_type_id: 1,
  surgery_year: 2024,
  poster: null,
  duration_seconds: 600,
  height: 1080,
  fps: 30,
  patient_gender: 'female',
  weight_class: 'normal',
  pgs_grade: null,
  created_ms: NOW - DAY * 10,
  published_ms: NOW - DAY * 9,
  views: 0,
  first_name: 'Ana',
  last_name: 'Silva',
  picture_key: null,
  ...fields,
});

const NO_FILTERS: SearchFilters = { surgeryType: SURGERY_TYPE_ALL, resolution: [], duration: [], frameRate: [], gender: [], bmi: [], pgs: [] };
/** A first page of 20 with its total, for a viewer who may watch everything. */
const EVERYTHING: EvaluateOptions = {
  viewer: { id: 'nobody', canSee: () => true },
  filters: NO_FILTERS,
  offset: 0,
  limit: 20,
  total: true,
  facets: false,
  now: NOW,
};
const run = (rows: CatalogueRow[], options: Partial<EvaluateOptions> & { sort?: Parameters<HitSet['in']>[0] } = {}) =>
  evaluate(HitSet.all(new Catalogue(rows)), options.sort ?? 'DATE_ADDED_NEW', { ...EVERYTHING, ...options });
const ids = (result: ReturnType<typeof run>) => result.page.map((r) => r.id);
/** A seeded random number in [0, 1), and a pick from a list with it: the same data every run. */
const seeded = (seed: number) => {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return { random, pick: <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]! };
};
/** A test row's access facts as `watcher` reads them. */
const factsOf = (r: CatalogueRow): WatchFacts => ({
  ownerId: r.owner_id,
  visibility: r.visibility,
  whitelist: r.whitelist,
  listEntries: [],
  accessGrants: [],
  publishedVersion: 1,
  takenDownAt: r.taken_down ? new Date(NOW) : null,
});

describe('search catalogue: filters, facets and paging in memory', () => {
  it('puts each video in the resolution, duration and frame-rate class the SQL filters used', () => {
    const classes = (fields: Partial<CatalogueRow>) => facetValues(row(fields));
    expect(classes({ height: null, duration_seconds: null, fps: null })).toMatchObject({ resolution: '720p', duration: null, frameRate: null });
    expect(classes({ height: 1079, duration_seconds: 30 * 60 - 1, fps: 25 })).toMatchObject({ resolution: '720p', duration: '0-30', frameRate: '24-25' });
    expect(classes({ height: 1080, duration_seconds: 30 * 60, fps: 29.97 })).toMatchObject({ resolution: '1080p', duration: '30-60', frameRate: '30' });
    expect(classes({ height: 2160, duration_seconds: 3 * 3600, fps: 59.94 })).toMatchObject({ resolution: '4K', duration: '120+', frameRate: '50-60' });
  });

  it('counts a facet value with every other filter applied, and a video without the value nowhere', () => {
    const rows = [
      row({ patient_gender: 'female', height: 1080 }),
      row({ patient_gender: 'male', height: 1080 }),
      row({ patient_gender: 'female', height: 720 }),
      row({ patient_gender: null, height: 1080 }),
      row({ patient_gender: 'male', height: 2160, created_ms: NOW - DAY * 2 }),
    ];
    const result = run(rows, { filters: { ...NO_FILTERS, gender: ['female'], resolution: ['1080p'] }, facets: true });
    expect(ids(result)).toEqual([rows[0]!.id]);
    expect(result.total).toBe(1);
    const facets = Object.fromEntries(result.facets!.map(({ facet, value, n }) => [`${facet}:${value}`, n]));
    // Gender counts among 1080p videos; resolution among female ones; the rest among the one result.
    expect(facets).toMatchObject({ 'gender:female': 1, 'gender:male': 1, 'resolution:1080p': 1, 'resolution:720p': 1, 'frameRate:30': 1 });
    expect(facets['gender:null']).toBeUndefined();
    expect(facets['resolution:4K']).toBeUndefined();
    expect(facets).toMatchObject({ 'uploaded:month': 1, 'uploaded:threeMonths': 1 });
    expect(facets['uploaded:week']).toBeUndefined();
  });

  it('filters on upload date, owner and access before paging, and counts every page', () => {
    // Private videos: the viewer sees only their own.
    const rows = Array.from({ length: 30 }, (_, i) =>
      row({ visibility: 'private', created_ms: NOW - DAY * i - 1000, owner_id: i % 3 === 0 ? 'other' : 'owner' }),
    );
    const hidden = new Set([rows[1]!.id, rows[2]!.id]);
    const week = run(rows, { filters: { ...NO_FILTERS, uploaded: 'week' }, viewer: { id: 'owner', canSee: () => false } });
    // Days 0-6, without the other owner's days 0, 3 and 6.
    expect(week.total).toBe(4);
    const second = run(
      rows.filter((r) => !hidden.has(r.id)),
      { offset: 5, limit: 5, filters: { ...NO_FILTERS, owner: 'owner' }, viewer: { id: 'nobody', canSee: () => true } },
    );
    expect(second.total).toBe(18);
    expect(second.page).toHaveLength(5);
    expect(second.page.every((r) => r.owner_id === 'owner')).toBe(true);
  });

  it('sorts as PostgreSQL did: ties by id, no publication date first when newest, popularity without views last', () => {
    const a = row({ id: 'b', views: null, published_ms: NOW - DAY });
    const b = row({ id: 'a', views: 5, published_ms: NOW - DAY * 3 });
    const c = row({ id: 'c', views: 5, published_ms: NOW - DAY * 2 });
    const d = row({ id: 'd', views: 0, published_ms: null });
    expect(ids(run([a, b, c, d], { sort: 'POPULAR', total: false }))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(run([a, b, c, d], { sort: 'DATE_PUBLISH_NEW' }))).toEqual(['d', 'b', 'c', 'a']);
    expect(ids(run([a, b, c, d], { sort: 'DATE_PUBLISH_OLD' }))).toEqual(['a', 'c', 'b', 'd']);
    const same = [row({ id: 'y', created_ms: NOW }), row({ id: 'x', created_ms: NOW })];
    expect(ids(run(same, { sort: 'DATE_ADDED_NEW' }))).toEqual(['x', 'y']);
    expect(ids(run(same, { sort: 'DATE_ADDED_OLD' }))).toEqual(['x', 'y']);
  });

  it("orders a text's hits from the whole catalogue's orders exactly as comparing them one by one does", () => {
    const { random } = seeded(11);
    // Few distinct dates, views and ranks, so most hits tie on a key and the next key decides.
    const rows = Array.from({ length: 400 }, (_, i) =>
      row({
        id: `t-${String(Math.floor(random() * 1e6)).padStart(6, '0')}-${i}`,
        created_ms: NOW - DAY * Math.floor(random() * 5),
        published_ms: random() < 0.1 ? null : NOW - DAY * Math.floor(random() * 5),
        views: random() < 0.1 ? null : Math.floor(random() * 4),
      }),
    );
    const catalogue = new Catalogue(rows);
    const whole = HitSet.all(catalogue);
    const RANKS = [1e-20, 0.0607927, 0.243171, 0.6079271, 0.9].map(Math.fround);
    const hits = [...rows.keys()].filter(() => random() < 0.6);
    const videos = Int32Array.from(hits);
    const ranks = Float32Array.from(hits, () => RANKS[Math.floor(random() * RANKS.length)]!);
    const fast = new HitSet(catalogue, 'text', videos, ranks, whole);
    const plain = new HitSet(catalogue, 'text', videos, ranks);
    for (const sort of ['RELEVANCE', 'POPULAR', 'DATE_ADDED_NEW', 'DATE_ADDED_OLD', 'DATE_PUBLISH_NEW', 'DATE_PUBLISH_OLD'] as const) {
      expect([...fast.in(sort)], sort).toEqual([...plain.in(sort)]);
    }
    // Higher ranks first, and the order really is relevance's (not the catalogue's own).
    const order = fast.in('RELEVANCE');
    const rankOf = new Map(hits.map((place, i) => [place, ranks[i]!]));
    expect(rankOf.get(order[0]!)).toBe(Math.fround(0.9));
    expect(rankOf.get(order.at(-1)!)).toBe(Math.fround(1e-20));
  });
  it('reads a hit’s rank by halving for a few videos and from its bits for many, alike', () => {
    const { random } = seeded(5);
    const rows = Array.from({ length: 10_000 }, () => row());
    const catalogue = new Catalogue(rows);
    const hits = [...rows.keys()].filter(() => random() < 0.3);
    const ranks = Float32Array.from(hits, (place) => Math.fround(0.001 + place / 20_000));
    const expected = new Map(hits.map((place, i) => [place, ranks[i]!]));
    for (const whole of [HitSet.all(catalogue), null]) {
      const set = new HitSet(catalogue, 'text', Int32Array.from(hits), ranks, whole);
      // Hits and videos it does not hold (0), first and last places included.
      const pick = (n: number) => [0, 9_999, ...Array.from({ length: n - 2 }, () => Math.floor(random() * 10_000))];
      for (const n of [2, 5, 9, 10, 500, 3_000]) {
        const videos = pick(n);
        expect([...set.ranksOf(videos)], `${n} videos`).toEqual(videos.map((video) => expected.get(video) ?? 0));
      }
    }
  });

  it('stops at the end of the page when no total or facet is wanted, and asks once per kind of access', () => {
    let asked = 0;
    const viewer = {
      id: 'nobody',
      canSee: () => {
        asked += 1;
        return true;
      },
    };
    // Each on its own list: one question per video.
    const rows = Array.from({ length: 100 }, (_, i) => row({ visibility: 'whitelist', whitelist: [`@hospital-${i}.org`] }));
    const result = run(rows, { limit: 12, total: false, viewer });
    expect(result.page).toHaveLength(12);
    expect(result.total).toBeNull();
    expect(asked).toBe(12);
    // The same list on every video: one question for all of them.
    asked = 0;
    expect(
      run(
        rows.map((r) => ({ ...r, whitelist: ['@hospital.org'] })),
        { viewer },
      ).total,
    ).toBe(100);
    expect(asked).toBe(1);
  });
});

describe('search catalogue: the shared part of a search', () => {
  // A plain reading of the rules, to compare with: filter, access, sort, page; facets one by one.
  const reference = (
    rows: CatalogueRow[],
    sort: 'DATE_ADDED_NEW' | 'POPULAR',
    filters: SearchFilters,
    canSee: (r: CatalogueRow) => boolean,
    offset: number,
  ) => {
    const passes = (r: CatalogueRow, skip?: string) => {
      const values = facetValues(r);
      if (skip !== 'gender' && filters.gender.length && !filters.gender.includes(values.gender ?? '')) return false;
      if (skip !== 'resolution' && filters.resolution.length && !(filters.resolution as string[]).includes(values.resolution ?? '')) return false;
      if (skip !== 'uploaded' && filters.uploaded === 'week' && r.created_ms < NOW - 7 * DAY) return false;
      return true;
    };
    const visible = rows.filter(canSee);
    const results = visible
      .filter((r) => passes(r))
      .sort((a, b) =>
        sort === 'POPULAR'
          ? (b.views ?? -1) - (a.views ?? -1) || (b.published_ms ?? 0) - (a.published_ms ?? 0) || (a.id < b.id ? -1 : 1)
          : b.created_ms - a.created_ms || (a.id < b.id ? -1 : 1),
      );
    const facet = (name: 'gender' | 'resolution' | 'frameRate', value: string) =>
      visible.filter((r) => passes(r, name) && facetValues(r)[name] === value).length;
    // Every value's count (a value no result would have is left out, as the search leaves it out).
    const counts = [
      ...['female', 'male'].map((value) => [`gender:${value}`, facet('gender', value)] as const),
      ...['720p', '1080p', '4K'].map((value) => [`resolution:${value}`, facet('resolution', value)] as const),
      ['frameRate:30', facet('frameRate', '30')] as const,
      ...UPLOAD_DATES.map(
        (option) =>
          [`uploaded:${option}`, visible.filter((r) => passes(r, 'uploaded') && r.created_ms >= NOW - UPLOAD_DATE_DAYS[option] * DAY).length] as const,
      ),
    ];
    return {
      ids: results.slice(offset, offset + 10).map((r) => r.id),
      total: results.length,
      facets: Object.fromEntries(counts.filter(([, n]) => n > 0)),
    };
  };

  it('gives every viewer what a plain reading of the rules gives, page by page', () => {
    const { random, pick } = seeded(7);
    const rows = Array.from({ length: 400 }, (_, i) =>
      row({
        id: `r${String(i).padStart(4, '0')}`,
        owner_id: pick(['ana', 'ben', 'chen']),
        visibility: pick(['signed_in', 'signed_in', 'signed_in', 'whitelist', 'private'] as const),
        whitelist: ['@clinic.org'],
        taken_down: random() < 0.05,
        patient_gender: pick(['female', 'male', null]),
        height: pick([720, 1080, 2160]),
        created_ms: NOW - Math.floor(random() * 20) * DAY,
        views: pick([null, 0, 3, 3, 10]),
        published_ms: NOW - Math.floor(random() * 20) * DAY,
      }),
    );
    const set = HitSet.all(new Catalogue(rows));
    const viewers = [
      { id: 'ana', email: 'ana@clinic.org', role: 'provider' as const },
      { id: 'dan', email: 'dan@elsewhere.org', role: 'viewer' as const },
      { id: 'eve', email: 'eve@clinic.org', role: 'viewer' as const },
      // Decides as eve does and owns nothing: shares eve's part of each search.
      { id: 'fay', email: 'fay@clinic.org', role: 'viewer' as const },
      { id: 'chen', email: 'chen@elsewhere.org', role: 'provider' as const },
      { id: 'root', email: 'root@elsewhere.org', role: 'admin' as const },
    ];
    const filterSets: SearchFilters[] = [
      NO_FILTERS,
      { ...NO_FILTERS, gender: ['female'] },
      { ...NO_FILTERS, gender: ['female'], resolution: ['1080p'], uploaded: 'week' },
    ];
    for (const viewer of viewers)
      for (const filters of filterSets)
        for (const sort of ['DATE_ADDED_NEW', 'POPULAR'] as const)
          for (const offset of [0, 10, 40]) {
            const canSee = watcher(viewer, new Date(NOW));
            const result = evaluate(set, sort, { viewer: { id: viewer.id, canSee }, filters, offset, limit: 10, total: true, facets: true, now: NOW });
            const facets = Object.fromEntries(
              result
                .facets!.filter(({ facet }) => ['gender', 'resolution', 'frameRate', 'uploaded'].includes(facet))
                .map(({ facet, value, n }) => [`${facet}:${value}`, n]),
            );
            const expected = reference(rows, sort, filters, (r) => canSee(factsOf(r)), offset);
            expect({ ids: result.page.map((r) => r.id), total: result.total, facets }, `${viewer.id} ${sort} ${JSON.stringify(filters)} ${offset}`).toEqual(
              expected,
            );
          }
  });
});

describe('search catalogue: relevance', () => {
  it('ranks only what passes the filters and access, in the order ranking every hit gives', () => {
    const { random, pick } = seeded(3);
    // Few words and positions: many hits tie on rank, and the publication date decides.
    const rows = Array.from({ length: 300 }, (_, i) =>
      row({
        id: `h${String(i).padStart(4, '0')}`,
        owner_id: pick(['ana', 'ben']),
        visibility: pick(['signed_in', 'signed_in', 'whitelist', 'private'] as const),
        whitelist: ['@clinic.org'],
        patient_gender: pick(['female', 'male']),
        published_ms: NOW - Math.floor(random() * 6) * DAY,
        document: pick([`'cholecystectomi':1A`, `'cholecystectomi':3B 'laparoscop':1A`, `'cholecystectomi':2A,9C 'laparoscop':4A`, `'hernia':1A`]),
      }),
    );
    const catalogue = new Catalogue(rows);
    const whole = HitSet.all(catalogue);
    const query = parseTsquery(`'chol':* | 'laparoscop'`)!;
    const all = catalogue.text.match(query)!;
    // Every hit ranked first and sorted by comparing hits one by one: the plain reading.
    const plain = new HitSet(catalogue, 'text', all.places, Float32Array.from(all.ranks)).in('RELEVANCE');
    for (const viewer of [
      { id: 'ana', email: 'ana@clinic.org', role: 'provider' as const },
      { id: 'dan', email: 'dan@elsewhere.org', role: 'viewer' as const },
    ])
      for (const gender of [[], ['female']])
        for (const offset of [0, 20, 100]) {
          // A new set each time: its ranks are worked out by this search alone.
          const set = new HitSet(catalogue, 'text', catalogue.text.matching(query)!, new Float32Array(all.places.length).fill(NaN), whole, query);
          const canSee = watcher(viewer, new Date(NOW));
          const options = { ...EVERYTHING, viewer: { id: viewer.id, canSee }, filters: { ...NO_FILTERS, gender }, offset, facets: true };
          const result = evaluate(set, 'RELEVANCE', options);
          const expected = [...plain]
            .map((place) => catalogue.rows[place]!)
            .filter((r) => !gender.length || r.patient_gender === 'female')
            .filter((r) => canSee(factsOf(r)));
          const label = `${viewer.id} ${gender} ${offset}`;
          expect(
            result.page.map((r) => r.id),
            label,
          ).toEqual(expected.slice(offset, offset + 20).map((r) => r.id));
          expect(result.total, label).toBe(expected.length);
          // Not every hit was ranked when the filters left some out.
          if (gender.length) expect(set.ranks.some(Number.isNaN), label).toBe(true);
          // A set without the whole catalogue's orders (while it is being refilled) orders its own.
          const alone = new HitSet(catalogue, 'text', catalogue.text.matching(query)!, new Float32Array(all.places.length).fill(NaN), null, query);
          const own = evaluate(alone, 'RELEVANCE', options);
          expect(
            own.page.map((r) => r.id),
            label,
          ).toEqual(result.page.map((r) => r.id));
        }
  });
});

describe('search catalogue: loading and changes', () => {
  /** A title as PostgreSQL would print its tsvector without stemming: each word with its positions, weight A. */
  const documentOf = (title: string) => {
    const positions = new Map<string, number[]>();
    (title.toLowerCase().match(/[a-z]+/g) ?? []).forEach((word, i) => positions.set(word, [...(positions.get(word) ?? []), i + 1]));
    return [...positions.keys()]
      .sort()
      .map(
        (word) =>
          `'${word}':${positions
            .get(word)!
            .map((position) => `${position}A`)
            .join(',')}`,
      )
      .join(' ');
  };
  // A database in miniature: published rows with their documents, a change log with transaction ids.
  const database = () => {
    const rows = new Map([row({ id: 'v1', title: 'Cholecystectomy' }), row({ id: 'v2', title: 'Hernia' })].map((r) => [r.id, r]));
    /** Each video's segments in time order: title and start. */
    const segments = new Map<string, [string, number][]>([
      [
        'v1',
        [
          ['Port placement', 0],
          ['Cholecystectomy clipping', 8],
          ['Cholecystectomy extraction', 20],
        ],
      ],
    ]);
    const log: { id: number; video: string | null; txid: number }[] = [];
    let xid = 100;
    const calls = { catalogue: 0, catalogueOf: [] as string[][], tsquery: 0, matches: 0, segments: 0, versions: 0, changes: 0 };
    const search: Parameters<typeof createSearchCatalogue>[0] = {
      catalogueVersion: async (horizon) => {
        calls.versions += 1;
        const since = log.filter((entry) => entry.txid >= Number(horizon));
        return { version: `${since.length}:${since.reduce((sum, entry) => sum + entry.id, 0)}`, now_ms: NOW };
      },
      catalogueChanges: async (since) => {
        calls.changes += 1;
        const horizon = xid;
        const from = log.filter((entry) => entry.txid >= horizon);
        return {
          horizon: String(horizon),
          version: `${from.length}:${from.reduce((sum, entry) => sum + entry.id, 0)}`,
          now_ms: NOW,
          ids: since === null ? [] : [...new Set(log.filter((entry) => entry.txid >= Number(since)).map((entry) => entry.video ?? ''))],
        };
      },
      catalogue: async (ids) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (ids) calls.catalogueOf.push([...ids]);
        else calls.catalogue += 1;
        // Copies, as a query gives: the catalogue takes each row's document and segments off it.
        return [...rows.values()]
          .filter((r) => !ids || ids.includes(r.id))
          .map((r) => {
            const mine = segments.get(r.id) ?? [];
            return {
              ...r,
              document: documentOf(r.title),
              segments: mine.length ? mine.map(([title, start]) => [title, start, documentOf(title)] as [string, number, string]) : null,
            };
          });
      },
      tsqueries: async (texts) => {
        calls.tsquery += 1;
        // A word PostgreSQL would cut in two makes a phrase, which the index leaves to PostgreSQL.
        return texts.map((text) => (text.includes('hernia') ? `'her' <-> 'nia'` : text.replace(/([a-z]+)(:\*)?/g, "'$1'$2")));
      },
      matches: async () => {
        calls.matches += 1;
        return [{ id: 'v2', rank: 0.25 }];
      },
      corrections: async () => new Map(),
      segmentMatches: async () => {
        calls.segments += 1;
        return [{ video_id: 'v1', title: 'Clipping', start_time: 8 }];
      },
    };
    /** A committed transaction that changed these videos (null: everything). */
    const commit = (...videos: (string | null)[]) => {
      xid += 1;
      for (const video of videos) log.push({ id: log.length + 1, video, txid: xid });
    };
    return { search, calls, rows, segments, commit };
  };
  const titles = async (catalogue: ReturnType<typeof createSearchCatalogue>, terms?: string[]) => {
    const set = terms ? await catalogue.matching(terms) : await catalogue.all();
    return evaluate(set, 'DATE_ADDED_NEW', EVERYTHING).page.map((r) => r.title);
  };

  it('loads once, shares a load between concurrent searches, and keeps texts and segments while nothing changes', async () => {
    const { search, calls } = database();
    const catalogue = createSearchCatalogue(search);
    const [first, second] = await Promise.all([catalogue.all(), catalogue.all()]);
    expect(first).toBe(second);
    expect(calls.catalogue).toBe(1);
    const text = await catalogue.matching(['chole']);
    // ts_rank of one A-weighted word: (1 + 1 - 1) / (pi^2 / 6), in single precision (ranked when asked).
    const ranks = text.ranksOf(text.videos);
    expect([...text.videos].map((video, i) => [text.catalogue.rows[video]!.id, ranks[i]])).toEqual([['v1', Math.fround(1 / 1.64493406685)]]);
    expect(await catalogue.matching(['chole'])).toBe(text);
    expect(calls).toMatchObject({ tsquery: 1, matches: 0 });
    // The earliest of the two segments holding the word, from memory: PostgreSQL is not asked.
    expect(await catalogue.segments(text, ['v1', 'v2'])).toEqual(
      new Map([
        ['v1', { title: 'Cholecystectomy clipping', startTime: 8 }],
        ['v2', null],
      ]),
    );
    expect(calls).toMatchObject({ catalogue: 1, segments: 0 });
    // A text the index does not evaluate (a phrase): PostgreSQL matches it and picks its segments, once per video.
    const phrase = await catalogue.matching(['hernia']);
    expect((await catalogue.segments(phrase, ['v1', 'v2'])).get('v1')).toEqual({ title: 'Clipping', startTime: 8 });
    await catalogue.segments(phrase, ['v1', 'v2']);
    expect(calls).toMatchObject({ matches: 1, segments: 1 });
  });

  it('shows the segment holding most of the words, and follows a segment that changed', async () => {
    const { search, calls, segments, commit } = database();
    const catalogue = createSearchCatalogue(search);
    const best = async (terms: string[]) => (await catalogue.segments(await catalogue.matching(terms), ['v1'])).get('v1');
    expect(await best(['chol', 'extraction'])).toEqual({ title: 'Cholecystectomy extraction', startTime: 20 });
    expect(await best(['port', 'chol'])).toEqual({ title: 'Port placement', startTime: 0 });
    // Moved in time, its words the same: the next search shows the new time.
    segments.set('v1', [
      ['Port placement', 0],
      ['Cholecystectomy clipping', 8],
      ['Cholecystectomy extraction', 31],
    ]);
    commit('v1');
    expect(await best(['chol', 'extraction'])).toEqual({ title: 'Cholecystectomy extraction', startTime: 31 });
    // Renamed in the same places: a shorter title where the longer was, a longer one after the
    // others; the neighbours keep theirs (titles are kept as characters one after another).
    segments.set('v1', [
      ['Port — 🩺', 0],
      ['Cholecystectomy clipping of the cystic duct and artery', 8],
      ['Cholecystectomy extraction', 31],
    ]);
    commit('v1');
    expect(await best(['port'])).toEqual({ title: 'Port — 🩺', startTime: 0 });
    expect(await best(['chol', 'artery'])).toEqual({ title: 'Cholecystectomy clipping of the cystic duct and artery', startTime: 8 });
    expect(await best(['chol', 'extraction'])).toEqual({ title: 'Cholecystectomy extraction', startTime: 31 });
    segments.set('v1', [
      ['Port placement', 0],
      ['Cholecystectomy clipping', 8],
      ['Cholecystectomy extraction', 31],
    ]);
    commit('v1');
    expect(await best(['port'])).toEqual({ title: 'Port placement', startTime: 0 });
    // One more segment (new places), then none.
    segments.set('v1', [
      ['Port placement', 0],
      ['Cholecystectomy clipping', 8],
      ['Cholecystectomy extraction', 31],
      ['Cholecystectomy closure extraction', 40],
    ]);
    commit('v1');
    expect(await best(['chol', 'closure'])).toEqual({ title: 'Cholecystectomy closure extraction', startTime: 40 });
    expect(await best(['chol'])).toEqual({ title: 'Cholecystectomy clipping', startTime: 8 });
    segments.delete('v1');
    commit('v1');
    expect(await best(['chol'])).toBeNull();
    expect(calls.segments).toBe(0);
  });

  it('applies a change to the videos it names, in place, texts included', async () => {
    const { search, calls, rows, commit } = database();
    const catalogue = createSearchCatalogue(search);
    expect(await titles(catalogue, ['chol'])).toEqual(['Cholecystectomy']);
    rows.set('v1', { ...rows.get('v1')!, title: 'Cholecystectomy, revised' });
    rows.set('v3', row({ id: 'v3', title: 'Cholangiography' }));
    rows.delete('v2');
    commit('v1', 'v3');
    commit('v2');
    expect(await titles(catalogue, ['chol'])).toEqual(['Cholecystectomy, revised', 'Cholangiography']);
    expect(await titles(catalogue)).toEqual(['Cholecystectomy, revised', 'Cholangiography']);
    expect(calls.catalogue).toBe(1);
    expect(calls.catalogueOf.map((ids) => ids.sort())).toEqual([['v1', 'v2', 'v3']]);
    // The kept text followed the change in memory: neither asked for nor stemmed again.
    expect(calls).toMatchObject({ tsquery: 1, matches: 0 });
    // A video whose new text no longer matches leaves the text's results.
    rows.set('v3', { ...rows.get('v3')!, title: 'Appendectomy' });
    commit('v3');
    expect(await titles(catalogue, ['chol'])).toEqual(['Cholecystectomy, revised']);
    rows.set('v3', { ...rows.get('v3')!, title: 'Cholangiography' });
    commit('v3');
    expect(await titles(catalogue, ['chol'])).toEqual(['Cholecystectomy, revised', 'Cholangiography']);
    expect(calls).toMatchObject({ tsquery: 1, matches: 0 });
    // A change to everything (or too old a read) loads it whole.
    commit(null);
    expect(await titles(catalogue)).toEqual(['Cholecystectomy, revised', 'Cholangiography']);
    expect(calls.catalogue).toBe(2);
  });

  it('follows a changed filter value, a video closed to others and a new video in a filtered search it counted before', async () => {
    const { search, rows, commit } = database();
    rows.set('v3', row({ id: 'v3', title: 'Cholangiography', patient_gender: 'male' }));
    const catalogue = createSearchCatalogue(search);
    const female = async (terms?: string[]) => {
      const set = terms ? await catalogue.matching(terms) : await catalogue.all();
      const result = evaluate(set, 'DATE_ADDED_NEW', {
        ...EVERYTHING,
        viewer: { id: 'nobody', canSee: () => false },
        filters: { ...NO_FILTERS, gender: ['female'] },
        facets: true,
      });
      const male = result.facets!.find(({ facet, value }) => facet === 'gender' && value === 'male')?.n ?? 0;
      return { titles: result.page.map((r) => r.title).sort(), total: result.total, male };
    };
    expect(await female()).toEqual({ titles: ['Cholecystectomy', 'Hernia'], total: 2, male: 1 });
    expect(await female(['chol'])).toEqual({ titles: ['Cholecystectomy'], total: 1, male: 1 });
    rows.set('v3', { ...rows.get('v3')!, patient_gender: 'female' });
    rows.set('v2', { ...rows.get('v2')!, visibility: 'private' });
    rows.set('v4', row({ id: 'v4', title: 'Cholecystectomy again' }));
    commit('v2', 'v3', 'v4');
    expect(await female()).toEqual({ titles: ['Cholangiography', 'Cholecystectomy', 'Cholecystectomy again'], total: 3, male: 0 });
    expect(await female(['chol'])).toEqual({ titles: ['Cholangiography', 'Cholecystectomy', 'Cholecystectomy again'], total: 3, male: 0 });
  });

  it('asks PostgreSQL once per word: a new text of words already searched asks nothing; an unknown word again after a change', async () => {
    const { search, calls, rows, commit } = database();
    const asked: string[][] = [];
    const catalogue = createSearchCatalogue({
      ...search,
      // No known word starts with xyzzy, and none is close to it.
      corrections: async (terms) => {
        asked.push([...terms]);
        return new Map(terms.filter((term) => term.startsWith('xyz')).map((term) => [term, []]));
      },
    });
    expect(await titles(catalogue, ['chol'])).toEqual(['Cholecystectomy']);
    expect(await titles(catalogue, ['xyzzy'])).toEqual([]);
    expect(await titles(catalogue, ['chol', 'cholecystectomy'])).toEqual(['Cholecystectomy']);
    // Texts never searched, of words that were: nothing asked.
    expect(await titles(catalogue, ['cholecystectomy', 'chol'])).toEqual(['Cholecystectomy']);
    expect(await titles(catalogue, ['xyzzy', 'chol'])).toEqual([]);
    expect(asked).toEqual([['chol'], ['xyzzy'], ['cholecystectomy']]);
    expect(calls.tsquery).toBe(3);
    // A video brings the word: it is asked again (chol is not), and found.
    rows.set('v3', row({ id: 'v3', title: 'Xyzzy' }));
    commit('v3');
    expect(await titles(catalogue, ['xyzzy'])).toEqual(['Xyzzy']);
    expect(await titles(catalogue, ['chol', 'xyzzy'])).toEqual([]);
    expect(asked.slice(3)).toEqual([['xyzzy']]);
  });

  it('ranks a kept text changed in place as a fresh catalogue ranks it', async () => {
    const { search, rows, commit } = database();
    const catalogue = createSearchCatalogue(search);
    const byRelevance = async (of: ReturnType<typeof createSearchCatalogue>) =>
      evaluate(await of.matching(['chol']), 'RELEVANCE', EVERYTHING).page.map((r) => r.title);
    expect(await byRelevance(catalogue)).toEqual(['Cholecystectomy']);
    rows.set('v3', row({ id: 'v3', title: 'Chole chole chole' }));
    commit('v3');
    expect(await byRelevance(catalogue)).toEqual(['Chole chole chole', 'Cholecystectomy']);
    // (The log is read from the last read's transaction on: another change, so v3 is not read again.)
    commit('v9');
    expect(await byRelevance(catalogue)).toEqual(['Chole chole chole', 'Cholecystectomy']);
    // A video before the others in the catalogue comes to match, with the best rank of all.
    rows.set('v2', { ...rows.get('v2')!, title: 'Chole chole chole chole chole' });
    rows.set('v1', { ...rows.get('v1')!, title: 'Appendectomy cholecystectomy' });
    commit('v1', 'v2');
    const expected = ['Chole chole chole chole chole', 'Chole chole chole', 'Appendectomy cholecystectomy'];
    expect(await byRelevance(createSearchCatalogue(search))).toEqual(expected);
    expect(await byRelevance(catalogue)).toEqual(expected);
  });

  it("keeps a text's page right when a video outside it moves in the catalogue's order", async () => {
    const { search, rows, commit } = database();
    rows.set('v1', { ...rows.get('v1')!, published_ms: NOW - 3 * DAY });
    rows.set('v2', { ...rows.get('v2')!, published_ms: NOW - 5 * DAY });
    rows.set('v3', row({ id: 'v3', title: 'Cholangiography', published_ms: NOW - 2 * DAY }));
    const catalogue = createSearchCatalogue(search);
    const newest = async () => evaluate(await catalogue.matching(['chol']), 'DATE_PUBLISH_NEW', { ...EVERYTHING, facets: true }).page.map((r) => r.title);
    expect(await newest()).toEqual(['Cholangiography', 'Cholecystectomy']);
    // The hernia video, which the text does not match, becomes the newest of all.
    rows.set('v2', { ...rows.get('v2')!, published_ms: NOW - DAY });
    commit('v2');
    expect(await newest()).toEqual(['Cholangiography', 'Cholecystectomy']);
  });

  it('takes a video off a list at the next search, though the same search was kept seconds before', async () => {
    const { search, rows, commit } = database();
    const catalogue = createSearchCatalogue(search);
    rows.set('v1', { ...rows.get('v1')!, visibility: 'whitelist', whitelist: ['@clinic.org'] });
    rows.set('v2', { ...rows.get('v2')!, visibility: 'whitelist', whitelist: ['@elsewhere.org'] });
    const eve = { id: 'eve', email: 'eve@clinic.org', role: 'viewer' as const };
    const searchAsEve = async (terms?: string[]) => {
      const set = terms ? await catalogue.matching(terms) : await catalogue.all();
      const options = { ...EVERYTHING, viewer: { id: eve.id, canSee: watcher(eve, new Date(NOW)) }, facets: true };
      return evaluate(set, 'DATE_ADDED_NEW', options).page.map((r) => r.id);
    };
    expect(await searchAsEve()).toEqual(['v1']);
    expect(await searchAsEve(['chol'])).toEqual(['v1']);
    // Only who may watch it changes (to a list another video has): not its text, its filters or
    // its place in any order.
    rows.set('v1', { ...rows.get('v1')!, whitelist: ['@elsewhere.org'] });
    commit('v1');
    expect(await searchAsEve()).toEqual([]);
    expect(await searchAsEve(['chol'])).toEqual([]);
  });

  it('asks PostgreSQL for a query the index does not evaluate, and forgets it at the next change', async () => {
    const { search, calls, commit } = database();
    const catalogue = createSearchCatalogue(search);
    const text = await catalogue.matching(['hernia']);
    expect([...text.videos].map((video, i) => [text.catalogue.rows[video]!.id, text.ranks[i]])).toEqual([['v2', 0.25]]);
    expect(await catalogue.matching(['hernia'])).toBe(text);
    expect(calls.matches).toBe(1);
    commit('v1');
    await catalogue.matching(['hernia']);
    expect(calls.matches).toBe(2);
  });

  it('reads the version once for searches that wait on the same read', async () => {
    const { search, calls } = database();
    const catalogue = createSearchCatalogue(search);
    await catalogue.all();
    calls.versions = 0;
    await Promise.all(Array.from({ length: 20 }, () => catalogue.all()));
    // The first search's read, then one read for all that came while it was in flight.
    expect(calls.versions).toBe(2);
  });

  it('serves the searches that came while the first load ran from that load, without reading the log again', async () => {
    const { search, calls } = database();
    const catalogue = createSearchCatalogue(search);
    await Promise.all(Array.from({ length: 20 }, () => catalogue.all()));
    expect(calls).toMatchObject({ catalogue: 1, changes: 1 });
  });

  it('does not keep a failed load', async () => {
    const { search, calls } = database();
    const real = search.catalogue;
    search.catalogue = async () => {
      calls.catalogue += 1;
      throw new Error('connection lost');
    };
    const catalogue = createSearchCatalogue(search);
    await expect(catalogue.all()).rejects.toThrow('connection lost');
    search.catalogue = real;
    expect((await catalogue.all()).size).toBe(2);
  });
});
