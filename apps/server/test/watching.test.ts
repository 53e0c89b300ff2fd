// Watching against a real PostgreSQL: who may open the video page and use every watching endpoint
// (owner, another user, whitelist by email and by @domain, private, unpublished, taken down,
// deleted), notes that only their author ever sees, validation that stores nothing, playlists of
// clips, the library lists showing lost videos as "unavailable", and view counting that counts one
// view per viewer and session however often a report is repeated.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_VIDEO_ACCESS_MESSAGE } from '@ipsv/contracts/errors';
import type { HistoryPage, Note, NotedVideosPage, PlaylistPage, PlaylistSummary, WatchLaterPage, WatchPage } from '@ipsv/contracts/watching';
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
let viewer: TestUser;
let colleague: TestUser;
let stranger: TestUser;
const ids: Record<string, string> = {};

const videos = () => createVideosRepository(database.db);
const make = async (state: VideoState, options: { whitelist?: string[]; isDownloadable?: boolean } = {}) =>
  (await videoInState({ videos: videos(), storage }, ids.owner!, state, options)).id;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-watching-'));
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
  viewer = await signedInUser(server, 'viewer@hospital.org', 'viewer');
  colleague = await signedInUser(server, 'colleague@hospital.org', 'viewer');
  stranger = await signedInUser(server, 'stranger@elsewhere.org', 'viewer');
  const { rows } = await database.pool.query<{ id: string; email: string }>('SELECT id, email FROM users');
  for (const row of rows) ids[row.email.split('@')[0]!] = row.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function expectNoAccess(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error).toMatchObject({ code: 'NO_ACCESS', message: NO_VIDEO_ACCESS_MESSAGE });
}

