// Discovery against a real PostgreSQL: the search's text matching (weights, prefixes, accents,
// typos, segments), every filter and sort alone and together, facet counts, paging, access inside
// the query (results, counts and facets), bad input, the popular grid, the card-click check and the
// administrators' curation shown on the landing page.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema, type AdminCuration, type Landing, type SearchResult, type VideoCard } from '@ipsv/contracts/search';
import type { Description } from '@ipsv/contracts/videos';
import { createSearchRepository } from '../src/modules/search/search.repository.js';
import { createSearchService } from '../src/modules/search/search.service.js';
import { createVideosRepository, type VideoPatch } from '../src/modules/videos/videos.repository.js';
import { createMediaSigner } from '../src/platform/media/media-signing.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState, type VideoState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let app: FastifyInstance;
let scratch: string;
let storage: ReturnType<typeof createLocalStorage>;
const users = {} as Record<'owner' | 'other' | 'listed' | 'colleague' | 'outsider' | 'admin', TestUser>;
const userIds = {} as Record<keyof typeof users, string>;
const v = {} as Record<string, string>;

const DESCRIPTION: Description = {
  procedure: '',
  approach: null,
  initialOrRedo: null,
  technique: '',
  caseType: null,
  ageBand: null,
  weightClass: null,
};

interface Fixture {
  state?: VideoState;
  owner?: keyof typeof users;
  title: string;
  surgeryTypeId?: number;
  patientGender?: 'male' | 'female' | 'other';
  description?: Partial<Description>;
  pgsGrade?: number;
  height?: number;
  fps?: number;
  minutes?: number;
  daysAgo?: number;
  publishedDaysAgo?: number;
  whitelist?: string[];
  segments?: { start: number; end: number; title: string; description?: string }[];
}

async function video(name: string, f: Fixture): Promise<string> {
  const videos = createVideosRepository(database.db);
  const row = await videoInState({ videos, storage }, userIds[f.owner ?? 'owner'], f.state ?? 'published', { whitelist: f.whitelist });
  const description = { ...DESCRIPTION, ...f.description };
  const patch: VideoPatch = {
    title: f.title,
    surgeryTypeId: f.surgeryTypeId ?? null,
    patientGender: f.patientGender ?? null,
    description,
    descriptionText: [
      description.procedure,
      description.approach,
      description.initialOrRedo,
      description.technique,
      description.caseType,
      description.ageBand,
      description.weightClass,
    ]
      .map((part) => part ?? '')
      .join('|'),
    pgsGrade: f.pgsGrade ?? null,
    probe: {
      ...row.probe!,
      height: f.height ?? 720,
      width: Math.round(((f.height ?? 720) * 16) / 9),
      fps: f.fps ?? 25,
      durationSeconds: (f.minutes ?? 20) * 60,
    },
    rendition: row.rendition ? { ...row.rendition, durationSeconds: (f.minutes ?? 20) * 60 } : null,
  };
  await videos.update(row.id, patch);
  await database.pool.query(
    `UPDATE videos SET created_at = now() - make_interval(days => $2), published_at = CASE WHEN published_version >= 1 THEN now() - make_interval(days => $3) END WHERE id = $1`,
    [row.id, f.daysAgo ?? 200, f.publishedDaysAgo ?? f.daysAgo ?? 200],
  );
  if (f.segments) {
    await videos.replaceSegments(
      row.id,
      f.segments.map((s) => ({ startTime: s.start, endTime: s.end, title: s.title, category: null, description: s.description ?? '' })),
      {},
    );
  }
  v[name] = row.id;
  return row.id;
}

