// Versions and licences of the provider's dashboard against a real PostgreSQL: the rendered
// versions of a video (kept on disk), rolling back (the served playlist and files change), deleting
// an old version; who may see and change them (owner, other provider, viewer, administrator); every
// change in the append-only audit table.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Playback } from '@ipsv/contracts/videos';
import type { VersionsOverview, VideoVersions } from '@ipsv/contracts/versions';
import type { LicenceRequest, VideoLicence } from '@ipsv/contracts/licences';
import type { RenditionKeys } from '../src/db/schema.js';
import { mediaKeys } from '../src/modules/videos/media-keys.js';
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
const ids: Record<string, string> = {};

const videos = () => createVideosRepository(database.db);
const make = async (state: VideoState = 'published', options: { isDownloadable?: boolean } = {}) =>
  (await videoInState({ videos: videos(), storage }, ids.owner!, state, options)).id;
const query = async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[];
const because = { reason: 'The newer cut removed teaching steps' };
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** As the render job does for a new confirmation: version `n` with its own files, published and recorded. */
async function render(id: string, n: number, ranges: { start: number; end: number }[]) {
  const repository = videos();
  const prefix = mediaKeys(id).version(n);
  await storage.put(
    `${prefix}/master.m3u8`,
    Buffer.from(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n# version ${n}\n`),
    'application/vnd.apple.mpegurl',
  );
  await storage.put(`${prefix}/360p/index.m3u8`, Buffer.from(`#EXTM3U\n#EXTINF:6,\nsegment-00000.m4s\n#EXT-X-ENDLIST\n`), 'application/vnd.apple.mpegurl');
  await storage.put(`${prefix}/360p/segment-00000.m4s`, Buffer.from(`segment of version ${n}`), 'video/iso.segment');
  await storage.put(`${prefix}/360p/video.mp4`, Buffer.from(`mp4 of version ${n}`), 'video/mp4');
  const rendition: RenditionKeys = {
    version: n,
    master: `${prefix}/master.m3u8`,
    mp4: `${prefix}/360p/video.mp4`,
    poster: null,
    storyboard: null,
    rungs: ['360p'],
    renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 800_000 }],
    durationSeconds: 20 - ranges.reduce((sum, r) => sum + r.end - r.start, 0),
    complete: true,
  };
  const confirmed = (await repository.update(id, {
    confirmedRanges: ranges.map((r) => ({ ...r, reasons: ['manual' as const], confidence: null })),
    confirmedBy: ids.owner!,
    confirmedAt: new Date(),
    renderingVersion: n,
  }))!;
  await repository.update(id, { rendition, publishedVersion: n });
  await repository.saveVersion(confirmed, rendition, 100 * n);
}

