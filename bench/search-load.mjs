#!/usr/bin/env node
// Discovery at scale: seeds a separate database with realistic surgery videos (titles, procedures,
// techniques, segments, owners, visibility, views), builds the search index (timed, with its
// size), then runs the search service exactly as the API does with N concurrent database
// connections: text search + two filters, the same with the sidebar's facet counts, and the
// landing page's popular grid, for viewers of several hospitals in turn; then the same while a
// video is edited every second (each edit makes the catalogue reload), and never-searched texts
// arriving at steady rates (open loop). Prints p50/p95/p99, this process's CPU per search, the
// catalogue's load time and memory, and the EXPLAIN ANALYZE of the text and catalogue queries.
//
// Usage: node --import tsx bench/search-load.mjs [--videos 100000] [--users 2000] [--connections 50]
//          [--duration 10] [--server postgres://postgres@127.0.0.1:5432/postgres] [--keep]
//          [--threads N] [--only <part of a scenario's name>]
// --threads N runs the searches in N search threads (search-threads.ts) as the server does, each
// with its own catalogue; 0 (the default) in this thread. --only runs the scenarios whose name
// holds that text (and skips the open-loop and edit tables unless it names the never-searched one).
// The database ipsv_search_bench on that server is dropped and created again (never another).
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchQuerySchema } from '@ipsv/contracts/search';
import * as schema from '../apps/server/src/db/schema.ts';
import { createSearchRepository } from '../apps/server/src/modules/search/search.repository.ts';
import { createSearchService } from '../apps/server/src/modules/search/search.service.ts';
import { createSearchThreads } from '../apps/server/src/modules/search/search-threads.ts';
import { runMigrations } from '../apps/server/src/platform/database/database.ts';
import { createMediaSigner } from '../apps/server/src/platform/media/media-signing.ts';

const { values: args } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    users: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    server: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    threads: { type: 'string', default: '0' },
    only: { type: 'string', default: '' },
  },
});
const VIDEOS = Number(args.videos);
const USERS = Number(args.users);
const CONNECTIONS = Number(args.connections);
const DURATION = Number(args.duration);
const NAME = 'ipsv_search_bench';

