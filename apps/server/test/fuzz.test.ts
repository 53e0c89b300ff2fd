// Fuzz suite: every route with a body or a query in the OpenAPI document gets generated bad input
// (wrong types, missing and extra fields, huge strings, NUL and lone surrogates, deep nesting, huge
// numbers, arrays for objects, bad JSON, wrong content types), property-based with fast-check,
// seeded and bounded in time. It must never answer 5xx, and a 4xx must change nothing in the
// database. Requests are made as a user who may call the route, so they reach its validation.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { confirmReviewInputSchema } from '@ipsv/contracts/privacy-review';
import { segmentsInputSchema } from '@ipsv/contracts/segments';
import { videoDetailsInputSchema } from '@ipsv/contracts/videos';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { CookieJar } from './helpers/cookie-jar.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { videoInState } from './helpers/video-states.js';

/** FUZZ_SEED=<n> replays a run; the seed is printed with any failure. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const MS_PER_ROUTE = 4000;
const PASSWORD = 'Correct-Horse7';

// Bodies documented as "any JSON" until their routes declare a schema (the service checks them).
const UNDOCUMENTED_BODIES: Record<string, z.ZodType> = {
  'put /api/videos/{id}/details': videoDetailsInputSchema,
  'put /api/videos/{id}/review': confirmReviewInputSchema,
  'put /api/videos/{id}/review/draft': confirmReviewInputSchema,
  'put /api/videos/{id}/segments': segmentsInputSchema,
};
// Tables that legitimately record a refused attempt (throttles count failures).
const VOLATILE_TABLES = new Set(['rate_limits', 'sign_in_failures']);

let database: TestDatabase;
let app: FastifyInstance;
let scratch: string;
const cookies: Record<'owner' | 'admin', string> = { owner: '', admin: '' };
const ids: Record<string, string> = {};

async function account(email: string, role: 'provider' | 'admin'): Promise<string> {
  const jar = new CookieJar();
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: PASSWORD, firstName: 'Fuzz', lastName: 'Tester', language: 'en-US' },
  });
  expect(signUp.statusCode).toBe(204);
  await database.pool.query('UPDATE users SET email_verified = true, role = $2 WHERE email = $1', [email, role]);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } });
  expect(signIn.statusCode).toBe(200);
  jar.store(signIn.headers['set-cookie']);
  return jar.header();
}

beforeAll(async () => {
  database = await createTestDatabase();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-fuzz-'));
  const storage = createLocalStorage(path.join(scratch, 'media'));
  app = await buildTestApp(database, await createWebDist(), {
    storage,
    uploads: createFileUploadStore(path.join(scratch, 'media'), 3_600_000),
    rateLimitScale: 1000,
    pageViewsPerMinute: 100_000,
  });
  cookies.owner = await account('owner@fuzz.org', 'provider');
  cookies.admin = await account('admin@fuzz.org', 'admin');
  await account('target@fuzz.org', 'provider');
  const { rows } = await database.pool.query<{ id: string; email: string }>('SELECT id, email FROM users');
  for (const row of rows) ids[row.email] = row.id;
  ids.video = (await videoInState({ videos: createVideosRepository(database.db), storage }, ids['owner@fuzz.org']!, 'review')).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A fingerprint of every table the API writes (row contents, not just counts). */