/** The text of the HLS master playlist `user` is served for the video now. */
async function servedPlaylist(user: TestUser, id: string): Promise<string> {
  const playback = await user.json<Playback>('GET', `/api/videos/${id}/playback`);
  const response = await fetch(`${base}${playback.hls}`);
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-versions-'));
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
  for (const row of await query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[row.email.split('@')[0]!] = row.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('versions', () => {
  it('lists every version of my videos: date, confirmer, ranges, renditions, size, the published one', async () => {
    const id = await make();
    await render(id, 2, [{ start: 2, end: 5 }]);
    const overview = await owner.json<VersionsOverview>('GET', '/api/dashboard/versions');
    const mine = overview.videos.find((v) => v.videoId === id)!;
    expect(mine.publishedVersion).toBe(2);
    expect(mine.rendering).toBe(false);
    expect(mine.versions.map((v) => [v.version, v.published])).toEqual([
      [2, true],
      [1, false],
    ]);
    const [v2, v1] = mine.versions;
    expect(v2!.ranges.map((r) => [r.start, r.end])).toEqual([[2, 5]]);
    expect(v2!.removedSeconds).toBe(3);
    expect(v1!.ranges.map((r) => [r.start, r.end])).toEqual([[8, 12]]);
    expect(v1!.confirmedBy).toBe('Ada Surgeon');
    expect(v2!.sizeBytes).toBe(200);
    expect(v2!.renditions).toEqual([{ name: '360p', width: 640, height: 360 }]);
    // Nobody else's overview holds it.
    for (const user of [other, viewer, admin]) {
      expect((await user.json<VersionsOverview>('GET', '/api/dashboard/versions')).videos.some((v) => v.videoId === id)).toBe(false);
    }
  });

  it('a rollback republishes the earlier files: the served playlist changes, the audit records it', async () => {
    const id = await make();
    await render(id, 2, [{ start: 0, end: 4 }]);
    expect(await servedPlaylist(viewer, id)).toContain('# version 2');

    const after = await owner.json<VideoVersions>('POST', `/api/dashboard/videos/${id}/versions/1/publish`, { reason: 'Version 2 cut the dissection' });
    expect(after.publishedVersion).toBe(1);
    // The reason is kept with the version and shown in the list.
    expect(after.versions.find((v) => v.version === 1)!.republished).toMatchObject({ reason: 'Version 2 cut the dissection' });
    expect(after.versions.find((v) => v.version === 2)!.republished).toBeNull();
    expect(after.versions.find((v) => v.published)!.version).toBe(1);
    const playlist = await servedPlaylist(viewer, id);
    expect(playlist).not.toContain('# version 2');
    const playback = await viewer.json<Playback>('GET', `/api/videos/${id}/playback`);
    expect(playback.hls).toContain(`/videos/${id}/v1/master.m3u8`);
    const token = playback.hls.split('/')[2]!;
    expect(await (await fetch(`${base}/media/${token}/videos/${id}/v1/360p/segment-00000.m4s`)).text()).toBe('segment');
    // The privacy review now shows the ranges of version 1, and the video row says so.
    const [row] = await query<{ published_version: number; confirmed_ranges: { start: number }[] }>(
      'SELECT published_version, confirmed_ranges FROM videos WHERE id = $1',
      [id],
    );
    expect(row!.published_version).toBe(1);
    expect(row!.confirmed_ranges.map((r) => r.start)).toEqual([8]);
    // Version 2's files are still there to roll forward again.
    expect(await storage.stat(`videos/${id}/v2/master.m3u8`)).not.toBeNull();
    expect((await owner.call('POST', `/api/dashboard/videos/${id}/versions/2/publish`, { reason: 'Back to the shorter cut' })).status).toBe(200);
    expect(await servedPlaylist(viewer, id)).toContain('# version 2');

    const audit = await query<{ actor_id: string; action: string; details: { from: number; to: number } }>(
      `SELECT actor_id, action, details FROM audit_events WHERE video_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit).toEqual([
      { actor_id: ids.owner, action: 'version.rolled_back', details: { from: 2, to: 1, reason: 'Version 2 cut the dissection' } },
      { actor_id: ids.owner, action: 'version.rolled_back', details: { from: 1, to: 2, reason: 'Back to the shorter cut' } },
    ]);
  });

  it('deletes an old version with its files, never the published one; the audit records it', async () => {
    const id = await make();
    await render(id, 2, []);
    expect(await errorCode(await owner.call('DELETE', `/api/dashboard/videos/${id}/versions/2`))).toBe('VERSION_PUBLISHED');
    expect(await errorCode(await owner.call('POST', `/api/dashboard/videos/${id}/versions/2/publish`, because))).toBe('VERSION_ALREADY_PUBLISHED');
    expect(await errorCode(await owner.call('POST', `/api/dashboard/videos/${id}/versions/7/publish`, because))).toBe('VERSION_NOT_FOUND');
    const after = await owner.json<VideoVersions>('DELETE', `/api/dashboard/videos/${id}/versions/1`);
    expect(after.versions.map((v) => v.version)).toEqual([2]);
    expect(await storage.list(`videos/${id}/v1`)).toEqual([]);
    expect(await storage.stat(`videos/${id}/v2/master.m3u8`)).not.toBeNull();
    // A deleted version is gone for good: no rollback to it, no second deletion.
    expect(await errorCode(await owner.call('POST', `/api/dashboard/videos/${id}/versions/1/publish`, because))).toBe('VERSION_NOT_FOUND');
    expect(await errorCode(await owner.call('DELETE', `/api/dashboard/videos/${id}/versions/1`))).toBe('VERSION_NOT_FOUND');
    const audit = await query<{ action: string; details: unknown }>(`SELECT action, details FROM audit_events WHERE video_id = $1`, [id]);
    expect(audit).toEqual([{ action: 'version.deleted', details: { version: 1 } }]);
  });

  it('refuses a rollback while a newer version is still rendering', async () => {
    const id = await make();
    await render(id, 2, []);
    await videos().update(id, { renderingVersion: 3 });
    expect(await errorCode(await owner.call('POST', `/api/dashboard/videos/${id}/versions/1/publish`, because))).toBe('VERSION_RENDERING');
    expect((await owner.json<VideoVersions>('GET', `/api/dashboard/videos/${id}/versions`)).rendering).toBe(true);
    expect((await query<{ published_version: number }>('SELECT published_version FROM videos WHERE id = $1', [id]))[0]!.published_version).toBe(2);
  });

  it('other providers and viewers get 401 and change nothing', async () => {
    const id = await make();
    await render(id, 2, []);
    for (const user of [other, viewer]) {
      for (const [method, url, body] of [
        ['GET', `/api/dashboard/videos/${id}/versions`],
        ['POST', `/api/dashboard/videos/${id}/versions/1/publish`, because],
        ['DELETE', `/api/dashboard/videos/${id}/versions/1`],
      ] as const) {
        const response = await user.call(method, url, body);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { error: { message: string } }).error.message).toBe('you do not have access to this video');
      }
    }
    expect((await query('SELECT 1 FROM audit_events WHERE video_id = $1', [id])).length).toBe(0);
    expect(await servedPlaylist(owner, id)).toContain('# version 2');
  });

  it('an administrator sees the versions but may not publish one again (403, nothing changes): only the owner', async () => {
    const id = await make();
    await render(id, 2, [{ start: 0, end: 4 }]);
    expect((await admin.json<VideoVersions>('GET', `/api/dashboard/videos/${id}/versions`)).publishedVersion).toBe(2);
    const refused = await admin.call('POST', `/api/dashboard/videos/${id}/versions/1/publish`, because);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('OWNER_ONLY');
    expect(await servedPlaylist(viewer, id)).toContain('# version 2');
    const [row] = await query<{ published_version: number; confirmed_by: string; confirmed_ranges: { start: number }[] }>(
      'SELECT published_version, confirmed_by, confirmed_ranges FROM videos WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ published_version: 2, confirmed_by: ids.owner, confirmed_ranges: [expect.objectContaining({ start: 0 })] });
    expect(await query('SELECT 1 FROM audit_events WHERE video_id = $1', [id])).toEqual([]);
  });

  it('a rollback needs a reason: without one it is refused with a message and nothing changes', async () => {
    const id = await make();
    await render(id, 2, []);
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const response = await owner.call('POST', `/api/dashboard/videos/${id}/versions/1/publish`, body);
      expect(response.status).toBe(400);
    }
    const missing = (await (await owner.call('POST', `/api/dashboard/videos/${id}/versions/1/publish`, { reason: ' ' })).json()) as {
      error: { message: string };
    };
    expect(missing.error.message).toContain('Please say why this version is published again');
    expect(await servedPlaylist(viewer, id)).toContain('# version 2');
  });

  it('says what each version removed, masks included', async () => {
    const id = await make();
    await render(id, 2, []);
    const mask = { x: 0.1, y: 0.1, width: 0.3, height: 0.1, start: 0, end: 20, reason: 'text' as const, confidence: 0.9 };
    await videos().recordConfirmation(id, 2, [], ids.owner!, [mask]);
    const listed = await owner.json<VideoVersions>('GET', `/api/dashboard/videos/${id}/versions`);
    const v2 = listed.versions.find((v) => v.version === 2)!;
    expect(v2).toMatchObject({ ranges: [], removedSeconds: 0, masks: [mask] });
    expect(listed.versions.find((v) => v.version === 1)!.masks).toEqual([]);
    // Rolling back to version 1 makes its masks (none) the confirmed ones, and forward again version 2's.
    await owner.json('POST', `/api/dashboard/videos/${id}/versions/1/publish`, because);
    expect((await query<{ confirmed_masks: unknown[] }>('SELECT confirmed_masks FROM videos WHERE id = $1', [id]))[0]!.confirmed_masks).toEqual([]);
    await owner.json('POST', `/api/dashboard/videos/${id}/versions/2/publish`, because);
    expect((await query<{ confirmed_masks: unknown[] }>('SELECT confirmed_masks FROM videos WHERE id = $1', [id]))[0]!.confirmed_masks).toEqual([mask]);
  });
});

describe('licences', () => {
  const ask = (user: TestUser, id: string) =>
    user.call('POST', `/api/videos/${id}/licence-requests`, { institution: 'St. Mary Hospital', purpose: 'Residents teaching', duration: '12 months' });
  const requestsOf = async (user: TestUser, url: string) => (await user.json<{ requests: LicenceRequest[] }>('GET', url)).requests;

  it('the owner chooses the licence; the video page shows it; the change is audited; others get 401', async () => {
    const id = await make();
    expect((await viewer.json<VideoLicence>('GET', `/api/videos/${id}/licence`)).licence).toBe('on_request');
    for (const user of [other, viewer]) {
      const response = await user.call('PUT', `/api/dashboard/videos/${id}/licence`, { licence: 'cc_by_nc_sa' });
      expect(response.status).toBe(401);
      expect(await errorCode(response)).toBe('NO_ACCESS');
    }
    expect((await owner.call('PUT', `/api/dashboard/videos/${id}/licence`, { licence: 'bogus' })).status).toBe(400);
    expect((await owner.call('PUT', `/api/dashboard/videos/${id}/licence`, { licence: 'cc_by_nc_sa' })).status).toBe(204);
    expect((await viewer.json<VideoLicence>('GET', `/api/videos/${id}/licence`)).licence).toBe('cc_by_nc_sa');
    expect((await admin.call('PUT', `/api/dashboard/videos/${id}/licence`, { licence: 'institution_education' })).status).toBe(204);
    const audit = await query<{ actor_id: string; action: string; details: unknown }>(
      `SELECT actor_id, action, details FROM audit_events WHERE video_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit).toEqual([
      { actor_id: ids.owner, action: 'licence.changed', details: { from: 'on_request', to: 'cc_by_nc_sa' } },
      { actor_id: ids.admin, action: 'licence.changed', details: { from: 'cc_by_nc_sa', to: 'institution_education' } },
    ]);
  });

  it('a viewer asks, the owner is told (in-app and email), accepts with terms; both list it; the download follows', async () => {
    const id = await make('published');
    const before = smtp.countFor(owner.email);
    expect(await errorCode(await viewer.call('POST', `/api/videos/${id}/download`))).toBe('DOWNLOAD_NEEDS_LICENCE');
    expect((await viewer.json<VideoLicence>('GET', `/api/videos/${id}/licence`)).canDownload).toBe(false);
    expect((await viewer.call('POST', `/api/videos/${id}/licence-requests`, { institution: ' ', purpose: 'x', duration: 'y' })).status).toBe(400);
    const asked = await ask(viewer, id);
    expect(asked.status).toBe(201);
    const { id: requestId } = (await asked.json()) as { id: number };
    expect(await errorCode(await ask(viewer, id))).toBe('LICENCE_ALREADY_REQUESTED');
    expect(await errorCode(await ask(owner, id))).toBe('LICENCE_OWN_VIDEO');
    const mail = await smtp.waitFor(owner.email, { since: before });
    expect(mail.subject).toContain('licence');
    expect(await query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'licence_requested'`, [ids.owner])).toHaveLength(1);

    // Nobody else answers or reads it.
    for (const user of [other, viewer]) {
      expect((await user.call('POST', `/api/dashboard/licence-requests/${requestId}/decision`, { decision: 'accept', terms: 'Any' })).status).toBe(401);
    }
    expect((await other.call('GET', `/api/licences/${requestId}`)).status).toBe(401);
    expect(await requestsOf(other, '/api/dashboard/licences')).toEqual([]);
    expect((await owner.call('POST', `/api/dashboard/licence-requests/${requestId}/decision`, { decision: 'accept', terms: '' })).status).toBe(400);

    const viewerMails = smtp.countFor(viewer.email);
    const terms = 'Teaching at St. Mary only; no redistribution; credit the provider.';
    expect((await owner.call('POST', `/api/dashboard/licence-requests/${requestId}/decision`, { decision: 'accept', terms })).status).toBe(204);
    expect(await errorCode(await owner.call('POST', `/api/dashboard/licence-requests/${requestId}/decision`, { decision: 'decline' }))).toBe(
      'LICENCE_ALREADY_DECIDED',
    );
    expect((await smtp.waitFor(viewer.email, { since: viewerMails })).subject).toContain('licence');
    expect(await query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'licence_decided'`, [ids.viewer])).toHaveLength(1);

    const providerSide = (await requestsOf(owner, '/api/dashboard/licences')).find((r) => r.id === requestId)!;
    const viewerSide = (await requestsOf(viewer, '/api/licences')).find((r) => r.id === requestId)!;
    for (const record of [providerSide, viewerSide, await viewer.json<LicenceRequest>('GET', `/api/licences/${requestId}`)]) {
      expect(record).toMatchObject({
        status: 'accepted',
        terms,
        licence: 'on_request',
        institution: 'St. Mary Hospital',
        requester: { email: viewer.email },
        provider: { email: owner.email },
      });
      expect(record.decidedAt).not.toBeNull();
    }
    // With the accepted licence, the 'on request' video downloads.
    expect((await viewer.json<VideoLicence>('GET', `/api/videos/${id}/licence`)).canDownload).toBe(true);
    expect((await viewer.call('POST', `/api/videos/${id}/download`)).status).toBe(200);
    expect((await other.call('POST', `/api/videos/${id}/download`)).status).toBe(403);
    const audit = await query<{ action: string }>(`SELECT action FROM audit_events WHERE video_id = $1 ORDER BY id`, [id]);
    expect(audit.map((a) => a.action)).toEqual(['licence.requested', 'licence.accepted']);
  });

  it("a declined licence grants nothing; the owner's download flag alone lets everyone download", async () => {
    const id = await make('published');
    const { id: requestId } = (await (await ask(viewer, id)).json()) as { id: number };
    expect((await owner.call('POST', `/api/dashboard/licence-requests/${requestId}/decision`, { decision: 'decline' })).status).toBe(204);
    expect(await errorCode(await viewer.call('POST', `/api/videos/${id}/download`))).toBe('DOWNLOAD_NEEDS_LICENCE');
    const mine = (await viewer.json<VideoLicence>('GET', `/api/videos/${id}/licence`)).myRequest!;
    expect(mine).toMatchObject({ status: 'declined', terms: null });
    // After a decline, the viewer may ask again.
    expect((await ask(viewer, id)).status).toBe(201);

    const flagged = await make('published', { isDownloadable: true });
    expect((await viewer.call('POST', `/api/videos/${flagged}/download`)).status).toBe(200);
    // An accepted licence only opens 'on request' videos: another licence follows the owner's flag.
    const cc = await make('published');
    expect((await owner.call('PUT', `/api/dashboard/videos/${cc}/licence`, { licence: 'cc_by_nc_nd' })).status).toBe(204);
    expect(await errorCode(await viewer.call('POST', `/api/videos/${cc}/download`))).toBe('DOWNLOAD_NOT_ALLOWED');
  });

  it('someone who may not watch the video cannot see its licence nor ask for one', async () => {
    const id = await make('private');
    expect((await viewer.call('GET', `/api/videos/${id}/licence`)).status).toBe(401);
    const response = await ask(viewer, id);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('you do not have access to this video');
    expect(await query('SELECT 1 FROM licence_requests WHERE video_id = $1', [id])).toHaveLength(0);
  });
});