const search = async (user: TestUser, query: string): Promise<SearchResult> => user.json<SearchResult>('GET', `/api/search?${query}`);
const ids = (result: SearchResult | { results: VideoCard[] }) => result.results.map((card) => card.id);
const named = (...names: string[]) => names.map((name) => v[name]);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-search-'));
  storage = createLocalStorage(path.join(scratch, 'media'));
  // Searches through the API run in two search threads, as the server runs them (search-threads.ts);
  // 'the catalogue in memory' below runs the service in this thread.
  app = await buildTestApp(database, await createWebDist(), {
    mailer: smtp.mailer(),
    storage,
    rateLimitScale: 20,
    searchThreads: { count: 2, databaseUrl: database.url },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = { base: () => base, smtp, pool: database.pool };
  users.owner = await signedInUser(server, 'owner@search.org', 'provider');
  users.other = await signedInUser(server, 'other@search.org', 'provider');
  users.listed = await signedInUser(server, 'listed@search.org', 'viewer');
  users.colleague = await signedInUser(server, 'colleague@clinic.org', 'viewer');
  users.outsider = await signedInUser(server, 'outsider@search.org', 'viewer');
  users.admin = await signedInUser(server, 'admin@search.org', 'admin');
  for (const name of Object.keys(users) as (keyof typeof users)[]) {
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [users[name].email]);
    userIds[name] = rows[0]!.id;
  }
  await database.pool.query(`UPDATE users SET first_name = 'Miriam', last_name = 'Okonkwo' WHERE id = $1`, [userIds.owner]);
  await database.pool.query(`UPDATE users SET first_name = 'Jonas', last_name = 'Brandt' WHERE id = $1`, [userIds.other]);

  // Published to everyone signed in.
  await video('chole', {
    title: 'Laparoscopic cholecystectomy in acute cholecystitis',
    surgeryTypeId: 1,
    patientGender: 'female',
    pgsGrade: 3,
    description: { procedure: 'Cholecystectomy', approach: 'laparoscopic', technique: 'four-port', weightClass: 'obese' },
    height: 1080,
    fps: 30,
    minutes: 45,
    daysAgo: 2,
    publishedDaysAgo: 1,
    segments: [
      { start: 0, end: 120, title: 'Port placement' },
      { start: 300, end: 420, title: 'Critical view of safety', description: 'Hepatocystic triangle cleared' },
    ],
  });
  await video('choleMention', {
    title: 'Difficult gallbladder anatomy',
    surgeryTypeId: 1,
    patientGender: 'male',
    pgsGrade: 5,
    description: { procedure: 'Subtotal cholecystectomy', weightClass: 'normal' },
    height: 720,
    fps: 25,
    minutes: 25,
    daysAgo: 20,
    publishedDaysAgo: 19,
  });
  await video('hernia', {
    owner: 'other',
    title: 'Inguinal hernia repair with mesh (TEP)',
    surgeryTypeId: 5,
    patientGender: 'male',
    description: { procedure: 'Hernia repair', technique: 'totally extraperitoneal', weightClass: 'overweight' },
    height: 2160,
    fps: 60,
    minutes: 75,
    daysAgo: 60,
    publishedDaysAgo: 5,
  });
  await video('rectal', {
    owner: 'other',
    title: 'Résection rectale robotique',
    surgeryTypeId: 3,
    patientGender: 'other',
    description: { procedure: 'Résection antérieure', weightClass: 'normal' },
    height: 1080,
    fps: 25,
    minutes: 150,
    daysAgo: 100,
    publishedDaysAgo: 90,
  });
  await video('sleeve', {
    title: 'Sleeve gastrectomy: stapling the greater curvature',
    surgeryTypeId: 7,
    patientGender: 'female',
    description: { weightClass: 'severely_obese' },
    height: 720,
    fps: 50,
    minutes: 10,
    daysAgo: 0,
    publishedDaysAgo: 0,
  });
  // Access cases: each has the word 'zephyr' so one text search meets them all.
  await video('private', { state: 'private', title: 'Zephyr private cholecystectomy', surgeryTypeId: 1, patientGender: 'female' });
  await video('listed', { state: 'whitelisted', title: 'Zephyr listed cholecystectomy', surgeryTypeId: 1, whitelist: ['listed@search.org'] });
  await video('domain', { state: 'whitelisted', title: 'Zephyr clinic cholecystectomy', surgeryTypeId: 1, whitelist: ['@clinic.org'] });
  await video('unpublished', { state: 'review', title: 'Zephyr unpublished cholecystectomy', surgeryTypeId: 1 });
  await video('takenDown', { title: 'Zephyr taken down cholecystectomy', surgeryTypeId: 1 });
  await database.pool.query(`UPDATE videos SET taken_down_at = now(), taken_down_by = $2, takedown_reason = 'test' WHERE id = $1`, [
    v.takenDown,
    userIds.admin,
  ]);
  await video('deleted', { title: 'Zephyr deleted cholecystectomy', surgeryTypeId: 1 });
  await createVideosRepository(database.db).delete(v.deleted!);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe('text matching', () => {
  it('ranks a title match above a match in the description only', async () => {
    const result = await search(users.outsider, 'q=cholecystectomy');
    expect(ids(result).slice(0, 2)).toEqual(named('chole', 'choleMention'));
    expect(result.sort).toBe('RELEVANCE');
    expect(result.total).toBe(2);
  });

  it('matches word prefixes while typing', async () => {
    expect(ids(await search(users.outsider, 'q=lapar'))).toEqual(named('chole'));
    expect(ids(await search(users.outsider, 'q=gastrec'))).toEqual(named('sleeve'));
  });

  it('tolerates a typo', async () => {
    const result = await search(users.outsider, 'q=colecystectomy');
    expect(ids(result)).toEqual(named('chole', 'choleMention'));
    expect(ids(await search(users.outsider, 'q=herna%20repar'))).toEqual(named('hernia'));
  });

  it('folds accents both ways', async () => {
    expect(ids(await search(users.outsider, 'q=resection%20rectale'))).toEqual(named('rectal'));
    expect(ids(await search(users.outsider, 'q=R%C3%89SECTION'))).toEqual(named('rectal'));
    expect(ids(await search(users.outsider, 'q=c%C3%B6lecystectomy'))).toContain(v.chole);
  });

  it('finds the surgery type, the owner name and the technique', async () => {
    expect(ids(await search(users.outsider, 'q=okonkwo'))).toEqual(expect.arrayContaining(named('chole', 'choleMention', 'sleeve')));
    expect(ids(await search(users.outsider, 'q=okonkwo'))).not.toContain(v.hernia);
    expect(ids(await search(users.outsider, 'q=extraperitoneal'))).toEqual(named('hernia'));
    expect(ids(await search(users.outsider, 'q=%22Rectal%20Resection%22'))).toEqual(named('rectal'));
  });

  it('returns the matching segment with its time', async () => {
    const result = await search(users.outsider, 'q=critical%20view');
    expect(ids(result)).toEqual(named('chole'));
    expect(result.results[0]!.segment).toEqual({ title: 'Critical view of safety', startTime: 300 });
    expect((await search(users.outsider, 'q=hepatocystic')).results[0]!.segment?.startTime).toBe(300);
    expect((await search(users.outsider, 'q=gallbladder')).results[0]!.segment).toBeNull();
  });

  it('shows the segment that holds most of the words, when the video matches through its other fields', async () => {
    // 'cholecystectomy' is in the title, 'critical' only in a segment.
    const procedureAndStep = await search(users.outsider, 'q=cholecystectomy%20critical');
    expect(ids(procedureAndStep)).toEqual(named('chole'));
    expect(procedureAndStep.results[0]!.segment).toEqual({ title: 'Critical view of safety', startTime: 300 });
    expect((await search(users.outsider, 'q=laparoscopic%20port')).results[0]!.segment).toEqual({ title: 'Port placement', startTime: 0 });
    // Two of the words in the later segment against one in the first: the later one.
    expect((await search(users.outsider, 'q=port%20safety%20hepatocystic')).results[0]!.segment?.startTime).toBe(300);
    expect((await search(users.outsider, 'q=cholecystectomy%20port%20critical%20safety')).results[0]!.segment?.startTime).toBe(300);
    // A word in no segment shows none.
    expect((await search(users.outsider, 'q=cholecystectomy%20laparoscopic')).results[0]!.segment).toBeNull();
  });

  it('treats quotes, operators and backslashes as plain text', async () => {
    for (const q of ["'", '&', '|', '!', ':*', '\\', "chole'cystectomy", 'hernia & | ! :* \\', "'); DROP TABLE videos; --", '(((', '<->']) {
      const response = await users.outsider.call('GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect(ids(await search(users.outsider, `q=${encodeURIComponent('hernia & | ! :* \\')}`))).toEqual(named('hernia'));
    expect((await search(users.outsider, `q=${encodeURIComponent(':*')}`)).total).toBe(5);
  });

  it('keeps the index current when details, segments or the owner name change', async () => {
    const id = await video('changing', { title: 'Fundoplication for reflux', surgeryTypeId: 9 });
    expect(ids(await search(users.outsider, 'q=fundoplication'))).toEqual([id]);
    await createVideosRepository(database.db).update(id, { title: 'Nissen wrap' });
    expect(ids(await search(users.outsider, 'q=nissen'))).toEqual([id]);
    await createVideosRepository(database.db).replaceSegments(
      id,
      [{ startTime: 60, endTime: 90, title: 'Crural repair', category: null, description: 'Posterior hiatoplasty' }],
      {},
    );
    expect((await search(users.outsider, 'q=hiatoplasty')).results[0]).toMatchObject({ id, segment: { title: 'Crural repair', startTime: 60 } });
    await createVideosRepository(database.db).replaceSegments(id, [], {});
    expect(ids(await search(users.outsider, 'q=hiatoplasty'))).toEqual([]);
    await database.pool.query(`UPDATE users SET last_name = 'Valdés-Oyelaran' WHERE id = $1`, [userIds.owner]);
    expect(ids(await search(users.outsider, 'q=valdes'))).toContain(id);
    await database.pool.query(`UPDATE users SET last_name = 'Okonkwo' WHERE id = $1`, [userIds.owner]);
    await createVideosRepository(database.db).delete(id);
    expect(ids(await search(users.outsider, 'q=nissen'))).toEqual([]);
  });
});

describe('the catalogue in memory', () => {
  // The service as the API builds it, on a repository that counts what it reads.
  const counted = () => {
    const repository = createSearchRepository(database.db);
    const loads = { whole: 0, videos: 0, texts: 0, matches: 0 };
    const service = createSearchService({
      search: {
        ...repository,
        catalogue: (ids) => {
          if (ids) loads.videos += ids.length;
          else loads.whole += 1;
          return repository.catalogue(ids);
        },
        tsqueries: (texts) => ((loads.texts += 1), repository.tsqueries(texts)),
        matches: (text) => ((loads.matches += 1), repository.matches(text)),
      },
      videos: createVideosRepository(database.db),
      signer: createMediaSigner('catalogue-test-secret-catalogue-test-secret'),
    });
    const find = async (q: string) =>
      (await service.search({ id: userIds.outsider, email: users.outsider.email, role: 'viewer' }, searchQuerySchema.parse({ q }))).results.map(
        (card) => card.title,
      );
    return { loads, find };
  };

  it('is read once while nothing it shows changes; a committed change is read for its video alone, never before it commits', async () => {
    const id = await video('cached', { title: 'Quillwort appendectomy', surgeryTypeId: 6 });
    const { loads, find } = counted();
    expect(await find('quillwort')).toEqual(['Quillwort appendectomy']);
    expect(await find('quillwort')).toEqual(['Quillwort appendectomy']);
    expect(loads).toEqual({ whole: 1, videos: 0, texts: 1, matches: 0 });
    // Columns no search reads, and a popularity recount that changes nothing, change nothing here.
    await database.pool.query(`UPDATE videos SET failure_reason = 'none', updated_at = now() WHERE id = $1`, [id]);
    await database.pool.query(`UPDATE videos SET title = title WHERE id = $1`, [id]);
    await createSearchRepository(database.db).refreshPopularity(30);
    await find('quillwort');
    expect(loads).toEqual({ whole: 1, videos: 0, texts: 1, matches: 0 });
    // A rename in a transaction not yet committed is not seen; once committed, the next search sees it.
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE videos SET title = 'Quillwort appendectomy, revised' WHERE id = $1`, [id]);
      expect(await find('quillwort')).toEqual(['Quillwort appendectomy']);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await find('quillwort')).toEqual(['Quillwort appendectomy, revised']);
    expect(loads).toEqual({ whole: 1, videos: 1, texts: 1, matches: 0 });
    // Its owner renamed: the card shows the new name.
    await database.pool.query(`UPDATE users SET first_name = 'Mira' WHERE id = $1`, [userIds.owner]);
    const card = async () => (await search(users.outsider, 'q=quillwort')).results.map((result) => result.ownerName);
    expect(await card()).toEqual(['Mira Okonkwo']);
    await database.pool.query(`UPDATE users SET first_name = 'Miriam' WHERE id = $1`, [userIds.owner]);
    expect(await card()).toEqual(['Miriam Okonkwo']);
    // Made private: gone from the very next search.
    await database.pool.query(`UPDATE videos SET visibility = 'private' WHERE id = $1`, [id]);
    expect(await find('quillwort')).toEqual([]);
    expect(loads.whole).toBe(1);
  });

  it('forgets changes older than an hour and reads nothing again for it', async () => {
    const { loads, find } = counted();
    await find('cholecystectomy');
    // The app's own catalogue reads the log too: it has read everything before the log is aged.
    await search(users.outsider, 'q=cholecystectomy');
    await database.pool.query(`UPDATE search_catalogue_changes SET at = now() - interval '2 hours'`);
    expect(await createSearchRepository(database.db).pruneCatalogueChanges(60)).toBeGreaterThan(0);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM search_catalogue_changes')).rows[0].n).toBe(0);
    expect(await find('cholecystectomy')).toContain('Laparoscopic cholecystectomy in acute cholecystitis');
    expect(loads).toMatchObject({ whole: 1, videos: 0 });
  });
});

describe('filters', () => {
  const all = () => search(users.outsider, 'pageSize=60');
  it('without filters lists every published video the viewer may watch, newest published first', async () => {
    expect(ids(await all())).toEqual(named('sleeve', 'chole', 'hernia', 'choleMention', 'rectal'));
  });

  it.each([
    ['surgeryType=1', ['chole', 'choleMention']],
    ['surgeryType=5', ['hernia']],
    ['surgeryType=0', ['sleeve', 'chole', 'hernia', 'choleMention', 'rectal']],
    ['resolution=720p', ['sleeve', 'choleMention']],
    ['resolution=1080p', ['chole', 'rectal']],
    ['resolution=4K', ['hernia']],
    ['resolution=4K&resolution=720p', ['sleeve', 'hernia', 'choleMention']],
    ['duration=0-30', ['sleeve', 'choleMention']],
    ['duration=30-60', ['chole']],
    ['duration=60-120', ['hernia']],
    ['duration=120%2B', ['rectal']],
    ['frameRate=24-25', ['choleMention', 'rectal']],
    ['frameRate=30', ['chole']],
    ['frameRate=50-60', ['sleeve', 'hernia']],
    ['gender=female', ['sleeve', 'chole']],
    ['gender=male,other', ['hernia', 'choleMention', 'rectal']],
    ['bmi=obese', ['chole']],
    ['bmi=normal', ['choleMention', 'rectal']],
    ['surgeryType=1&pgs=3', ['chole']],
    ['surgeryType=1&pgs=4,5', ['choleMention']],
    ['uploaded=today', ['sleeve']],
    ['uploaded=threeDays', ['sleeve', 'chole']],
    ['uploaded=week', ['sleeve', 'chole']],
    ['uploaded=month', ['sleeve', 'chole', 'choleMention']],
    ['uploaded=threeMonths', ['sleeve', 'chole', 'hernia', 'choleMention']],
    ['gender=male&resolution=4K', ['hernia']],
    ['surgeryType=1&gender=female&frameRate=30&uploaded=week&duration=30-60&bmi=obese&resolution=1080p&pgs=3', ['chole']],
    ['q=cholecystectomy&gender=male', ['choleMention']],
    ['gender=female&resolution=4K', []],
  ])('%s', async (query, expected) => {
    const result = await search(users.outsider, `${query}&pageSize=60`);
    expect(ids(result)).toEqual(named(...expected));
    expect(result.total).toBe(expected.length);
  });

  it('lists one provider’s videos for their page', async () => {
    expect(ids(await search(users.outsider, `owner=${userIds.other}`))).toEqual(named('hernia', 'rectal'));
  });
});

describe('sorts', () => {
  it.each([
    ['DATE_ADDED_NEW', ['sleeve', 'chole', 'choleMention', 'hernia', 'rectal']],
    ['DATE_ADDED_OLD', ['rectal', 'hernia', 'choleMention', 'chole', 'sleeve']],
    ['DATE_PUBLISH_NEW', ['sleeve', 'chole', 'hernia', 'choleMention', 'rectal']],
    ['DATE_PUBLISH_OLD', ['rectal', 'choleMention', 'hernia', 'chole', 'sleeve']],
  ])('%s', async (sort, expected) => {
    expect(ids(await search(users.outsider, `sort=${sort}`))).toEqual(named(...expected));
  });

  it('sorts text results by date when asked instead of by relevance', async () => {
    expect(ids(await search(users.outsider, 'q=cholecystectomy&sort=DATE_ADDED_OLD'))).toEqual(named('choleMention', 'chole'));
  });

  it('pages through results without repeating or skipping any', async () => {
    const first = await search(users.outsider, 'sort=DATE_ADDED_NEW&pageSize=2&page=1');
    const second = await search(users.outsider, 'sort=DATE_ADDED_NEW&pageSize=2&page=2');
    const third = await search(users.outsider, 'sort=DATE_ADDED_NEW&pageSize=2&page=3');
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(named('sleeve', 'chole', 'choleMention', 'hernia', 'rectal'));
    expect(first.total).toBe(5);
    expect((await search(users.outsider, 'page=9')).results).toEqual([]);
  });

  it('popular: most viewed in the last 30 days, then newest', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await database.pool.query(`INSERT INTO video_daily_stats (video_id, day, views) VALUES ($1, $4, 9), ($2, $4, 4), ($3, $5, 100)`, [
      v.rectal,
      v.hernia,
      v.choleMention,
      today,
      old,
    ]);
    await createSearchRepository(database.db).refreshPopularity(30);
    expect(ids(await search(users.outsider, 'sort=POPULAR'))).toEqual(named('rectal', 'hernia', 'sleeve', 'chole', 'choleMention'));
    expect(ids(await search(users.outsider, 'sort=POPULAR&surgeryType=1'))).toEqual(named('chole', 'choleMention'));
  });
});

describe('facets', () => {
  it('counts each value with the other filters applied', async () => {
    const { facets } = await search(users.outsider, 'gender=female&facets=true');
    expect(facets!.gender).toEqual({ male: 2, female: 2, other: 1 });
    expect(facets!.resolution).toEqual({ '720p': 1, '1080p': 1, '4K': 0 });
    expect(facets!.surgeryType).toEqual({ '1': 1, '7': 1 });
    expect(facets!.uploaded).toEqual({ today: 1, threeDays: 2, week: 2, month: 2, threeMonths: 2 });
    expect(facets!.duration).toEqual({ '0-30': 1, '30-60': 1, '60-120': 0, '120+': 0 });
    expect(facets!.frameRate).toEqual({ '24-25': 0, '30': 1, '50-60': 1 });
    expect(facets!.bmi).toMatchObject({ obese: 1, severely_obese: 1, normal: 0 });
    expect(facets!.pgs).toMatchObject({ '3': 1, '5': 0 });
  });

  it('are left out unless asked for', async () => {
    expect((await search(users.outsider, '')).facets).toBeNull();
  });
});

describe('access is part of the query', () => {
  const zephyr = async (user: TestUser) => {
    const result = await search(user, 'q=zephyr&facets=true&pageSize=60');
    return { ids: ids(result).sort(), total: result.total, type1: result.facets!.surgeryType['1'] ?? 0 };
  };

  it('an outsider sees none of the private, whitelisted, unpublished, taken-down or deleted videos', async () => {
    expect(await zephyr(users.outsider)).toEqual({ ids: [], total: 0, type1: 0 });
    const everything = await search(users.outsider, 'surgeryType=1&facets=true&pageSize=60');
    expect(ids(everything)).toEqual(named('chole', 'choleMention'));
    expect(everything.total).toBe(2);
    expect(everything.facets!.surgeryType['1']).toBe(2);
    expect(everything.facets!.gender.female).toBe(1);
  });

  it('a listed email sees its whitelisted video only', async () => {
    expect(await zephyr(users.listed)).toEqual({ ids: named('listed').sort(), total: 1, type1: 1 });
  });

  it('a listed domain lets its users in', async () => {
    expect(await zephyr(users.colleague)).toEqual({ ids: named('domain').sort(), total: 1, type1: 1 });
  });

  it('the owner sees their own private and taken-down videos, never an unpublished one', async () => {
    expect(await zephyr(users.owner)).toEqual({ ids: named('private', 'listed', 'domain', 'takenDown').sort(), total: 4, type1: 4 });
  });

  it('another provider sees none of them', async () => {
    expect(await zephyr(users.other)).toEqual({ ids: [], total: 0, type1: 0 });
  });

  it('named access lists and granted requests count as they do on the video page, until the grant ends', async () => {
    const email = users.other.email.toLowerCase();
    try {
      await database.pool.query(`UPDATE videos SET list_entries = ARRAY[$2] WHERE id = $1`, [v.listed, email]);
      await database.pool.query(`UPDATE videos SET access_grants = jsonb_build_array(jsonb_build_object('email', $2::text, 'until', NULL)) WHERE id = $1`, [
        v.domain,
        email,
      ]);
      expect(await zephyr(users.other)).toEqual({ ids: named('listed', 'domain').sort(), total: 2, type1: 2 });
      await database.pool.query(
        `UPDATE videos SET access_grants = jsonb_build_array(jsonb_build_object('email', $2::text, 'until', '2020-01-01T00:00:00Z')) WHERE id = $1`,
        [v.domain, email],
      );
      expect(await zephyr(users.other)).toEqual({ ids: named('listed'), total: 1, type1: 1 });
    } finally {
      await database.pool.query(`UPDATE videos SET list_entries = '{}', access_grants = '[]' WHERE id = ANY($1)`, [[v.listed, v.domain]]);
    }
  });

  it('an administrator sees every published one', async () => {
    expect((await zephyr(users.admin)).total).toBe(4);
  });

  it('video-by-ids leaves out what the caller may not watch, keeping the order asked', async () => {
    const asked = named('hernia', 'private', 'chole', 'unpublished', 'listed').join(',');
    expect(ids(await users.outsider.json<{ results: VideoCard[] }>('GET', `/api/search/by-ids?ids=${asked}`))).toEqual(named('hernia', 'chole'));
    expect(ids(await users.listed.json<{ results: VideoCard[] }>('GET', `/api/search/by-ids?ids=${asked}`))).toEqual(named('hernia', 'chole', 'listed'));
  });

  it('the card-click check answers 200 or 401 with the spec message', async () => {
    expect((await users.outsider.call('GET', `/api/videos/${v.chole}/access`)).status).toBe(200);
    const refused = await users.outsider.call('GET', `/api/videos/${v.private}/access`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('you do not have access to this video');
    expect((await users.listed.call('GET', `/api/videos/${v.listed}/access`)).status).toBe(200);
    expect((await users.outsider.call('GET', `/api/videos/${v.deleted}/access`)).status).toBe(401);
  });
});

describe('cards', () => {
  it('carry what the tiles show', async () => {
    const [card] = (await search(users.outsider, 'q=critical')).results;
    expect(card).toMatchObject({
      id: v.chole,
      title: 'Laparoscopic cholecystectomy in acute cholecystitis',
      ownerId: userIds.owner,
      ownerName: 'Miriam Okonkwo',
      ownerPictureUrl: null,
      surgeryTypeId: 1,
      durationSeconds: 45 * 60,
    });
    expect(card!.thumbnailUrl).toMatch(/^\/media\//);
  });
});

describe('bad input', () => {
  it.each([
    ['resolution=8K', 'unknownOption', 'resolution'],
    ['gender=unknown', 'unknownOption', 'gender'],
    ['surgeryType=42', 'unknownOption', 'surgeryType'],
    ['surgeryType=abc', 'unknownOption', 'surgeryType'],
    ['sort=NEWEST', 'unknownOption', 'sort'],
    ['uploaded=yesterday', 'unknownOption', 'uploaded'],
    ['duration=5-10', 'unknownOption', 'duration'],
    ['pgs=3', 'pgsType', 'pgs'],
    ['surgeryType=5&pgs=3', 'pgsType', 'pgs'],
    ['page=-1', 'page', 'page'],
    ['page=0', 'page', 'page'],
    ['page=1.5', 'page', 'page'],
    ['pageSize=100000', 'pageSize', 'pageSize'],
    [`q=${'a'.repeat(10_240)}`, 'searchTextTooLong', 'q'],
    ['unknownParam=1', 'invalid', ''],
  ])('%s is refused with a clear message', async (query, rule, field) => {
    const response = await users.outsider.call('GET', `/api/search?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string; params: { rule: string; field: string } } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.params.rule).toBe(rule);
    if (field) expect(body.error.params.field.split('.')[0]).toBe(field);
    expect(body.error.message.length).toBeGreaterThan(10);
  });

  it('refuses bad id lists and anonymous callers', async () => {
    expect((await users.outsider.call('GET', '/api/search/by-ids?ids=not-a-uuid')).status).toBe(400);
    expect((await users.outsider.call('GET', `/api/search/by-ids?ids=${Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')}`)).status).toBe(400);
    expect((await fetch(`${users.outsider.base()}/api/search?q=hernia`)).status).toBe(401);
  });
});

describe('curation', () => {
  it('administrators curate collections and the highlight; the landing page shows what each viewer may watch', async () => {
    const created = await users.admin.json<AdminCuration>('POST', '/api/admin/collections', {
      name: 'Gallbladder essentials',
      description: 'From a clean critical view to a bail-out.',
      videoIds: named('choleMention', 'private', 'chole'),
    });
    const collection = created.collections[0]!;
    expect(collection.videoIds).toEqual(named('choleMention', 'private', 'chole'));
    const month = new Date().toISOString().slice(0, 7);
    await users.admin.json('PUT', '/api/admin/highlights', { month, videoId: v.hernia, note: 'A clean TEP' });

    const landing = await users.outsider.json<Landing>('GET', '/api/landing');
    expect(landing.highlight).toMatchObject({ month, note: 'A clean TEP', video: { id: v.hernia } });
    expect(landing.collections).toHaveLength(1);
    expect(ids({ results: landing.collections[0]!.videos })).toEqual(named('choleMention', 'chole'));
    const owners = await users.owner.json<Landing>('GET', '/api/landing');
    expect(ids({ results: owners.collections[0]!.videos })).toEqual(named('choleMention', 'private', 'chole'));

    // Reordered, then emptied of a video.
    await users.admin.json('PUT', `/api/admin/collections/${collection.id}`, { name: 'Gallbladder essentials', description: '', videoIds: named('chole') });
    expect(ids({ results: (await users.outsider.json<Landing>('GET', '/api/landing')).collections[0]!.videos })).toEqual(named('chole'));
  });

  it('refuses others, unpublished videos and unknown collections, changing nothing', async () => {
    // Signed thumbnail links change with the second they are made: compare what they point to.
    const curation = async () =>
      JSON.parse(
        JSON.stringify(await users.admin.json<AdminCuration>('GET', '/api/admin/curation')).replace(/\/media\/[^/]+\//g, '/media/…/'),
      ) as AdminCuration;
    const before = await curation();
    expect((await users.owner.call('POST', '/api/admin/collections', { name: 'Mine', videoIds: [] })).status).toBe(403);
    expect((await users.outsider.call('GET', '/api/admin/curation')).status).toBe(403);
    const unpublished = await users.admin.call('POST', '/api/admin/collections', { name: 'Draft', videoIds: named('unpublished') });
    expect(unpublished.status).toBe(409);
    expect(((await unpublished.json()) as { error: { code: string } }).error.code).toBe('NOT_PUBLISHED');
    expect((await users.admin.call('PUT', '/api/admin/highlights', { month: '2026-13', videoId: v.chole })).status).toBe(400);
    expect((await users.admin.call('PUT', '/api/admin/collections/999999', { name: 'Gone', videoIds: [] })).status).toBe(404);
    expect(await curation()).toEqual(before);
  });
});

describe('provider profile', () => {
  it('keeps the optional profile fields, shows them on the public profile, and refuses bad links', async () => {
    const details = {
      middleName: 'Adaeze',
      nickname: 'Miri',
      preferredUsername: 'mokonkwo',
      website: 'https://okonkwo-surgery.example.org',
      profile: 'https://hospital.example.org/staff/okonkwo',
      specialty: 'Hepatobiliary surgery',
      biography: 'Consultant surgeon; teaches laparoscopic cholecystectomy.',
    };
    await users.owner.json('PATCH', `/api/users/${userIds.owner}`, { firstName: 'Miriam', lastName: 'Okonkwo', ...details });
    expect(await users.outsider.json('GET', `/api/users/${userIds.owner}`)).toMatchObject({ firstName: 'Miriam', details });
    // Only what is sent changes.
    await users.owner.json('PATCH', `/api/users/${userIds.owner}`, { firstName: 'Miriam', lastName: 'Okonkwo', nickname: '' });
    expect(await users.outsider.json('GET', `/api/users/${userIds.owner}`)).toMatchObject({ details: { ...details, nickname: '' } });
    const refused = await users.owner.call('PATCH', `/api/users/${userIds.owner}`, {
      firstName: 'Miriam',
      lastName: 'Okonkwo',
      website: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('url');
    expect(
      (await users.owner.call('PATCH', `/api/users/${userIds.owner}`, { firstName: 'Miriam', lastName: 'Okonkwo', biography: 'x'.repeat(1001) })).status,
    ).toBe(400);
    expect(await users.outsider.json('GET', `/api/users/${userIds.owner}`)).toMatchObject({ details: { ...details, nickname: '' } });
  });
});