const admin = new pg.Client({ connectionString: args.server });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
const url = new URL(args.server);
url.pathname = `/${NAME}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: CONNECTIONS });
const db = drizzle(pool, { schema });
const { server_version: version } = (await pool.query('SHOW server_version')).rows[0];
// Dropping the database at the end ends every connection; the pool is closed by then.
pool.on('error', () => undefined);

const timed = async (label, fn) => {
  const start = performance.now();
  const result = await fn();
  const seconds = (performance.now() - start) / 1000;
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  return { result, seconds };
};

console.log(`PostgreSQL ${version}, node ${process.version}, ${os.cpus().length} cores`);
console.log(`seeding ${VIDEOS} videos, ${USERS} users into ${NAME}`);
await timed('migrations', () => runMigrations(pool));

// ---- Realistic text, chosen per row by a seeded random() (same data on every run).
const arr = (items) => `ARRAY[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`;
const PROCEDURES = {
  1: [
    'Laparoscopic cholecystectomy',
    'Subtotal cholecystectomy',
    'Robotic cholecystectomy',
    'Single-incision cholecystectomy',
    'Cholecystectomy with cholangiography',
  ],
  5: ['TEP inguinal hernia repair', 'TAPP inguinal hernia repair', 'Ventral hernia repair with mesh', 'Umbilical hernia repair', 'Incisional hernia repair'],
  2: ['Restorative proctocolectomy with ileal pouch', 'Total proctocolectomy', 'Robotic proctocolectomy'],
  3: ['Low anterior resection', 'Transanal total mesorectal excision', 'Abdominoperineal resection', 'Robotic rectal resection'],
  4: ['Laparoscopic sigmoid colectomy', 'Hartmann procedure', 'Sigmoid resection for diverticulitis'],
  7: ['Laparoscopic sleeve gastrectomy', 'Revisional sleeve gastrectomy', 'Sleeve gastrectomy with hiatal repair'],
  10: ['Roux-en-Y gastric bypass', 'Revisional gastric bypass', 'Robotic Roux-en-Y bypass'],
  9: ['Nissen fundoplication', 'Toupet fundoplication', 'Hiatal hernia repair with fundoplication'],
  6: ['Appendectomy', 'Splenectomy', 'Adrenalectomy', 'Diagnostic laparoscopy', 'Whipple procedure'],
};
const TYPES = Object.keys(PROCEDURES).map(Number);
const CONTEXTS = [
  'in acute cholecystitis',
  'with intraoperative cholangiography',
  'difficult anatomy',
  'after previous surgery',
  'teaching case',
  'step by step',
  'with ICG fluorescence',
  'in an obese patient',
  'in an elderly patient',
  'emergency setting',
  'conversion avoided',
  'résumé of key steps',
];
const TECHNIQUES = [
  'four-port',
  'three-port',
  'single-incision',
  'robotic-assisted',
  'stapled',
  'hand-sewn anastomosis',
  'mesh fixation with tacks',
  'self-gripping mesh',
  'fenestrating subtotal',
  'reconstituting subtotal',
];
const SEGMENTS = [
  'Port placement',
  'Exposure',
  'Dissection of the hepatocystic triangle',
  'Critical view of safety',
  'Clipping and division',
  'Gallbladder extraction',
  'Haemostasis',
  'Mesh placement',
  'Anastomosis',
  'Closure',
  'Mobilisation of the splenic flexure',
  'Vascular ligation',
  'Specimen extraction',
  'Leak test',
  'Hiatal dissection',
  'Wrap construction',
];
const NOTES = [
  'careful blunt dissection',
  'bipolar energy',
  'bleeding controlled with clips',
  'adhesiolysis first',
  'indocyanine green shows the ducts',
  'stapler fired twice',
  'drain left in place',
  'no complications',
];
const FIRST = ['Miriam', 'Jonas', 'Aiko', 'Luis', 'Fatma', 'Chen', 'Olga', 'Pierre', 'Giulia', 'Minh', 'Ana', 'Seo-yeon', 'Kwame', 'Ingrid', 'José', 'Hélène'];
const LAST = [
  'Okonkwo',
  'Brandt',
  'Tanaka',
  'García',
  'Yılmaz',
  'Wang',
  'Ivanova',
  'Dubois',
  'Rossi',
  'Nguyen',
  'Silva',
  'Kim',
  'Mensah',
  'Larsen',
  'Pérez',
  'Lefèvre',
];
const pick = (items, seed) => `(${arr(items)})[1 + ((2147483647 & hashtext(${seed})) % ${items.length})]`;

const seed = await timed('seed (bulk insert, triggers off; documents computed below)', async () => {
  const client = await pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query('DROP INDEX IF EXISTS videos_search_document_idx');
    await client.query(`
      INSERT INTO users (id, name, email, email_verified, first_name, last_name, role, specialty)
      SELECT 'bench-user-' || i, f || ' ' || l, 'user' || i || '@bench-hospital.org', true, f, l,
             CASE WHEN i % 4 = 0 THEN 'viewer' ELSE 'provider' END::role, 'General surgery'
      FROM generate_series(1, ${USERS}) i,
           LATERAL (SELECT ${pick(FIRST, "i || 'f'")} AS f, ${pick(LAST, "i || 'l'")} AS l) n`);
    const procedureCase = `CASE t ${TYPES.map((type) => `WHEN ${type} THEN ${pick(PROCEDURES[type], "i || 'p'")}`).join(' ')} END`;
    await client.query(`
      INSERT INTO videos (id, owner_id, status, title, surgery_type_id, patient_gender, description, description_text, surgery_year, pgs_grade,
                          file_name, original_key, visibility, whitelist, published_version, published_at, created_at, probe, rendition, quality)
      SELECT md5(i::text || 'video')::uuid::text, 'bench-user-' || (1 + (2147483647 & hashtext(i || 'o')) % ${USERS}),
             CASE WHEN pub THEN 'published' ELSE 'review' END::video_status,
             proc || ' ' || ${pick(CONTEXTS, "i || 'c'")}, t,
             ${pick(['male', 'female', 'other'], "i || 'g'")},
             jsonb_build_object('procedure', proc, 'technique', tech, 'weightClass', bmi, 'approach', 'laparoscopic'),
             proc || '|laparoscopic||' || tech || '|elective|adult|' || bmi,
             2015 + (2147483647 & hashtext(i || 'y')) % 11,
             CASE WHEN t = 1 THEN 1 + (2147483647 & hashtext(i || 's')) % 5 END,
             'case-' || i || '.mp4', 'uploads/' || i,
             CASE WHEN v < 85 THEN 'signed_in' WHEN v < 95 THEN 'whitelist' ELSE 'private' END::visibility,
             CASE WHEN v BETWEEN 85 AND 94 THEN ARRAY['@hospital-' || (v % 3) || '.org'] ELSE ARRAY[]::text[] END,
             CASE WHEN pub THEN 1 ELSE 0 END, CASE WHEN pub THEN created + interval '2 hours' END, created,
             jsonb_build_object('height', h, 'width', h * 16 / 9, 'fps', fps, 'durationSeconds', dur, 'container', 'mp4', 'codec', 'h264', 'hasAudio', true, 'browserPlayable', true),
             CASE WHEN pub THEN jsonb_build_object('version', 1, 'poster', 'videos/' || i || '/v1/poster.jpg', 'durationSeconds', dur, 'complete', true) END,
             h::text
      FROM generate_series(1, ${VIDEOS}) i,
      LATERAL (SELECT (${arr(TYPES.map(String))})[1 + (2147483647 & hashtext(i || 't')) % ${TYPES.length}]::int AS t) a,
      LATERAL (SELECT ${procedureCase} AS proc, ${pick(TECHNIQUES, "i || 'k'")} AS tech,
                      ${pick(['underweight', 'normal', 'overweight', 'obese', 'severely_obese'], "i || 'b'")} AS bmi,
                      (2147483647 & hashtext(i || 'v')) % 100 AS v, (2147483647 & hashtext(i || 'u')) % 100 >= 5 AS pub,
                      (ARRAY[720, 1080, 1080, 2160])[1 + (2147483647 & hashtext(i || 'h')) % 4] AS h,
                      (ARRAY[25, 30, 30, 60])[1 + (2147483647 & hashtext(i || 'r')) % 4] AS fps,
                      300 + (2147483647 & hashtext(i || 'd')) % 9000 AS dur,
                      now() - make_interval(mins => (2147483647 & hashtext(i || 'a')) % (3 * 365 * 24 * 60)) AS created) b`);
    await client.query(`
      INSERT INTO video_segments (video_id, start_time, end_time, title, description)
      SELECT v.id, s * 120, s * 120 + 110, ${pick(SEGMENTS, 'v.id || s')}, ${pick(NOTES, "v.id || s || 'n'")}
      FROM videos v, generate_series(0, 3) s`);
    await client.query(`
      INSERT INTO video_daily_stats (video_id, day, views)
      SELECT id, current_date - ((2147483647 & hashtext(id || d)) % 40), 1 + (2147483647 & hashtext(id || d || 'n')) % 60
      FROM videos, generate_series(1, 5) d
      WHERE published_version >= 1 AND (2147483647 & hashtext(id || 'popular')) % 10 < 3
      ON CONFLICT DO NOTHING`);
    await client.query(`INSERT INTO video_popularity (video_id, views, published_at) SELECT id, 0, published_at FROM videos WHERE published_version >= 1`);
    await client.query('SET session_replication_role = origin');
  } finally {
    client.release();
  }
});
const documents = await timed('documents (ipsv_video_document for every video)', () =>
  pool.query('UPDATE videos SET search_document = ipsv_video_document(videos)'),
);
const vocabulary = await timed('vocabulary (search_words)', () =>
  pool.query(`
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM (
      SELECT regexp_split_to_table(lower(ipsv_unaccent(title || ' ' || replace(description_text, '|', ' '))), '[^[:alnum:]]+') AS w FROM videos
      UNION ALL SELECT regexp_split_to_table(lower(ipsv_unaccent(title || ' ' || description)), '[^[:alnum:]]+') FROM video_segments
      UNION ALL SELECT regexp_split_to_table(lower(ipsv_unaccent(first_name || ' ' || last_name)), '[^[:alnum:]]+') FROM users
    ) words WHERE length(w) BETWEEN 3 AND 40 ON CONFLICT DO NOTHING`),
);
const gin = await timed('GIN index build (videos.search_document)', () =>
  pool.query('CREATE INDEX videos_search_document_idx ON videos USING gin (search_document)'),
);
const popularity = await timed('popularity refresh (30 days of views)', () => createSearchRepository(db).refreshPopularity(30));
// The bulk UPDATE above left a dead copy of every row; autovacuum would reclaim it over time.
await timed('VACUUM FULL ANALYZE videos (compacts the bulk load), ANALYZE', async () => {
  await pool.query('VACUUM FULL ANALYZE videos');
  await pool.query('ANALYZE');
});
const sizes = (
  await pool.query(`
  SELECT pg_size_pretty(pg_relation_size('videos_search_document_idx')) AS gin, pg_size_pretty(pg_relation_size('search_words_trgm_idx')) AS trgm,
         pg_size_pretty(pg_total_relation_size('videos')) AS videos, (SELECT count(*) FROM search_words) AS words,
         (SELECT count(*) FROM video_segments) AS segments, (SELECT count(*) FROM video_daily_stats) AS stats`)
).rows[0];
console.log(
  `  sizes: GIN ${sizes.gin}, trigram vocabulary index ${sizes.trgm} (${sizes.words} words), videos table with indexes ${sizes.videos}; ${sizes.segments} segments, ${sizes.stats} daily stats rows`,
);

// ---- Load: the service as the API calls it, for a viewer of hospital-1.org (sees public and that domain's whitelist).
const signer = createMediaSigner('bench-secret-bench-secret-bench-secret');
let capture = null;
const capturingDb = new Proxy(db, {
  get(target, prop) {
    if (prop === 'execute')
      return (query) => {
        if (capture) capture.push(db.dialect.sqlToQuery(query));
        return target.execute(query);
      };
    return target[prop];
  },
});
const THREADS = Number(args.threads);
const threads = THREADS > 0 ? createSearchThreads({ count: THREADS, databaseUrl: url.toString() }) : undefined;
const service = createSearchService({ search: createSearchRepository(capturingDb), videos: { find: async () => null }, signer, pages: threads });
if (threads) console.log(`\nsearches in ${THREADS} search thread(s), each with its own catalogue and 4 connections`);
// Viewers of four hospitals (three of them on some whitelists) and one provider, in turn.
const actors = [
  { id: 'bench-user-7', email: 'viewer@hospital-1.org', role: 'viewer' },
  { id: 'bench-user-8', email: 'resident@hospital-2.org', role: 'viewer' },
  { id: 'bench-user-12', email: 'fellow@hospital-0.org', role: 'viewer' },
  { id: 'bench-user-16', email: 'student@university.edu', role: 'viewer' },
  { id: 'bench-user-3', email: 'user3@bench-hospital.org', role: 'provider' },
];
const WORDS = [
  'cholecystectomy',
  'colecystectomy',
  'hernia mesh',
  'sleeve',
  'critical view',
  'fundoplication',
  'bypass',
  'rectal resection',
  'anastomosis',
  'okonkwo',
  'résection',
  'lapar',
  'tep',
  'spleen',
];
const FILTERS = [
  'gender=female&resolution=1080p',
  'gender=male&frameRate=30',
  'bmi=obese&uploaded=threeMonths',
  'resolution=4K&duration=60-120',
  'gender=other&bmi=normal',
];
let n = 0;
const VOCABULARY = [
  ...new Set(
    [...Object.values(PROCEDURES).flat(), ...SEGMENTS, ...TECHNIQUES, ...NOTES, ...CONTEXTS]
      .join(' ')
      .toLowerCase()
      .match(/[a-zé]{4,}/g),
  ),
];
let seedState = 42;
const random = () => (seedState = (seedState * 1103515245 + 12345) % 2147483648) / 2147483648;
const newWord = () => {
  const whole = VOCABULARY[Math.floor(random() * VOCABULARY.length)];
  return whole.slice(0, 3 + Math.floor(random() * (whole.length - 2)));
};
const newText = () => `${newWord()} ${newWord()}`;
const scenarios = [
  { name: 'text + two filters (results + total)', next: () => `q=${encodeURIComponent(WORDS[n % WORDS.length])}&${FILTERS[n++ % FILTERS.length]}` },
  {
    name: 'text + two filters + facet counts (the search page)',
    next: () => `q=${encodeURIComponent(WORDS[n % WORDS.length])}&${FILTERS[n++ % FILTERS.length]}&facets=true`,
  },
  { name: 'landing grid (popular, 12 cards)', next: () => 'sort=POPULAR&pageSize=12' },
  { name: 'no text, newest published, one filter, facets', next: () => `gender=${['male', 'female'][n++ % 2]}&facets=true` },
  {
    // Two words of the corpus, each cut to a prefix of 3 letters or more: nearly every text is
    // new to the catalogue, so each search finds and ranks its matches anew (the cold path;
    // PostgreSQL is asked only about words never met before).
    name: 'a text never searched before + two filters + facets',
    next: () => `q=${encodeURIComponent(newText())}&${FILTERS[n++ % FILTERS.length]}&facets=true`,
  },
  // The issue's "text search + two filters" with texts never searched before: the results and
  // their total without the sidebar's counts (the search page asks for those too: the row above).
  { name: 'a text never searched before + two filters (results + total)', next: () => `q=${encodeURIComponent(newText())}&${FILTERS[n++ % FILTERS.length]}` },
];
const chosen = (scenario) => !args.only || scenario.name.includes(args.only);
let turn = 0;
const run = (query) => service.search(actors[turn++ % actors.length], searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));

// Cold: the first search loads the whole catalogue; the first search of a text asks for its tsquery.
const heapBefore = process.memoryUsage().heapUsed;
const buffersBefore = process.memoryUsage().arrayBuffers;
const rssBefore = process.memoryUsage().rss;
const cold = await timed('first search (loads the catalogue of every published video)', () => run('sort=POPULAR&pageSize=12'));
global.gc?.();
if (threads) {
  // Each thread loads its own copy when it first searches; warm() loads every thread's in turn.
  await timed(`the other threads' catalogues (${THREADS - 1}, in turn)`, () => service.warm());
  console.log(`  process resident memory grew by ${Math.round((process.memoryUsage().rss - rssBefore) / 1048576)} MiB (every thread's catalogue)`);
} else {
  console.log(
    `  catalogue in memory: about ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1048576)} MiB of heap and ${Math.round((process.memoryUsage().arrayBuffers - buffersBefore) / 1048576)} MiB of typed arrays; process resident memory grew by ${Math.round((process.memoryUsage().rss - rssBefore) / 1048576)} MiB`,
  );
}
const firstText = await timed('first search of a text (its tsquery, matches and ranks)', () => run('q=cholecystectomy&gender=female&resolution=1080p'));
// What the scenarios find, so the figures below are known to be about real result lists.
for (const query of [
  'q=cholecystectomy&gender=female&resolution=1080p&facets=true',
  'q=lapar&gender=male&frameRate=30',
  'gender=female&facets=true',
  'sort=POPULAR&pageSize=12',
]) {
  const result = await run(query);
  const facetValues = result.facets ? Object.values(result.facets).reduce((sum, counts) => sum + Object.keys(counts).length, 0) : 0;
  console.log(`  ${query}: total ${result.total}, page of ${result.results.length} (first: "${result.results[0]?.title}"), ${facetValues} facet values`);
}

