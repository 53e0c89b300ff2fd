// The provider's dashboard against a real PostgreSQL: the content table (views, sorting, status
// filter, paging), visibility for one or many videos (all or nothing), the original while kept,
// who may watch (named lists shared by several videos, grants from answered requests and their
// end, a denial that grants nothing), the append-only audit, and the analytics figures. Another
// provider neither reads nor changes any of it; bad input is refused and stores nothing.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessOverview, Analytics, ContentPage, OriginalLink } from '@ipsv/contracts/dashboard';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState, type VideoState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let app: FastifyInstance;
let base: string;
let scratch: string;
let storage: ReturnType<typeof createLocalStorage>;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let viewer: TestUser;
let colleague: TestUser;
const ids: Record<string, string> = {};

const make = async (state: VideoState, options: { whitelist?: string[] } = {}, who = 'owner') =>
  (await videoInState({ videos: createVideosRepository(database.db), storage }, ids[who]!, state, options)).id;
const query = async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[];
const play = (user: TestUser, id: string, ranges: [number, number][]) =>
  user.call('POST', `/api/videos/${id}/playback-sessions/${randomUUID()}`, { seq: 0, position: ranges.at(-1)![1], ranges });
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-dashboard-'));
  storage = createLocalStorage(path.join(scratch, 'media'));
  app = await buildTestApp(database, await createWebDist(), {
    mailer: smtp.mailer(),
    storage,
    uploads: createFileUploadStore(path.join(scratch, 'media'), 3_600_000),
    rateLimitScale: 20,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = { base: () => base, smtp, pool: database.pool };
  owner = await signedInUser(server, 'owner@clinic.org', 'provider');
  other = await signedInUser(server, 'other@clinic.org', 'provider');
  admin = await signedInUser(server, 'admin@platform.org', 'admin');
  viewer = await signedInUser(server, 'viewer@hospital.org', 'viewer');
  colleague = await signedInUser(server, 'colleague@hospital.org', 'viewer');
  for (const row of await query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[row.email.split('@')[0]!] = row.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('my content', () => {
  it('lists only my videos with their views, sorted, filtered by status and paged', async () => {
    const popular = await make('published');
    const quiet = await make('published');
    const draft = await make('awaiting_details');
    await make('published', {}, 'other');
    for (const user of [viewer, colleague, other]) expect((await play(user, popular, [[0, 4]])).status).toBe(204);
    expect((await play(viewer, quiet, [[0, 2]])).status).toBe(204);

    const byViews = await owner.json<ContentPage>('GET', '/api/dashboard/content?sort=views&order=desc');
    expect(byViews.total).toBe(3);
    expect(byViews.rows.map((r) => [r.video.id, r.views])).toEqual([
      [popular, 3],
      [quiet, 1],
      [draft, 0],
    ]);
    expect(byViews.rows.every((r) => r.video.ownerId === ids.owner && r.originalKept)).toBe(true);

    const drafts = await owner.json<ContentPage>('GET', '/api/dashboard/content?status=awaiting_details');
    expect(drafts.rows.map((r) => r.video.id)).toEqual([draft]);
    const page2 = await owner.json<ContentPage>('GET', '/api/dashboard/content?page=2');
    expect(page2).toMatchObject({ rows: [], total: 3, page: 2, pageSize: 10 });
    // Another provider sees their own one video, none of mine.
    const theirs = await other.json<ContentPage>('GET', '/api/dashboard/content');
    expect(theirs.rows.map((r) => r.video.ownerId)).toEqual([ids.other]);

    const bad = await owner.call('GET', '/api/dashboard/content?sort=secret');
    expect(bad.status).toBe(400);
  });

  it('changes the visibility of several videos at once, records each change, and refuses all if one is not mine', async () => {
    const a = await make('published');
    const b = await make('private');
    const theirs = await make('published', {}, 'other');
    const refused = await owner.call('PUT', '/api/dashboard/visibility', { videoIds: [a, theirs], visibility: 'private' });
    expect(refused.status).toBe(401);
    expect(await errorCode(refused)).toBe('NO_ACCESS');
    expect((await query<{ visibility: string }>('SELECT visibility FROM videos WHERE id = $1', [a]))[0]!.visibility).toBe('signed_in');

    const wrong = await owner.call('PUT', '/api/dashboard/visibility', { videoIds: [a], visibility: 'everyone' });
    expect(wrong.status).toBe(400);
    expect(await errorCode(wrong)).toBe('VALIDATION_ERROR');

    expect((await owner.call('PUT', '/api/dashboard/visibility', { videoIds: [a, b], visibility: 'whitelist' })).status).toBe(204);
    const rows = await query<{ id: string; visibility: string }>('SELECT id, visibility FROM videos WHERE id = ANY($1)', [[a, b]]);
    expect(rows.map((r) => r.visibility)).toEqual(['whitelist', 'whitelist']);
    const audit = await query<{ video_id: string; actor_id: string; details: { from: string; to: string } }>(
      "SELECT video_id, actor_id, details FROM audit_events WHERE action = 'visibility' AND video_id = ANY($1) ORDER BY video_id",
      [[a, b]],
    );
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.actor_id === ids.owner && row.details.to === 'whitelist')).toBe(true);
    // The audit is append-only.
    await expect(database.pool.query("UPDATE audit_events SET action = 'forged'")).rejects.toThrow(/append-only/);
    await expect(database.pool.query('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    // An administrator may moderate visibility.
    expect((await admin.call('PUT', '/api/dashboard/visibility', { videoIds: [theirs], visibility: 'private' })).status).toBe(204);
  });

  it('gives the owner (only) a download link of the original while it is kept', async () => {
    const id = await make('published');
    const link = await owner.json<OriginalLink>('POST', `/api/dashboard/videos/${id}/original`);
    const file = await fetch(`${base}${link.url}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('original bytes');
    expect(file.headers.get('content-disposition')).toContain('case.mp4');
    expect((await admin.call('POST', `/api/dashboard/videos/${id}/original`)).status).toBe(403);
    expect((await other.call('POST', `/api/dashboard/videos/${id}/original`)).status).toBe(401);
    await database.pool.query('UPDATE videos SET original_deleted_at = now() WHERE id = $1', [id]);
    const gone = await owner.call('POST', `/api/dashboard/videos/${id}/original`);
    expect(gone.status).toBe(409);
    expect(await errorCode(gone)).toBe('ORIGINAL_DELETED');
  });
});

describe('who may watch', () => {
  it('a named list used by several videos lets its members watch, and a change reaches every video', async () => {
    const first = await make('private');
    const second = await make('private');
    const created = await owner.call('POST', '/api/dashboard/lists', { name: 'Hospital team', entries: ['@hospital.org'] });
    expect(created.status).toBe(201);
    const { id: listId } = (await created.json()) as { id: string };
    for (const id of [first, second]) {
      expect((await owner.call('PUT', `/api/dashboard/videos/${id}/access`, { visibility: 'whitelist', whitelist: [], listIds: [listId] })).status).toBe(204);
      expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(200);
      expect((await colleague.call('GET', `/api/videos/${id}/watch`)).status).toBe(200);
    }
    const overview = await owner.json<AccessOverview>('GET', '/api/dashboard/access');
    expect(overview.lists).toEqual([{ id: listId, name: 'Hospital team', entries: ['@hospital.org'], videoIds: expect.arrayContaining([first, second]) }]);

    // Narrowing the list to one person applies to both videos at once.
    expect((await owner.call('PUT', `/api/dashboard/lists/${listId}`, { name: 'Hospital team', entries: ['viewer@hospital.org'] })).status).toBe(204);
    for (const id of [first, second]) {
      expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(200);
      expect((await colleague.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);
    }

    // Another provider can neither see, change nor use the list.
    expect((await other.json<AccessOverview>('GET', '/api/dashboard/access')).lists).toEqual([]);
    expect((await other.call('PUT', `/api/dashboard/lists/${listId}`, { name: 'Mine now', entries: ['@elsewhere.org'] })).status).toBe(404);
    expect((await other.call('DELETE', `/api/dashboard/lists/${listId}`)).status).toBe(404);
    const theirs = await make('private', {}, 'other');
    expect((await other.call('PUT', `/api/dashboard/videos/${theirs}/access`, { visibility: 'whitelist', whitelist: [], listIds: [listId] })).status).toBe(404);
    expect((await other.call('PUT', `/api/dashboard/videos/${first}/access`, { visibility: 'signed_in', whitelist: [], listIds: [] })).status).toBe(401);

    // Bad entries and names are refused and change nothing.
    const bad = await owner.call('PUT', `/api/dashboard/lists/${listId}`, { name: 'Hospital team', entries: ['not an email'] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('whitelistEntry');
    expect((await owner.call('POST', '/api/dashboard/lists', { name: '  ', entries: [] })).status).toBe(400);
    expect((await owner.call('POST', '/api/dashboard/lists', { name: 'hospital TEAM', entries: [] })).status).toBe(409);
    expect((await query<{ entries: string[] }>('SELECT entries FROM access_lists WHERE id = $1', [listId]))[0]!.entries).toEqual(['viewer@hospital.org']);

    // Deleting the list takes its members off every video.
    expect((await owner.call('DELETE', `/api/dashboard/lists/${listId}`)).status).toBe(204);
    expect((await viewer.call('GET', `/api/videos/${first}/watch`)).status).toBe(401);
  });

  it('a request is denied (nothing granted, the requester told), then granted until a date (the requester may watch)', async () => {
    const id = await make('private');
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);
    expect((await viewer.call('POST', `/api/videos/${id}/access-requests`)).status).toBe(204);
    const pending = (await owner.json<AccessOverview>('GET', '/api/dashboard/access')).requests.find((r) => r.videoId === id)!;
    expect(pending).toMatchObject({ status: 'pending', requester: { email: 'viewer@hospital.org' }, videoTitle: expect.stringMatching(/^Case /) });
    // Nobody else sees or answers it.
    expect((await other.json<AccessOverview>('GET', '/api/dashboard/access')).requests).toEqual([]);
    expect((await other.call('POST', `/api/dashboard/access-requests/${pending.id}/decision`, { decision: 'grant' })).status).toBe(401);
    expect((await viewer.call('POST', `/api/dashboard/access-requests/${pending.id}/decision`, { decision: 'grant' })).status).toBe(401);

    expect((await owner.call('POST', `/api/dashboard/access-requests/${pending.id}/decision`, { decision: 'deny' })).status).toBe(204);
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);
    expect((await query<{ access_grants: unknown[]; visibility: string }>('SELECT access_grants, visibility FROM videos WHERE id = $1', [id]))[0]).toEqual({
      access_grants: [],
      visibility: 'private',
    });
    const again = await owner.call('POST', `/api/dashboard/access-requests/${pending.id}/decision`, { decision: 'grant' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('REQUEST_ALREADY_DECIDED');
    const told = await query<{ type: string; params: { decision: string } }>('SELECT type, params FROM notifications WHERE user_id = $1', [ids.viewer]);
    expect(told).toContainEqual({ type: 'access_decided', params: expect.objectContaining({ decision: 'denied' }) });

    // A second request, granted until a moment in the past: refused, nothing stored.
    expect((await viewer.call('POST', `/api/videos/${id}/access-requests`)).status).toBe(204);
    const second = (await owner.json<AccessOverview>('GET', '/api/dashboard/access')).requests.find((r) => r.videoId === id && r.status === 'pending')!;
    const past = await owner.call('POST', `/api/dashboard/access-requests/${second.id}/decision`, { decision: 'grant', until: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('grantUntilPast');
    expect((await query<{ status: string }>('SELECT status FROM access_requests WHERE id = $1', [second.id]))[0]!.status).toBe('pending');

    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await owner.call('POST', `/api/dashboard/access-requests/${second.id}/decision`, { decision: 'grant', until })).status).toBe(204);
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(200);
    expect((await colleague.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);
    const access = (await owner.json<AccessOverview>('GET', '/api/dashboard/access')).videos.find((v) => v.id === id)!;
    expect(access).toMatchObject({
      visibility: 'whitelist',
      grants: [{ email: 'viewer@hospital.org', until: new Date(until).toISOString(), requestId: second.id }],
    });
    expect(await query('SELECT action FROM audit_events WHERE video_id = $1 ORDER BY id', [id])).toEqual([
      { action: 'request.denied' },
      { action: 'request.granted' },
    ]);

    // Once the grant has ended the viewer is refused again.
    await database.pool.query(
      `UPDATE videos SET access_grants = jsonb_set(access_grants, '{0,until}', to_jsonb('2021-01-01T00:00:00.000Z'::text)) WHERE id = $1`,
      [id],
    );
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);

    // The owner can take a grant back.
    await database.pool.query(`UPDATE videos SET access_grants = jsonb_set(access_grants, '{0,until}', 'null') WHERE id = $1`, [id]);
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(200);
    expect((await other.call('DELETE', `/api/dashboard/videos/${id}/grants/viewer@hospital.org`)).status).toBe(401);
    expect((await owner.call('DELETE', `/api/dashboard/videos/${id}/grants/viewer@hospital.org`)).status).toBe(204);
    expect((await viewer.call('GET', `/api/videos/${id}/watch`)).status).toBe(401);
  });
});

describe('analytics', () => {
  it('counts the views, viewers, watch time, retention and segment plays of my videos; others are refused', async () => {
    const id = await make('published');
    await owner.json('PUT', `/api/videos/${id}/segments`, {
      isPublic: true,
      segments: [
        { start: 0, end: 5, title: 'Port placement' },
        { start: 5, end: 15, title: 'Dissection' },
      ],
    });
    expect((await play(viewer, id, [[6, 12]])).status).toBe(204);
    expect((await play(colleague, id, [[0, 8]])).status).toBe(204);
    expect((await play(viewer, id, [[7, 9]])).status).toBe(204);
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const one = await owner.json<Analytics>('GET', `/api/dashboard/analytics?videoId=${id}&from=${weekAgo}&to=${today}`);
    // The viewer's second session is no second view (one a viewer and day); its seconds still count.
    expect(one.totals).toMatchObject({ views: 2, uniqueViewers: 2, watchSeconds: 16, averageWatchSeconds: 8, downloads: 0 });
    expect(one.perDay).toHaveLength(7);
    expect(one.perDay.at(-1)).toMatchObject({ day: today, views: 2 });
    expect(one.retention.find((r) => r.second === 7)?.views).toBe(3);
    expect(one.segments.map((s) => [s.title, s.plays])).toEqual([
      ['Dissection', 3],
      ['Port placement', 1],
    ]);

    const all = await owner.json<Analytics>('GET', `/api/dashboard/analytics?from=${today}&to=${today}`);
    expect(all.videos.find((v) => v.id === id)).toMatchObject({ views: 2 });
    expect(all.totals.views).toBeGreaterThanOrEqual(2);

    expect((await other.call('GET', `/api/dashboard/analytics?videoId=${id}&from=${today}&to=${today}`)).status).toBe(401);
    expect((await admin.call('GET', `/api/dashboard/analytics?videoId=${id}&from=${today}&to=${today}`)).status).toBe(200);
    const theirs = await other.json<Analytics>('GET', `/api/dashboard/analytics?from=${today}&to=${today}`);
    expect(theirs.videos.some((v) => v.id === id)).toBe(false);
    const backwards = await owner.call('GET', `/api/dashboard/analytics?from=${today}&to=${weekAgo}`);
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('analyticsPeriod');
  });
});

describe('feedback to the platform team', () => {
  it('is stored from anyone signed in, read and answered by administrators only, and the sender sees the answer', async () => {
    const sent = await viewer.call('POST', '/api/feedback', { category: 'bug', message: '  The player stalls at 2x  ', page: '/video/abc' });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: number };
    for (const body of [
      { category: 'bug', message: '   ' },
      { category: 'complaint', message: 'Hello' },
      { category: 'idea', message: 'x'.repeat(5001) },
      { category: 'idea', message: 'Hi', page: 'javascript:alert(1)' },
    ]) {
      const refused = await viewer.call('POST', '/api/feedback', body);
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await query<{ n: number }>('SELECT count(*)::int AS n FROM feedback'))[0]!.n).toBe(1);

    const mine = await viewer.json<{ items: { id: number; message: string; page: string; answer: string | null; sender: unknown }[] }>('GET', '/api/feedback');
    expect(mine.items).toEqual([expect.objectContaining({ id, message: 'The player stalls at 2x', page: '/video/abc', answer: null, sender: null })]);
    expect((await other.json<{ items: unknown[] }>('GET', '/api/feedback')).items).toEqual([]);

    expect((await other.call('GET', '/api/admin/feedback')).status).toBe(403);
    expect((await other.call('POST', `/api/admin/feedback/${id}/answer`, { answer: 'No' })).status).toBe(403);
    const open = await admin.json<{ items: { id: number; sender: { email: string } }[] }>('GET', '/api/admin/feedback?open=true');
    expect(open.items).toEqual([expect.objectContaining({ id, sender: expect.objectContaining({ email: 'viewer@hospital.org' }) })]);
    expect((await admin.call('POST', `/api/admin/feedback/${id}/answer`, { answer: ' ' })).status).toBe(400);
    expect((await admin.call('POST', '/api/admin/feedback/999999/answer', { answer: 'Fixed' })).status).toBe(404);
    expect((await admin.call('POST', `/api/admin/feedback/${id}/answer`, { answer: 'Fixed in the next release' })).status).toBe(204);
    expect((await viewer.json<{ items: { answer: string }[] }>('GET', '/api/feedback')).items[0]!.answer).toBe('Fixed in the next release');
    expect((await admin.json<{ items: unknown[] }>('GET', '/api/admin/feedback?open=true')).items).toEqual([]);
    const told = await query<{ type: string; link: string }>("SELECT type, link FROM notifications WHERE user_id = $1 AND type = 'feedback_answered'", [
      ids.viewer,
    ]);
    expect(told).toEqual([{ type: 'feedback_answered', link: '/analytics/sendfeedback' }]);
  });
});