describe('who may open the video page and use it', () => {
  it('follows the video access rules on every video endpoint', async () => {
    const cases: { name: string; id: string; allowed: TestUser[]; refused: TestUser[] }[] = [
      { name: 'published to everyone signed in', id: await make('published'), allowed: [owner, viewer, stranger], refused: [] },
      { name: 'private', id: await make('private'), allowed: [owner], refused: [viewer, stranger] },
      {
        name: 'whitelist by email',
        id: await make('whitelisted', { whitelist: ['viewer@hospital.org'] }),
        allowed: [owner, viewer],
        refused: [colleague, stranger],
      },
      {
        name: 'whitelist by @domain',
        id: await make('whitelisted', { whitelist: ['@hospital.org'] }),
        allowed: [owner, viewer, colleague],
        refused: [stranger],
      },
      { name: 'unpublished', id: await make('review'), allowed: [], refused: [owner, viewer] },
      { name: 'deleted', id: randomUUID(), allowed: [], refused: [owner, viewer] },
    ];
    const takenDown = await make('published');
    await database.pool.query('UPDATE videos SET taken_down_at = now() WHERE id = $1', [takenDown]);
    cases.push({ name: 'taken down', id: takenDown, allowed: [owner], refused: [viewer, stranger] });

    for (const c of cases) {
      for (const user of c.allowed) {
        const page = await user.json<WatchPage>('GET', `/api/videos/${c.id}/watch`);
        expect(page.video.id, c.name).toBe(c.id);
        expect(page.playback.hls).toMatch(/^\/media\/.+master\.m3u8$/);
        expect((await user.call('PUT', `/api/watch-later/${c.id}`)).status, c.name).toBe(204);
        expect((await user.call('POST', `/api/videos/${c.id}/notes`, { time: 1, text: 'Critical view' })).status, c.name).toBe(201);
        expect((await user.call('GET', `/api/videos/${c.id}/notes`)).status, c.name).toBe(200);
        expect(
          (await user.call('POST', `/api/videos/${c.id}/playback-sessions/${randomUUID()}`, { seq: 0, position: 2, ranges: [[0, 2]] })).status,
          c.name,
        ).toBe(204);
      }
      for (const user of c.refused) {
        await expectNoAccess(await user.call('GET', `/api/videos/${c.id}/watch`));
        await expectNoAccess(await user.call('POST', `/api/videos/${c.id}/download`));
        await expectNoAccess(await user.call('PUT', `/api/watch-later/${c.id}`));
        await expectNoAccess(await user.call('GET', `/api/videos/${c.id}/notes`));
        await expectNoAccess(await user.call('POST', `/api/videos/${c.id}/notes`, { time: 1, text: 'Hidden' }));
        await expectNoAccess(await user.call('POST', `/api/videos/${c.id}/playback-sessions/${randomUUID()}`, { seq: 0, position: 1, ranges: [] }));
      }
    }
    // Nothing was stored for the refused calls.
    const { rows } = await database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM notes WHERE text = 'Hidden'");
    expect(rows[0]!.n).toBe(0);
  });

  it('offers the download only when the owner allows it, with a file name, and counts it', async () => {
    const closed = await make('published');
    expect((await viewer.json<WatchPage>('GET', `/api/videos/${closed}/watch`)).video.downloadable).toBe(false);
    const refused = await viewer.call('POST', `/api/videos/${closed}/download`);
    expect(refused.status).toBe(403);
    expect((await owner.json<WatchPage>('GET', `/api/videos/${closed}/watch`)).video.downloadable).toBe(true);

    const open = await make('published', { isDownloadable: true });
    expect((await viewer.json<WatchPage>('GET', `/api/videos/${open}/watch`)).video.downloadable).toBe(true);
    const { url, fileName } = await viewer.json<{ url: string; fileName: string }>('POST', `/api/videos/${open}/download`);
    expect(fileName).toMatch(/^Case [0-9a-f]{8} v1\.mp4$/);
    const file = await fetch(`${base}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(await file.text()).toBe('progressive mp4 (the download)');
    const { rows } = await database.pool.query<{ downloads: number }>('SELECT downloads FROM video_daily_stats WHERE video_id = $1', [open]);
    expect(rows[0]!.downloads).toBe(1);
  });

  it('records a request for access once, and answers alike whatever exists', async () => {
    const id = await make('private');
    for (let i = 0; i < 2; i += 1) expect((await stranger.call('POST', `/api/videos/${id}/access-requests`)).status).toBe(204);
    expect((await stranger.call('POST', `/api/videos/${randomUUID()}/access-requests`)).status).toBe(204);
    const { rows } = await database.pool.query('SELECT requester_id, status FROM access_requests WHERE video_id = $1', [id]);
    expect(rows).toEqual([{ requester_id: ids.stranger, status: 'pending' }]);
  });
});

describe('notes', () => {
  it('are visible to their author only, in time order, and searchable', async () => {
    const id = await make('published');
    await viewer.json('POST', `/api/videos/${id}/notes`, { time: 9, text: 'Clip the cystic artery' });
    const first = await viewer.json<Note>('POST', `/api/videos/${id}/notes`, { time: 3, text: 'Critical view of safety reached' });
    await stranger.json('POST', `/api/videos/${id}/notes`, { time: 4, text: 'Stranger private thought' });

    const mine = await viewer.json<{ notes: Note[] }>('GET', `/api/videos/${id}/notes`);
    expect(mine.notes.map((n) => n.time)).toEqual([3, 9]);
    const others = await stranger.json<{ notes: Note[] }>('GET', `/api/videos/${id}/notes`);
    expect(others.notes.map((n) => n.text)).toEqual(['Stranger private thought']);
    // The owner of the video sees none of them.
    expect((await owner.json<{ notes: Note[] }>('GET', `/api/videos/${id}/notes`)).notes).toEqual([]);

    // Someone else's note does not exist for the caller.
    expect((await stranger.call('PATCH', `/api/notes/${first.id}`, { text: 'Hijacked' })).status).toBe(404);
    expect((await owner.call('DELETE', `/api/notes/${first.id}`)).status).toBe(404);
    const edited = await viewer.json<Note>('PATCH', `/api/notes/${first.id}`, { text: 'Critical view of safety: two structures' });
    expect(edited.text).toBe('Critical view of safety: two structures');

    const found = await viewer.json<NotedVideosPage>('GET', `/api/notes?q=${encodeURIComponent('structures')}`);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]!.notes.map((n) => n.id)).toEqual([first.id]);
    expect((await stranger.json<NotedVideosPage>('GET', `/api/notes?q=structures`)).items).toEqual([]);
    expect((await viewer.call('DELETE', `/api/notes/${first.id}`)).status).toBe(204);
  });

  it('refuses a time outside the video, an empty note and a 100 kB note, storing nothing', async () => {
    const id = await make('published');
    const before = (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]!.n;
    const outside = await viewer.call('POST', `/api/videos/${id}/notes`, { time: 17, text: 'After the end' });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'NOTE_TIME_OUTSIDE',
      message: 'A note must be at a time within the video (0 to 16 seconds).',
    });
    const empty = await viewer.call('POST', `/api/videos/${id}/notes`, { time: 1, text: '   ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('required');
    const huge = await viewer.call('POST', `/api/videos/${id}/notes`, { time: 1, text: 'x'.repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('noteTooLong');
    expect((await viewer.call('POST', `/api/videos/${id}/notes`, { time: -1, text: 'Before' })).status).toBe(400);
    expect((await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]!.n).toBe(before);
  });
});

describe('library lists', () => {
  it('watch later and history show a video that became inaccessible as unavailable', async () => {
    const id = await make('published');
    await viewer.json('GET', `/api/videos/${id}/watch`);
    expect((await viewer.call('PUT', `/api/watch-later/${id}`)).status).toBe(204);
    expect((await viewer.call('POST', `/api/videos/${id}/playback-sessions/${randomUUID()}`, { seq: 1, position: 7.5, ranges: [[0, 7.5]] })).status).toBe(204);
    let later = await viewer.json<WatchLaterPage>('GET', '/api/watch-later');
    expect(later.items[0]!.video).toMatchObject({ available: true, id, title: expect.stringMatching(/^Case /) });
    const history = await viewer.json<HistoryPage>('GET', '/api/history');
    expect(history.items[0]).toMatchObject({ position: 7.5, video: { available: true, id } });
    expect((await viewer.json<WatchPage>('GET', `/api/videos/${id}/watch`)).resumeAt).toBe(7.5);

    await database.pool.query("UPDATE videos SET visibility = 'private' WHERE id = $1", [id]);
    later = await viewer.json<WatchLaterPage>('GET', '/api/watch-later');
    expect(later.items[0]!.video).toEqual({ available: false, id });
    expect(JSON.stringify(later.items[0])).not.toContain('Case ');
    expect((await viewer.json<HistoryPage>('GET', '/api/history')).items[0]!.video).toEqual({ available: false, id });

    // Removing one's own rows needs no access.
    const total = later.total;
    expect((await viewer.call('DELETE', `/api/watch-later/${id}`)).status).toBe(204);
    expect((await viewer.json<WatchLaterPage>('GET', '/api/watch-later')).total).toBe(total - 1);
  });

  it('pauses history, removes one and clears all', async () => {
    const a = await make('published');
    const b = await make('published');
    expect((await colleague.call('DELETE', '/api/history')).status).toBe(204);
    for (const id of [a, b]) await colleague.call('POST', `/api/videos/${id}/playback-sessions/${randomUUID()}`, { seq: 0, position: 4, ranges: [[0, 4]] });
    expect((await colleague.json<HistoryPage>('GET', '/api/history')).total).toBe(2);
    expect((await colleague.call('DELETE', `/api/history/${a}`)).status).toBe(204);
    expect((await colleague.json<HistoryPage>('GET', '/api/history')).items.map((i) => i.video.id)).toEqual([b]);
    expect((await colleague.call('DELETE', '/api/history')).status).toBe(204);
    await colleague.json('PUT', '/api/history/settings', { paused: true });
    await colleague.call('POST', `/api/videos/${a}/playback-sessions/${randomUUID()}`, { seq: 0, position: 6, ranges: [[0, 6]] });
    const page = await colleague.json<HistoryPage>('GET', '/api/history');
    expect(page).toMatchObject({ total: 0, paused: true });
    expect((await colleague.json<WatchPage>('GET', `/api/videos/${a}/watch`)).resumeAt).toBeNull();
    await colleague.json('PUT', '/api/history/settings', { paused: false });
  });
});

describe('playlists', () => {
  it('holds clips in order, moves them, plays through them, and is its owner’s alone', async () => {
    const id = await make('published');
    const list = await viewer.json<PlaylistSummary>('POST', '/api/playlists', { name: 'Critical view of safety', description: 'Ten cholecystectomies' });
    const url = `/api/playlists/${list.id}`;
    const one = await viewer.json<{ id: number }>('POST', `${url}/items`, { videoId: id, start: 2, end: 5, title: 'Dissection' });
    const two = await viewer.json<{ id: number }>('POST', `${url}/items`, { videoId: id, start: 8, end: 10 });
    const three = await viewer.json<{ id: number }>('POST', `${url}/items`, { videoId: id });
    expect((await viewer.json<PlaylistPage>('GET', url)).items.map((i) => i.id)).toEqual([one.id, two.id, three.id]);
    expect((await viewer.call('PUT', `${url}/items/${three.id}/position`, { index: 0 })).status).toBe(204);
    expect((await viewer.json<PlaylistPage>('GET', url)).items.map((i) => [i.id, i.position])).toEqual([
      [three.id, 0],
      [one.id, 1],
      [two.id, 2],
    ]);
    const playing = await viewer.json<{ item: { id: number }; next: { id: number; start: number } | null }>('GET', `${url}/items/${one.id}`);
    expect(playing.next).toMatchObject({ id: two.id, start: 8 });
    expect((await viewer.json<{ next: unknown }>('GET', `${url}/items/${two.id}`)).next).toBeNull();

    // Bad clips are refused and store nothing.
    const backwards = await viewer.call('POST', `${url}/items`, { videoId: id, start: 6, end: 3 });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: { params: { rule: string } } }).error.params.rule).toBe('clipOrder');
    expect((await viewer.call('POST', `${url}/items`, { videoId: id, start: 6, end: 60 })).status).toBe(400);
    expect((await viewer.json<PlaylistPage>('GET', url)).total).toBe(3);

    // Another user's playlist does not exist for them; a private video cannot be added.
    expect((await stranger.call('GET', url)).status).toBe(404);
    expect((await stranger.call('POST', `${url}/items`, { videoId: id })).status).toBe(404);
    const privateId = await make('private');
    await expectNoAccess(await viewer.call('POST', `${url}/items`, { videoId: privateId }));

    await viewer.json('PATCH', url, { name: 'CVS teaching set' });
    expect((await viewer.json<PlaylistPage>('GET', url)).playlist.name).toBe('CVS teaching set');
    expect((await viewer.call('DELETE', `${url}/items/${one.id}`)).status).toBe(204);
    expect((await viewer.json<PlaylistPage>('GET', url)).items.map((i) => i.position)).toEqual([0, 1]);
    expect((await viewer.call('DELETE', url)).status).toBe(204);
    expect((await viewer.call('GET', url)).status).toBe(404);
  });

  it('holds at most 10,000 items: the 10,001st is refused', async () => {
    const id = await make('published');
    const list = await viewer.json<PlaylistSummary>('POST', '/api/playlists', { name: 'Full' });
    await database.pool.query(`INSERT INTO playlist_items (playlist_id, video_id, position) SELECT $1, $2, g FROM generate_series(0, 9999) AS g`, [
      list.id,
      id,
    ]);
    const refused = await viewer.call('POST', `/api/playlists/${list.id}/items`, { videoId: id, start: 1, end: 2 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('PLAYLIST_FULL');
    expect((await viewer.json<PlaylistPage>('GET', `/api/playlists/${list.id}`)).total).toBe(10_000);
  });
});

describe('viewing data', () => {
  it('counts one view per viewer and day, watch time and retention once, however often a report repeats', async () => {
    const id = await make('published');
    const session = randomUUID();
    const report = (seq: number, ranges: [number, number][], position: number) =>
      viewer.call('POST', `/api/videos/${id}/playback-sessions/${session}`, { seq, position, ranges });
    expect((await report(0, [[0, 4]], 4)).status).toBe(204);
    expect((await report(0, [[0, 4]], 4)).status).toBe(204); // the same beacon again
    expect((await report(1, [[0, 6]], 6)).status).toBe(204);
    expect((await report(2, [[0, 6]], 6)).status).toBe(204); // nothing new watched
    // A second session of the same viewer the same day: neither a view nor a new viewer.
    await viewer.call('POST', `/api/videos/${id}/playback-sessions/${randomUUID()}`, { seq: 0, position: 2, ranges: [[0, 2]] });
    await stranger.call('POST', `/api/videos/${id}/playback-sessions/${randomUUID()}`, { seq: 0, position: 1, ranges: [[0, 1]] });
    // Someone else's session id changes nothing.
    expect((await stranger.call('POST', `/api/videos/${id}/playback-sessions/${session}`, { seq: 9, position: 16, ranges: [[0, 16]] })).status).toBe(204);

    const { rows } = await database.pool.query('SELECT views, unique_viewers, watch_seconds FROM video_daily_stats WHERE video_id = $1', [id]);
    expect(rows).toEqual([{ views: 2, unique_viewers: 2, watch_seconds: 9 }]);
    const retention = await database.pool.query<{ second: number; views: number }>(
      'SELECT second, views FROM video_retention WHERE video_id = $1 ORDER BY second',
      [id],
    );
    expect(retention.rows.map((r) => [r.second, r.views])).toEqual([
      [0, 3],
      [1, 2],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
  });
});