const measure = async (level, scenario, during) => {
  for (let i = 0; i < 10; i += 1) await run(scenario.next()); // warm-up
  const latencies = [];
  const end = performance.now() + DURATION * 1000;
  const background = during?.(end);
  const cpuBefore = process.cpuUsage();
  // How long this thread's event loop was held at a time: in the server, what every other request
  // (a video page, a playback report) waits behind the searches.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  await Promise.all(
    Array.from({ length: level }, async () => {
      while (performance.now() < end) {
        const query = scenario.next();
        const start = performance.now();
        await run(query);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const edits = await background;
  loop.disable();
  // This process's CPU (the service, the pg driver, its garbage collection; every thread) per search.
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  console.log(
    `| ${scenario.name} | ${Math.round(latencies.length / DURATION)} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} | ${(loop.percentile(99) / 1e6).toFixed(0)} / ${(loop.max / 1e6).toFixed(0)} |${edits === undefined ? '' : ` ${edits} |`}`,
  );
};

// At full concurrency (throughput and queueing), then one at a time (each query's own latency).
for (const level of [CONNECTIONS, 1]) {
  console.log(`\nload: ${level} concurrent connection(s), ${DURATION} s per scenario\n`);
  console.log('| scenario | queries/s | p50 ms | p95 ms | p99 ms | Node CPU ms per search | main thread held p99 / max ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const scenario of scenarios.filter(chosen)) await measure(level, scenario);
}

// Open loop: never-searched texts arriving at a steady rate (visitors typing, each search sent when
// it is due whatever is still running), each latency counted from when it was due, so time spent
// waiting behind earlier searches is in it. Where the rate passes what the machine can do, the
// latencies grow with the queue; below it they say what one visitor waits at that load.
const steady = async (scenario, rate) => {
  for (let i = 0; i < 10; i += 1) await run(scenario.next()); // warm-up
  const latencies = [];
  const count = Math.round(rate * DURATION);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const running = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(run(scenario.next()).then(() => latencies.push(performance.now() - due)));
  }
  await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  console.log(
    `| ${rate} | ${Math.round(latencies.length / seconds)} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} |`,
  );
};
if (chosen(scenarios[4])) {
  console.log(`\nload: ${scenarios[4].name}, arriving at a steady rate (open loop), ${DURATION} s per rate\n`);
  console.log('| searches a second sent | answered a second | p50 ms | p95 ms | p99 ms | Node CPU ms per search |');
  console.log('|---|---|---|---|---|---|');
  for (const rate of [25, 50, 100, 200, 400]) await steady(scenarios[4], rate);
}

// Writes while searching: a provider edits a title every second, so every second the catalogue
// and each text's matches are read again.
const editEverySecond = async (end) => {
  let edits = 0;
  while (performance.now() < end) {
    await pool.query(`UPDATE videos SET title = title || '.' WHERE id = md5('1video')::uuid::text`);
    edits += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return edits;
};
console.log(`\nload: ${CONNECTIONS} concurrent connections while a video is edited every second\n`);
console.log('| scenario | queries/s | p50 ms | p95 ms | p99 ms | Node CPU ms per search | main thread held p99 / max ms | edits |');
console.log('|---|---|---|---|---|---|---|---|');
for (const scenario of [scenarios[1], scenarios[2], scenarios[4]].filter(chosen)) await measure(CONNECTIONS, scenario, editEverySecond);

// ---- The plans: a text's spelling corrections (asked once per text and data version; matching and
// ranking are in memory), the whole catalogue with every document (once).
const explain = async (label, query, pick) => {
  // A new service: its first search loads the catalogue and asks for the text's matches.
  const fresh = createSearchService({ search: createSearchRepository(capturingDb), videos: { find: async () => null }, signer });
  capture = [];
  await fresh.search(actors[0], searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
  const captured = capture;
  capture = null;
  const main = captured.find(pick);
  const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${main.sql}`, main.params);
  console.log(`\nEXPLAIN ANALYZE, ${label} (${query}):\n`);
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
};
await explain('a misspelt word’s corrections', 'q=colecystectomy&gender=female&resolution=1080p', (q) => q.sql.includes('similarity('));
await explain('the catalogue', 'sort=POPULAR&pageSize=12', (q) => q.sql.includes('LEFT JOIN video_popularity'));

console.log(`\npeak resident memory of the process (every thread): ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
console.log(
  `\ncold catalogue ${(cold.seconds * 1000).toFixed(0)} ms, first text ${(firstText.seconds * 1000).toFixed(0)} ms, seed ${seed.seconds.toFixed(0)} s, documents ${documents.seconds.toFixed(0)} s, vocabulary ${vocabulary.seconds.toFixed(0)} s, GIN build ${gin.seconds.toFixed(1)} s (${sizes.gin}), popularity ${popularity.seconds.toFixed(1)} s`,
);
await service.close();
await pool.end();
if (!args.keep) await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.end();
