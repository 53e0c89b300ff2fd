// The HTTP API against a real PostgreSQL: health, session, surgery types, page views, errors,
// OpenAPI, security headers and the SPA fallback.
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;
let app: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await createWebDist();
  app = await buildTestApp(database, webDist);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
});

async function pageViewPaths(): Promise<string[]> {
  const { rows } = await database.pool.query<{ path: string }>('SELECT path FROM page_views ORDER BY id');
  return rows.map((r) => r.path);
}

describe('GET /api/health', () => {
  it('reports ok after a real database round trip', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', version: '0.1.0' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const broken = await buildTestApp({ db: database.db, pool: database.pool, ping: async () => false }, webDist);
    const response = await broken.inject({ url: '/api/health' });
    await broken.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
  });
});

describe('GET /api/session', () => {
  it('has no user until accounts exist, and is never cached', async () => {
    const response = await app.inject({ url: '/api/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('signs out without error when there is no session', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/session' });
    expect(response.statusCode).toBe(204);
  });
});

describe('GET /api/surgery-types', () => {
  it('returns the seeded types of spec section 3 in the spec order', async () => {
    const response = await app.inject({ url: '/api/surgery-types' });
    expect(response.statusCode).toBe(200);
    expect(response.json().surgeryTypes).toEqual(SURGERY_TYPE_SEED.map((t) => ({ ...t })));
  });
});

describe('POST /api/page-views', () => {
  it('records the full path with its query, without the fragment', async () => {
    const before = await pageViewPaths();
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-views',
      payload: { path: '/video-search?surgeryType=5#results' },
    });
    expect(response.statusCode).toBe(204);
    expect(await pageViewPaths()).toEqual([...before, '/video-search?surgeryType=5']);
    const { rows } = await database.pool.query('SELECT user_id, viewed_at FROM page_views ORDER BY id DESC LIMIT 1');
    expect(rows[0].user_id).toBeNull();
    expect(Date.now() - new Date(rows[0].viewed_at).getTime()).toBeLessThan(60_000);
  });

  it.each([
    ['a relative path', { path: 'watch-later' }, 'The path must start with a single /'],
    ['a protocol-relative URL', { path: '//evil.example/x' }, 'The path must start with a single /'],
    ['an over-long path', { path: `/${'a'.repeat(2048)}` }, 'The path must be at most 2048 characters'],
    ['a missing path', {}, ''],
  ])('refuses %s with 400 and records nothing', async (_name, payload, message) => {
    const before = await pageViewPaths();
    const response = await app.inject({ method: 'POST', url: '/api/page-views', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', params: { field: 'path' } });
    expect(response.json().error.message).toContain(message);
    expect(await pageViewPaths()).toEqual(before);
  });

  it('refuses a body that is not JSON with a readable error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-views',
      headers: { 'content-type': 'application/json' },
      payload: '{"path":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'BAD_JSON' });
  });
});

describe('page-view rate limit', () => {
  it('refuses a client that floods the log with 429 and a readable message, recording nothing more', async () => {
    const limited = await buildTestApp(database, webDist, { pageViewsPerMinute: 3 });
    const send = (ip: string) => limited.inject({ method: 'POST', url: '/api/page-views', payload: { path: '/flood' }, remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send('127.0.0.2')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const refused = await send('127.0.0.2');
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.params.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(String(refused.json().error.params.retryAfterSeconds));
    // another visitor is not affected
    expect((await send('127.0.0.3')).statusCode).toBe(204);
    await limited.close();
    expect((await pageViewPaths()).filter((p) => p === '/flood')).toHaveLength(4);
  });
});

describe('errors and routing', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: { code: 'ENDPOINT_NOT_FOUND', message: 'No such endpoint: GET /api/does-not-exist', params: { method: 'GET', path: '/api/does-not-exist' } },
    });
  });

  it('serves the SPA for any other path (history fallback), not cached', async () => {
    for (const url of ['/', '/watch-later', '/video/abc', '/some/unknown/page?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not answer other methods on page paths with the SPA', async () => {
    const response = await app.inject({ method: 'POST', url: '/watch-later' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ENDPOINT_NOT_FOUND');
  });

  it('sets security headers and echoes a request id', async () => {
    const response = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const generated = await app.inject({ url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('documents every API route from the contracts', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.info.title).toBe('Intelligent Platform for Surgery Videos API');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/session', '/api/surgery-types', '/api/page-views']));
    expect(spec.paths['/api/page-views'].post.requestBody.content['application/json'].schema.properties.path).toBeDefined();
  });

  it('serves the documentation page', async () => {
    const response = await app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