async function databaseState(): Promise<string> {
  const { rows: tables } = await database.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (VOLATILE_TABLES.has(name) || name.startsWith('__drizzle')) continue;
    const { rows } = await database.pool.query<{ digest: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`);
    parts.push(`${name}:${rows[0]?.digest ?? 'empty'}`);
  }
  return parts.join('\n');
}

// ---- Generated bad input

const deep = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
const nastyString = fc.oneof(
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDC00',
      "'; DROP TABLE users; --",
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '%00',
      '☃'.repeat(300),
    ),
  },
  { weight: 1, arbitrary: fc.constant('x'.repeat(100_000)) },
);
const nastyNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 0.1));
/** Text PostgreSQL refuses, hidden in otherwise ordinary values. */
const unstorable = fc.constantFrom('\u0000', 'Lap\u0000chole', '\uD800', 'chole\uDC00', '\uDBFF\u0000');
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: unstorable },
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyString, nastyNumber, unstorable), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, unstorable), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(40), deep(3), [[[]]], {}) },
);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** A value the schema would likely accept, so that one bad field at a time reaches deep code. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return plausible(choice.find((option) => option.type !== 'null') ?? choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, plausible(property)]));
    case 'array':
      return [plausible(schema.items)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'someone@hospital.org' : 'Laparoscopic';
    default:
      return schema.default ?? 'x';
  }
}

interface Target {
  key: string;
  method: string;
  url: string;
  as: 'owner' | 'admin' | null;
  body: JsonSchema | null;
  queryNames: string[];
}

/** Replaces the value at one path of `value` (an object or array tree) with `bad`. */
function withBad(value: unknown, pathIndex: number, bad: unknown): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (at.length > 0) paths.push(at);
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...at, i]));
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...at, key]);
  };
  walk(value, []);
  if (paths.length === 0) return bad;
  const target = paths[pathIndex % paths.length]!;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const step of target.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[target.at(-1)!] = bad;
  return copy;
}

/**
 * A body: a wrong type altogether; a plausible body with one or two values made bad (wrong type,
 * huge, NUL, lone surrogate, deeply nested); a plausible body with a required field missing; or
 * with unknown extra fields.
 */
const bodyFor = (target: Target): fc.Arbitrary<unknown> => {
  const valid = plausible(target.body ?? undefined);
  const required = target.body?.required ?? [];
  return fc.oneof(
    { weight: 1, arbitrary: nastyValue },
    { weight: 5, arbitrary: fc.tuple(fc.nat(), nastyValue).map(([at, bad]) => withBad(valid, at, bad)) },
    { weight: 2, arbitrary: fc.tuple(fc.nat(), nastyValue, fc.nat(), nastyValue).map(([a, badA, b, badB]) => withBad(withBad(valid, a, badA), b, badB)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(required.length ? required : [''])).map((missing) => {
        const copy = { ...(valid as Record<string, unknown>) };
        delete copy[missing];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), nastyValue, { minKeys: 1, maxKeys: 3 }).map((extra) => ({ ...extra, ...(valid as object) })),
    },
  );
};

/** Percent-encoding that also writes lone surrogates (as the invalid UTF-8 a hostile client would send). */
const percent = (text: string): string =>
  [...text]
    .map((ch) => {
      const unit = ch.charCodeAt(0);
      if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');

const queryFor = (target: Target): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...target.queryNames, 'unknown', 'page'), fc.oneof(nastyString, nastyNumber.map(String))), { maxLength: 5 })
    .map((pairs) => pairs.map(([name, value]) => `${percent(name)}=${percent(String(value).slice(0, 20_000))}`).join('&'));

/** Raw bodies no JSON parser should choke on: broken JSON and other content types. */
const RAW_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{"title":' },
  { contentType: 'application/json', payload: '{"a":1}{"b":2}' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '{"x":"\\ud800"}' },
  { contentType: 'application/json', payload: `{"x":${'['.repeat(10_000)}` },
  { contentType: 'text/plain', payload: 'title=hello' },
  { contentType: 'application/xml', payload: '<title>hello</title>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'title=hello&fileName=x.mp4' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--x--' },
  { contentType: 'application/json; charset=latin1', payload: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]) },
];

function targetsOf(doc: {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string }[] }>>;
}): Target[] {
  const targets: Target[] = [];
  for (const [pattern, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = operation.requestBody?.content?.['application/json'];
      if (!json && queryNames.length === 0) continue;
      const key = `${method} ${pattern}`;
      const fallback = UNDOCUMENTED_BODIES[key];
      const body = json?.schema?.properties ? (json.schema as JsonSchema) : fallback ? (z.toJSONSchema(fallback, { io: 'input' }) as JsonSchema) : {};
      const url = pattern
        .replace('{userId}', ids['target@fuzz.org']!)
        .replace('{id}', ids.video!)
        .replace('{sessionId}', 'no-such-session')
        .replace('{providerId}', 'google');
      const as = pattern.startsWith('/api/admin/') ? 'admin' : 'owner';
      targets.push({
        key,
        method: method.toUpperCase(),
        url: pattern === '/api/users/{userId}' ? url.replace(ids['target@fuzz.org']!, ids['owner@fuzz.org']!) : url,
        as,
        body: json ? body : null,
        queryNames,
      });
    }
  }
  return targets;
}

describe('fuzz: bad input never breaks the server or changes data', () => {
  it('covers every documented route with a body or a query', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const targets = targetsOf(doc);
    expect(targets.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    let sent = 0;

    const send = async (target: Target, options: Omit<InjectOptions, 'method' | 'url'> & { query?: string }) => {
      sent += 1;
      const before = await databaseState();
      const url = options.query ? `${target.url}?${options.query}` : target.url;
      const response = await app.inject({
        ...options,
        method: target.method as InjectOptions['method'],
        url,
        headers: { ...(options.headers ?? {}), cookie: target.as ? cookies[target.as] : '' },
      });
      const label = `${target.key} ${JSON.stringify(options.payload ?? options.query ?? '').slice(0, 200)}`;
      if (process.env.FUZZ_TRACE) await fs.appendFile(process.env.FUZZ_TRACE, `${response.statusCode} ${target.as} ${label.slice(0, 160)}\n`);
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${response.body.slice(0, 200)}: ${label}`);
      else if (response.statusCode >= 400) {
        const after = await databaseState();
        if (after !== before) {
          const changed = after
            .split('\n')
            .filter((line) => !before.split('\n').includes(line))
            .map((line) => line.split(':')[0]);
          failures.push(`${response.statusCode} changed ${changed.join(', ')}: ${label}`);
        }
      }
      if (response.statusCode === 401 && target.as) {
        // A 401 is usually the route's own answer (a wrong password, a code); fail loudly if the
        // session itself ended, since the rest of the run would then test nothing.
        const session = await app.inject({ url: '/api/session', headers: { cookie: cookies[target.as] } });
        expect(session.json().user, `the ${target.as}'s session ended after ${label}`).not.toBeNull();
      }
      return response.statusCode;
    };

    for (const target of targets) {
      if (target.body !== null) {
        for (const raw of RAW_BODIES) await send(target, { payload: raw.payload, headers: { 'content-type': raw.contentType } });
        await fc.assert(
          fc.asyncProperty(bodyFor(target), async (body) => {
            await send(target, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: MS_PER_ROUTE, endOnFailure: true },
        );
      }
      if (target.queryNames.length > 0) {
        await fc.assert(
          fc.asyncProperty(queryFor(target), async (query) => {
            await send(target, { query });
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: MS_PER_ROUTE, endOnFailure: true },
        );
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(sent, 'requests sent').toBeGreaterThan(targets.length * 10);
  }, 600_000);
});
