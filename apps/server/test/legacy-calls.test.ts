// The spec's calls for existing clients (`POST /api/legacy/<call>`): the spec's payloads and
// response fields, on the same services as the REST API — so the same access answers (401 'you do
// not have access to this video'), validation and ownership of `emailId`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage, type Storage } from '../src/platform/storage/storage.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let app: FastifyInstance;
let base: string;
let scratch: string;
let storage: Storage;
let owner: TestUser;
let viewer: TestUser;
let ownerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-legacy-'));
  storage = createLocalStorage(path.join(scratch, 'media'));
  app = await buildTestApp(database, await createWebDist(), { mailer: smtp.mailer(), storage, rateLimitScale: 20 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = { base: () => base, smtp, pool: database.pool };
  owner = await signedInUser(server, 'owner@legacy.org', 'provider');
  viewer = await signedInUser(server, 'viewer@legacy.org', 'viewer');
  ownerId = (await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [owner.email])).rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

const video = (state: 'published' | 'private') => videoInState({ videos: createVideosRepository(database.db), storage }, ownerId, state);

describe('the spec’s calls', () => {
  it('get-surgery-types answers surgeryTypesList', async () => {
    const body = await viewer.json<{ surgeryTypesList: { name: string }[] }>('POST', '/api/legacy/get-surgery-types', {});
    expect(body.surgeryTypesList.length).toBeGreaterThan(10);
  });

  it('get-user-details answers termsAccepted and profileDetails, for my own address only', async () => {
    const mine = await viewer.json<{ termsAccepted: boolean; profileDetails: { userid: string; email: string } }>('POST', '/api/legacy/get-user-details', {
      emailId: 'Viewer@Legacy.org',
    });
    expect(mine.profileDetails.email).toBe(viewer.email);
    expect(typeof mine.termsAccepted).toBe('boolean');
    const theirs = await viewer.call('POST', '/api/legacy/get-user-details', { emailId: owner.email });
    expect(theirs.status).toBe(403);
    expect(await theirs.text()).not.toContain(ownerId);
  });

  it('video-details answers the segments with startTime and endTime, and 401 with the spec’s message to someone without access', async () => {
    const open = await video('published');
    const details = await viewer.json<{ status: number; segments: unknown[]; s3Url: string; title: string }>('POST', '/api/legacy/video-details', {
      videoId: open.id,
      validateAccess: true,
    });
    expect(details.status).toBe(200);
    expect(details.title).toBe(open.title);
    expect(details.s3Url).toMatch(/^\/media\/.+master\.m3u8$/);

    const closed = await video('private');
    const refused = await viewer.call('POST', '/api/legacy/video-details', { videoId: closed.id, validateAccess: true });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('you do not have access to this video');
    expect((await viewer.call('POST', '/api/legacy/get_presigned_url', { s3_url: `videos/${closed.id}/v1/master.m3u8` })).status).toBe(401);
  });

  it('process-note creates, changes and deletes my private notes, with the REST API’s validation', async () => {
    const open = await video('published');
    const created = await viewer.json<{ note: { id: number; text: string } }>('POST', '/api/legacy/process-note', {
      note: { videoId: open.id, time: 3, text: 'Calot triangle' },
    });
    expect(created.note.text).toBe('Calot triangle');
    const listed = await viewer.json<{ notes: { id: number; text: string }[] }>('GET', `/api/videos/${open.id}/notes`);
    expect(listed.notes.map((n) => n.text)).toEqual(['Calot triangle']);

    await viewer.json('POST', '/api/legacy/process-note', { note: { action: 'update', id: created.note.id, text: 'Critical view of safety' } });
    expect((await viewer.json<{ notes: { text: string }[] }>('GET', `/api/videos/${open.id}/notes`)).notes[0]!.text).toBe('Critical view of safety');
    // Someone else's note does not exist for the caller.
    expect((await owner.call('POST', '/api/legacy/process-note', { note: { action: 'delete', id: created.note.id } })).status).toBe(404);
    // Outside the video, or empty: refused, nothing stored.
    expect((await viewer.call('POST', '/api/legacy/process-note', { note: { videoId: open.id, time: 9999, text: 'late' } })).status).toBe(400);
    expect((await viewer.call('POST', '/api/legacy/process-note', { note: { videoId: open.id, time: 1, text: '' } })).status).toBe(400);
    await viewer.json('POST', '/api/legacy/process-note', { note: { action: 'delete', id: created.note.id } });
    expect((await viewer.json<{ notes: unknown[] }>('GET', `/api/videos/${open.id}/notes`)).notes).toEqual([]);
  });

  it('video-by-ids and search-videos list only what the caller may watch, with the search contract’s validation', async () => {
    const open = await video('published');
    const closed = await video('private');
    const byIds = await viewer.json<{ result: { id: string }[] }>('POST', '/api/legacy/video-by-ids', {
      search: { ids: [closed.id, open.id] },
      validateAccess: true,
    });
    expect(byIds.result.map((card) => card.id)).toEqual([open.id]);

    const found = await viewer.json<{ status: number; total: number; result: { id: string }[] }>('POST', '/api/legacy/search-videos', {
      search: { searchInput: open.title, sort: 'RELEVANCE' },
      validateAccess: true,
    });
    expect(found.result.map((card) => card.id)).toContain(open.id);
    expect(found.result.map((card) => card.id)).not.toContain(closed.id);
    const bad = await viewer.call('POST', '/api/legacy/search-videos', { search: { genders: ['Robot'] } });
    expect(bad.status).toBe(400);
    expect((await viewer.call('POST', '/api/legacy/search-videos', { search: { searchInput: "a' & | ! :* \\" } })).status).toBe(200);
  });

  it('list-user-notifications and update-notification-status keep the spec’s fields', async () => {
    const list = await viewer.json<{ status: number; data: { total: number; total_unread_messages: number; notifications: unknown[] } }>(
      'POST',
      '/api/legacy/list-user-notifications',
      { pageNumber: 1, pageSize: 5 },
    );
    expect(list.status).toBe(200);
    expect(Object.keys(list.data).sort()).toEqual(['notifications', 'total', 'total_unread_messages']);
    expect(await viewer.json('POST', '/api/legacy/update-notification-status', { update_all: true })).toEqual({ status: 200 });
    expect((await viewer.call('POST', '/api/legacy/list-user-notifications', { pageNumber: -1 })).status).toBe(400);
  });

  it('a profile picture cannot point elsewhere; accepting the terms and setting my name work', async () => {
    const outside = await viewer.call('POST', '/api/legacy/update-user-profile-picture-url', {
      emailId: viewer.email,
      profilePictureUrl: 'https://tracker.example/p.png',
    });
    expect(outside.status).toBe(400);
    expect(await viewer.json('POST', '/api/legacy/accept-user-terms', { emailId: viewer.email, termsAccepted: true })).toEqual({ termsAccepted: true });
    const named = await viewer.json<{ firstName: string; lastName: string }>('POST', '/api/legacy/set-user-details', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect([named.firstName, named.lastName]).toEqual(['Grace', 'Hopper']);
    expect(
      (await fetch(`${base}/api/legacy/get-surgery-types`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: '{}' }))
        .status,
    ).toBe(401);
  });
});
