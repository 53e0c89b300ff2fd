// The authorisation matrix: every API route the server registers (read from its route table, so a
// route added without an entry here fails) × anonymous, viewer, another provider, support,
// administrator and the owner × the stages a video goes through, each cell with the status it must
// get. Media URLs and the WebSocket have their own rows. Every cell runs against the real server
// and PostgreSQL; cells that change or delete a video get a fresh one.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TERMS_VERSION } from '@ipsv/contracts/users';
import type { Playback } from '@ipsv/contracts/videos';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { loadAuthSecret } from '../src/platform/auth/auth.js';
import { routesOf } from '../src/platform/http/route-table.js';
import { createMediaSigner } from '../src/platform/media/media-signing.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { PASSWORD, signedInUser, type TestUser } from './helpers/video-journey.js';
import { VIDEO_STATES, videoInState, type VideoState } from './helpers/video-states.js';

const ACTORS = ['anonymous', 'viewer', 'otherProvider', 'support', 'admin', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type Call = TestUser['call'];

let database: TestDatabase;
let smtp: SmtpReceiver;
let app: FastifyInstance;
let base: string;
let scratch: string;
const users = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
const ids = {} as Record<Exclude<Actor, 'anonymous'> | 'target' | 'pictured', string>;
let png: Buffer;
/** A conversation a visitor started, for the support console's rows. */
let conversationId: string;
const videos = () => createVideosRepository(database.db);
let storage: ReturnType<typeof createLocalStorage>;

const anonymousCall: Call = (method, url, body, headers = {}) =>
  fetch(`${base}${url}`, {
    method,
    headers: { origin: base, ...(body === undefined || Buffer.isBuffer(body) ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
const callOf = (actor: Actor): Call => (actor === 'anonymous' ? anonymousCall : users[actor].call);

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-matrix-'));
  storage = createLocalStorage(path.join(scratch, 'media'));
  app = await buildTestApp(database, await createWebDist(), {
    mailer: smtp.mailer(),
    storage,
    uploads: createFileUploadStore(path.join(scratch, 'media'), 3_600_000),
    media: { sceneChanges: async () => ({ changes: [], segments: [{ start: 0, end: 5 }] }) },
    rateLimitScale: 20,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = { base: () => base, smtp, pool: database.pool };
  users.viewer = await signedInUser(server, 'viewer@matrix.org', 'viewer');
  users.otherProvider = await signedInUser(server, 'other@matrix.org', 'provider');
  users.support = await signedInUser(server, 'support@matrix.org', 'support');
  users.admin = await signedInUser(server, 'admin@matrix.org', 'admin');
  users.owner = await signedInUser(server, 'owner@matrix.org', 'provider');
  const target = await signedInUser(server, 'target@matrix.org', 'viewer');
  const pictured = await signedInUser(server, 'pictured@matrix.org', 'viewer');
  for (const [name, user] of [...Object.entries(users), ['target', target], ['pictured', pictured]] as [keyof typeof ids, TestUser][]) {
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email]);
    ids[name] = rows[0]!.id;
  }
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
  expect((await pictured.call('PUT', `/api/users/${ids.pictured}/picture`, png, { 'content-type': 'image/png' })).status).toBe(200);
  await target.json('POST', '/api/chat/messages', { text: 'Hello' });
  conversationId = (await target.json<{ id: string }>('GET', '/api/chat')).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(scratch, { recursive: true, force: true });
});

// ---- Expected status per cell

const isPublished = (state: VideoState) => state === 'published' || state === 'private' || state === 'whitelisted';
/** Who may watch: owner and administrators; everyone signed in for 'published'; the listed viewer for 'whitelisted'. */
const watches = (actor: Actor, state: VideoState) =>
  isPublished(state) && (actor === 'owner' || actor === 'admin' || state === 'published' || (state === 'whitelisted' && actor === 'viewer'));
type Expect = (actor: Actor, state: VideoState) => number;
const signedIn =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : status;
const everyone =
  (status: number): Expect =>
  () =>
    status;
/** The owner's alone: administrators are told so (403); anyone else learns nothing (401). */
const ownerOnly =
  (ok: (state: VideoState) => number): Expect =>
  (actor, state) =>
    actor === 'owner' ? ok(state) : actor === 'admin' ? 403 : 401;
const ownerOrAdmin =
  (status: number): Expect =>
  (actor) =>
    actor === 'owner' || actor === 'admin' ? status : 401;
const adminOnly =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'admin' ? status : 403;
const selfOnly =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'owner' ? status : 403;
/** The support console: support people and administrators. */
const supportOnly =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'support' || actor === 'admin' ? status : 403;
const uploaders =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'viewer' || actor === 'support' ? 403 : status;

/** Who may watch answers; anyone else, and anonymous callers, 401. */
const watching =
  (status: number): Expect =>
  (actor, state) =>
    actor !== 'anonymous' && watches(actor, state) ? status : 401;
/** The owner's own note or playlist: to anyone else it does not exist (404). */
const ownOnly =
  (status: number): Expect =>
  (actor) =>
    actor === 'anonymous' ? 401 : actor === 'owner' ? status : 404;
/** A fresh note and playlist (with one clip) of the owner, made before each cell that uses them. */
const own = { videoId: '', noteId: 0, playlistId: '', itemId: 0 };
async function ownRows() {
  own.videoId = (await videoInState({ videos: videos(), storage }, ids.owner, 'published')).id;
  own.noteId = (await users.owner.json<{ id: number }>('POST', `/api/videos/${own.videoId}/notes`, { time: 2, text: 'Critical view' })).id;
  own.playlistId = (await users.owner.json<{ id: string }>('POST', '/api/playlists', { name: 'Mine' })).id;
  own.itemId = (await users.owner.json<{ id: number }>('POST', `/api/playlists/${own.playlistId}/items`, { videoId: own.videoId, start: 0, end: 3 })).id;
}

/** A fresh named list of the owner, and a pending access request of the viewer for an owner's video. */
const dash = { listId: '', requestId: 0, feedbackId: 0, licenceRequestId: 0 };
/** A pending licence request of the viewer for a published video of the owner. */
async function pendingLicenceRequest() {
  const video = await videoInState({ videos: videos(), storage }, ids.owner, 'published');
  const response = await users.viewer.call('POST', `/api/videos/${video.id}/licence-requests`, {
    institution: 'Matrix U',
    purpose: 'Teaching',
    duration: '1 year',
  });
  expect(response.status).toBe(201);
  dash.licenceRequestId = ((await response.json()) as { id: number }).id;
}
async function ownerList() {
  dash.listId = (await users.owner.json<{ id: string }>('POST', '/api/dashboard/lists', { name: `Team ${randomUUID()}`, entries: ['@matrix.org'] })).id;
}
async function pendingRequest() {
  const video = await videoInState({ videos: videos(), storage }, ids.owner, 'private');
  expect((await users.viewer.call('POST', `/api/videos/${video.id}/access-requests`)).status).toBe(204);
  const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM access_requests WHERE video_id = $1', [video.id]);
  dash.requestId = Number(rows[0]!.id);
}
const today = () => new Date().toISOString().slice(0, 10);

interface Context {
  videoId: string;
  uploadId: string;
  sessionId: string;
  unique: string;
}
interface Row {
  expect: Expect;
  request: (c: Context) => { url: string; body?: unknown; headers?: Record<string, string> };
  /** Cells get a fresh video in each stage (otherwise: no video involved). */
  video?: boolean;
  /** Cells get an unfinished tus upload of the owner. */
  upload?: boolean;
  /** The call may end the caller's sessions: it is made from a second session, and the first is renewed after. */
  endsSessions?: boolean;
  /** Cells get a second session of the owner to revoke. */
  ownerSession?: boolean;
  before?: () => Promise<void>;
}

const tus = { 'tus-resumable': '1.0.0' };
const ROWS: Record<string, Row> = {
  // Public: the same answer whoever asks.
  'GET /api/health': { expect: everyone(200), request: () => ({ url: '/api/health' }) },
  'GET /api/session': { expect: everyone(200), request: () => ({ url: '/api/session' }) },
  'DELETE /api/session': { expect: everyone(204), request: () => ({ url: '/api/session' }), endsSessions: true },
  'GET /api/surgery-types': { expect: everyone(200), request: () => ({ url: '/api/surgery-types' }) },
  'POST /api/page-views': { expect: everyone(204), request: () => ({ url: '/api/page-views', body: { path: '/video-search' } }) },
  'GET /api/docs': { expect: everyone(200), request: () => ({ url: '/api/docs' }) },
  'HEAD /api/docs/': { expect: everyone(200), request: () => ({ url: '/api/docs/' }) },
  'GET /api/docs/static/index.html': { expect: everyone(200), request: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone(200), request: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/json': { expect: everyone(200), request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { expect: everyone(200), request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/*': { expect: everyone(200), request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'HEAD /api/docs/static/*': { expect: everyone(200), request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/auth/providers': { expect: everyone(200), request: () => ({ url: '/api/auth/providers' }) },
  'POST /api/auth/sign-up': {
    expect: everyone(204),
    request: (c) => ({
      url: '/api/auth/sign-up',
      body: { email: `new-${c.unique}@matrix.org`, password: PASSWORD, firstName: 'New', lastName: 'Person', language: 'en-US' },
    }),
  },
  'POST /api/auth/confirm-sign-up': {
    expect: everyone(400),
    request: (c) => ({ url: '/api/auth/confirm-sign-up', body: { email: `nobody-${c.unique}@matrix.org`, code: '123456' } }),
  },
  'POST /api/auth/resend-code': { expect: everyone(204), request: (c) => ({ url: '/api/auth/resend-code', body: { email: `nobody-${c.unique}@matrix.org` } }) },
  'POST /api/auth/sign-in': {
    expect: everyone(401),
    request: (c) => ({ url: '/api/auth/sign-in', body: { email: `nobody-${c.unique}@matrix.org`, password: PASSWORD } }),
  },
  // Without a sign-in in progress there is nothing to confirm: not signed in (401), or no authenticator (400).
  'POST /api/auth/confirm-sign-in': { expect: signedIn(400), request: () => ({ url: '/api/auth/confirm-sign-in', body: { code: '123456' } }) },
  'POST /api/auth/new-password': {
    expect: everyone(401),
    request: () => ({ url: '/api/auth/new-password', body: { challenge: 'x'.repeat(43), password: PASSWORD } }),
  },
  'POST /api/auth/forgot-password': {
    expect: everyone(204),
    request: (c) => ({ url: '/api/auth/forgot-password', body: { email: `nobody-${c.unique}@matrix.org` } }),
  },
  'POST /api/auth/reset-password': {
    expect: everyone(400),
    request: (c) => ({ url: '/api/auth/reset-password', body: { email: `nobody-${c.unique}@matrix.org`, code: '123456', password: PASSWORD } }),
  },
  // Federated sign-in: no provider is configured here, so none exists (404, no budget spent).
  'POST /api/auth/sign-in/social': {
    expect: everyone(404),
    request: () => ({ url: '/api/auth/sign-in/social', body: { provider: 'google', callbackURL: '/' } }),
  },
  'POST /api/auth/sign-in/oauth2': {
    expect: everyone(404),
    request: () => ({ url: '/api/auth/sign-in/oauth2', body: { providerId: 'oidc', callbackURL: '/' } }),
  },
  'GET /api/auth/callback/:providerId': { expect: everyone(404), request: () => ({ url: '/api/auth/callback/google?code=x&state=y' }) },
  'POST /api/auth/callback/:providerId': { expect: everyone(404), request: () => ({ url: '/api/auth/callback/apple', body: { code: 'x', state: 'y' } }) },
  'GET /api/auth/oauth2/callback/:providerId': { expect: everyone(404), request: () => ({ url: '/api/auth/oauth2/callback/oidc?code=x&state=y' }) },
  'POST /api/auth/oauth2/callback/:providerId': { expect: everyone(404), request: () => ({ url: '/api/auth/oauth2/callback/oidc', body: { code: 'x' } }) },

  // Signed in: the caller's own account.
  'POST /api/auth/verify-contact/send': { expect: signedIn(409), request: () => ({ url: '/api/auth/verify-contact/send' }) },
  'POST /api/auth/verify-contact/confirm': { expect: signedIn(400), request: () => ({ url: '/api/auth/verify-contact/confirm', body: { code: '123456' } }) },
  'POST /api/auth/sign-out-everywhere': { expect: signedIn(204), request: () => ({ url: '/api/auth/sign-out-everywhere' }), endsSessions: true },
  'GET /api/auth/sessions': { expect: signedIn(200), request: () => ({ url: '/api/auth/sessions' }) },
  'DELETE /api/auth/sessions/:sessionId': {
    // Only the session's own user can revoke it; to anyone else it does not exist.
    expect: (actor) => (actor === 'anonymous' ? 401 : actor === 'owner' ? 204 : 404),
    request: (c) => ({ url: `/api/auth/sessions/${c.sessionId}` }),
    ownerSession: true,
  },
  'POST /api/auth/totp/setup': { expect: signedIn(200), request: () => ({ url: '/api/auth/totp/setup', body: { password: PASSWORD } }) },
  'POST /api/auth/totp/confirm': { expect: signedIn(400), request: () => ({ url: '/api/auth/totp/confirm', body: { code: '000000' } }) },
  'POST /api/auth/totp/disable': { expect: signedIn(204), request: () => ({ url: '/api/auth/totp/disable', body: { password: PASSWORD } }) },
  'GET /api/profile': { expect: signedIn(200), request: () => ({ url: '/api/profile' }) },
  'POST /api/profile/terms': { expect: signedIn(200), request: () => ({ url: '/api/profile/terms', body: { version: TERMS_VERSION } }) },
  'POST /api/profile/provider-request': {
    // Only a viewer asks to become a provider; others already can upload, or have another role.
    expect: (actor) => (actor === 'anonymous' ? 401 : actor === 'viewer' ? 200 : 409),
    request: () => ({ url: '/api/profile/provider-request' }),
  },
  'GET /api/users/:userId': { expect: signedIn(200), request: () => ({ url: `/api/users/${ids.owner}` }) },
  'PATCH /api/users/:userId': { expect: selfOnly(200), request: () => ({ url: `/api/users/${ids.owner}`, body: { firstName: 'Ada', lastName: 'Surgeon' } }) },
  'PUT /api/users/:userId/picture': {
    expect: selfOnly(200),
    request: () => ({ url: `/api/users/${ids.owner}/picture`, body: png, headers: { 'content-type': 'image/png' } }),
  },
  'DELETE /api/users/:userId/picture': { expect: selfOnly(200), request: () => ({ url: `/api/users/${ids.owner}/picture` }) },
  'GET /api/users/:userId/picture': { expect: signedIn(200), request: () => ({ url: `/api/users/${ids.pictured}/picture` }) },
  'GET /api/uploads/config': { expect: signedIn(200), request: () => ({ url: '/api/uploads/config' }) },
  'GET /api/videos/mine': { expect: signedIn(200), request: () => ({ url: '/api/videos/mine' }) },

  // Administrators only.
  'GET /api/admin/users': { expect: adminOnly(200), request: () => ({ url: '/api/admin/users' }) },
  'POST /api/admin/users': {
    expect: adminOnly(201),
    request: (c) => ({ url: '/api/admin/users', body: { email: `created-${c.unique}@matrix.org`, firstName: 'Made', lastName: 'ByAdmin', role: 'viewer' } }),
  },
  'PUT /api/admin/users/:userId/role': { expect: adminOnly(200), request: () => ({ url: `/api/admin/users/${ids.target}/role`, body: { role: 'viewer' } }) },
  'PUT /api/admin/users/:userId/disabled': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/users/${ids.target}/disabled`, body: { disabled: false } }),
  },
  'POST /api/admin/users/:userId/provider-request': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/users/${ids.target}/provider-request`, body: { approve: false } }),
    before: async () => {
      await database.pool.query(`UPDATE users SET provider_request = 'pending' WHERE id = $1`, [ids.target]);
    },
  },

  // Uploads (tus): providers create; only the owner continues, inspects or cancels an upload.
  'POST /api/uploads': { expect: uploaders(201), request: () => ({ url: '/api/uploads', headers: { ...tus, 'upload-length': '10' } }) },
  'HEAD /api/uploads/:id': {
    expect: (a) => (a === 'anonymous' ? 401 : a === 'owner' ? 200 : 404),
    request: (c) => ({ url: `/api/uploads/${c.uploadId}`, headers: tus }),
    upload: true,
  },
  'PATCH /api/uploads/:id': {
    expect: (a) => (a === 'anonymous' ? 401 : a === 'owner' ? 204 : 404),
    request: (c) => ({
      url: `/api/uploads/${c.uploadId}`,
      body: Buffer.from('0123456789'),
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    }),
    upload: true,
  },
  'DELETE /api/uploads/:id': {
    expect: (a) => (a === 'anonymous' ? 401 : a === 'owner' ? 204 : 404),
    request: (c) => ({ url: `/api/uploads/${c.uploadId}`, headers: tus }),
    upload: true,
  },

  // One video in each stage.
  'GET /api/videos/:id': { expect: ownerOrAdmin(200), request: (c) => ({ url: `/api/videos/${c.videoId}` }), video: true },
  'PUT /api/videos/:id/details': {
    expect: ownerOnly(() => 200),
    request: (c) => ({ url: `/api/videos/${c.videoId}/details`, body: { title: 'Laparoscopic cholecystectomy', fileName: 'case.mp4' } }),
    video: true,
  },
  'GET /api/videos/:id/thumbnails': { expect: ownerOnly(() => 200), request: (c) => ({ url: `/api/videos/${c.videoId}/thumbnails` }), video: true },
  'PUT /api/videos/:id/thumbnail': {
    expect: ownerOnly(() => 204),
    request: (c) => ({ url: `/api/videos/${c.videoId}/thumbnail`, body: png, headers: { 'content-type': 'image/png' } }),
    video: true,
  },
  'POST /api/videos/:id/retry': { expect: ownerOnly(() => 409), request: (c) => ({ url: `/api/videos/${c.videoId}/retry` }), video: true },
  'DELETE /api/videos/:id': { expect: ownerOrAdmin(204), request: (c) => ({ url: `/api/videos/${c.videoId}` }), video: true },
  'PUT /api/admin/videos/:id/take-down': {
    expect: adminOnly(200),
    request: (c) => ({ url: `/api/admin/videos/${c.videoId}/take-down`, body: { reason: 'Reported: a face is visible' } }),
    video: true,
  },
  'DELETE /api/admin/videos/:id/take-down': { expect: adminOnly(200), request: (c) => ({ url: `/api/admin/videos/${c.videoId}/take-down` }), video: true },
  'GET /api/videos/:id/review': {
    expect: ownerOnly((s) => (s === 'awaiting_details' ? 409 : 200)),
    request: (c) => ({ url: `/api/videos/${c.videoId}/review` }),
    video: true,
  },
  'PUT /api/videos/:id/review': {
    expect: ownerOnly((s) => (s === 'awaiting_details' ? 409 : 200)),
    request: (c) => ({ url: `/api/videos/${c.videoId}/review`, body: { ranges: [] } }),
    video: true,
  },
  'PUT /api/videos/:id/review/draft': {
    expect: ownerOnly((s) => (s === 'awaiting_details' ? 409 : 200)),
    request: (c) => ({ url: `/api/videos/${c.videoId}/review/draft`, body: { ranges: [] } }),
    video: true,
  },
  'GET /api/videos/:id/segments': { expect: ownerOnly(() => 200), request: (c) => ({ url: `/api/videos/${c.videoId}/segments` }), video: true },
  'PUT /api/videos/:id/segments': {
    expect: ownerOnly(() => 200),
    request: (c) => ({ url: `/api/videos/${c.videoId}/segments`, body: { isPublic: false, segments: [{ start: 0, end: 4, title: 'Port placement' }] } }),
    video: true,
  },
  'POST /api/videos/:id/segments/suggest': {
    expect: ownerOnly((s) => (isPublished(s) ? 200 : 409)),
    request: (c) => ({ url: `/api/videos/${c.videoId}/segments/suggest` }),
    video: true,
  },
  // Notifications: each user's own (the list and marks only ever touch the caller's rows).
  'GET /api/notifications': { expect: signedIn(200), request: () => ({ url: '/api/notifications?pageNumber=1' }) },
  'POST /api/notifications/status': { expect: signedIn(204), request: () => ({ url: '/api/notifications/status', body: { update_all: true } }) },
  'GET /api/notifications/preferences': { expect: signedIn(200), request: () => ({ url: '/api/notifications/preferences' }) },
  'PUT /api/notifications/preferences': {
    expect: signedIn(200),
    request: () => ({ url: '/api/notifications/preferences', body: { email: { support_replied: 'immediately' } } }),
  },
  // The email's unsubscribe link needs no sign-in; its signature is what counts (a forged one is refused).
  'GET /api/notifications/unsubscribe': {
    expect: everyone(200),
    request: () => ({ url: `/api/notifications/unsubscribe?u=${ids.owner}&t=review_ready&s=forged` }),
  },
  'POST /api/notifications/unsubscribe': {
    expect: everyone(400),
    request: () => ({
      url: '/api/notifications/unsubscribe',
      body: Buffer.from(new URLSearchParams({ u: ids.owner, t: 'review_ready', s: 'forged' }).toString()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },

  // The chat widget: anyone signed in, or an anonymous visitor with their id (none given here: 401).
  'GET /api/chat': { expect: signedIn(200), request: () => ({ url: '/api/chat' }) },
  'POST /api/chat/messages': { expect: signedIn(200), request: () => ({ url: '/api/chat/messages', body: { text: 'Where is the privacy review?' } }) },
  'POST /api/chat/typing': { expect: signedIn(204), request: () => ({ url: '/api/chat/typing' }) },
  'POST /api/chat/read': { expect: signedIn(204), request: () => ({ url: '/api/chat/read' }) },
  'POST /api/chat/merge': {
    expect: signedIn(204),
    request: (c) => ({ url: '/api/chat/merge', body: { id: `v${c.unique}abc`.slice(0, 12), secret: 'x'.repeat(40) } }),
  },

  // The support console: support people and administrators only; to anyone else it is forbidden.
  'GET /api/support/conversations': { expect: supportOnly(200), request: () => ({ url: '/api/support/conversations' }) },
  'GET /api/support/conversations/:id': { expect: supportOnly(200), request: () => ({ url: `/api/support/conversations/${conversationId}` }) },
  'POST /api/support/conversations/:id/claim': { expect: supportOnly(204), request: () => ({ url: `/api/support/conversations/${conversationId}/claim` }) },
  'POST /api/support/conversations/:id/messages': {
    expect: supportOnly(204),
    request: () => ({ url: `/api/support/conversations/${conversationId}/messages`, body: { text: 'The review opens from your notifications.' } }),
  },
  'POST /api/support/conversations/:id/typing': { expect: supportOnly(204), request: () => ({ url: `/api/support/conversations/${conversationId}/typing` }) },
  'PUT /api/support/conversations/:id/status': {
    expect: supportOnly(204),
    request: () => ({ url: `/api/support/conversations/${conversationId}/status`, body: { status: 'open' } }),
  },
  'POST /api/support/presence': {
    expect: supportOnly(204),
    request: (c) => ({ url: '/api/support/presence', body: { connection: `matrix-${c.unique}`, present: false } }),
  },

  // The spec's calls for existing clients: the same permissions as the REST calls they map onto.
  'POST /api/legacy/get-surgery-types': { expect: signedIn(200), request: () => ({ url: '/api/legacy/get-surgery-types', body: {} }) },
  'POST /api/legacy/get_presigned_url': {
    expect: watching(200),
    request: (c) => ({ url: '/api/legacy/get_presigned_url', body: { s3_url: `videos/${c.videoId}/v1/master.m3u8` } }),
    video: true,
  },
  'POST /api/legacy/set-user-details': {
    expect: signedIn(200),
    request: () => ({ url: '/api/legacy/set-user-details', body: { firstName: 'Ada', lastName: 'Surgeon' } }),
  },
  'POST /api/legacy/update-notification-status': {
    expect: signedIn(200),
    request: () => ({ url: '/api/legacy/update-notification-status', body: { update_all: true } }),
  },
  'POST /api/legacy/list-user-notifications': {
    expect: signedIn(200),
    request: () => ({ url: '/api/legacy/list-user-notifications', body: { pageNumber: 1, pageSize: 5 } }),
  },
  'POST /api/legacy/get-user-details': {
    expect: selfOnly(200),
    request: () => ({ url: '/api/legacy/get-user-details', body: { emailId: 'owner@matrix.org' } }),
  },
  'POST /api/legacy/update-user-profile-picture-url': {
    expect: selfOnly(200),
    request: () => ({ url: '/api/legacy/update-user-profile-picture-url', body: { emailId: 'owner@matrix.org', profilePictureUrl: null } }),
  },
  'POST /api/legacy/accept-user-terms': {
    expect: selfOnly(200),
    request: () => ({ url: '/api/legacy/accept-user-terms', body: { emailId: 'owner@matrix.org', termsAccepted: true } }),
  },
  'POST /api/legacy/video-details': {
    expect: watching(200),
    request: (c) => ({ url: '/api/legacy/video-details', body: { videoId: c.videoId, validateAccess: true } }),
    video: true,
  },
  'POST /api/legacy/video-by-ids': {
    expect: signedIn(200),
    request: (c) => ({ url: '/api/legacy/video-by-ids', body: { search: { ids: [c.videoId] }, validateAccess: true } }),
    video: true,
  },
  'POST /api/legacy/search-videos': {
    expect: signedIn(200),
    request: () => ({ url: '/api/legacy/search-videos', body: { search: { surgeryType: 1, searchInput: 'case' }, validateAccess: true } }),
  },
  'POST /api/legacy/process-note': {
    expect: watching(200),
    request: (c) => ({ url: '/api/legacy/process-note', body: { note: { videoId: c.videoId, time: 1, text: 'Critical view of safety' } } }),
    video: true,
  },

  // Watching: the video page and everything done from it follow who may watch; notes, watch later,
  // history and playlists are each user's own (someone else's note or playlist does not exist for them).
  'GET /api/videos/:id/watch': { expect: watching(200), request: (c) => ({ url: `/api/videos/${c.videoId}/watch` }), video: true },
  'POST /api/videos/:id/download': {
    // Not downloadable here: only the owner (always allowed) gets a link; others who may watch are refused.
    expect: (actor, state) => (actor === 'anonymous' || !watches(actor, state) ? 401 : actor === 'owner' ? 200 : 403),
    request: (c) => ({ url: `/api/videos/${c.videoId}/download` }),
    video: true,
  },
  'POST /api/videos/:id/access-requests': { expect: signedIn(204), request: (c) => ({ url: `/api/videos/${c.videoId}/access-requests` }), video: true },
  'POST /api/videos/:id/playback-sessions/:sessionId': {
    expect: watching(204),
    request: (c) => ({ url: `/api/videos/${c.videoId}/playback-sessions/${randomUUID()}`, body: { seq: 0, position: 2, ranges: [[0, 2]] } }),
    video: true,
  },
  'GET /api/videos/:id/notes': { expect: watching(200), request: (c) => ({ url: `/api/videos/${c.videoId}/notes` }), video: true },
  'POST /api/videos/:id/notes': {
    expect: watching(201),
    request: (c) => ({ url: `/api/videos/${c.videoId}/notes`, body: { time: 3, text: 'Critical view of safety' } }),
    video: true,
  },
  'PATCH /api/notes/:noteId': { expect: ownOnly(200), request: () => ({ url: `/api/notes/${own.noteId}`, body: { text: 'Edited' } }), before: ownRows },
  'DELETE /api/notes/:noteId': { expect: ownOnly(204), request: () => ({ url: `/api/notes/${own.noteId}` }), before: ownRows },
  'GET /api/notes': { expect: signedIn(200), request: () => ({ url: '/api/notes?q=critical' }) },
  'GET /api/watch-later': { expect: signedIn(200), request: () => ({ url: '/api/watch-later' }) },
  'PUT /api/watch-later/:id': { expect: watching(204), request: (c) => ({ url: `/api/watch-later/${c.videoId}` }), video: true },
  'DELETE /api/watch-later/:id': { expect: signedIn(204), request: (c) => ({ url: `/api/watch-later/${c.videoId}` }), video: true },
  'GET /api/history': { expect: signedIn(200), request: () => ({ url: '/api/history' }) },
  'DELETE /api/history/:id': { expect: signedIn(204), request: (c) => ({ url: `/api/history/${c.videoId}` }), video: true },
  'DELETE /api/history': { expect: signedIn(204), request: () => ({ url: '/api/history' }) },
  'PUT /api/history/settings': { expect: signedIn(200), request: () => ({ url: '/api/history/settings', body: { paused: false } }) },
  'GET /api/playlists': { expect: signedIn(200), request: () => ({ url: '/api/playlists' }) },
  'POST /api/playlists': { expect: signedIn(201), request: () => ({ url: '/api/playlists', body: { name: 'Teaching set' } }) },
  'GET /api/playlists/:playlistId': { expect: ownOnly(200), request: () => ({ url: `/api/playlists/${own.playlistId}` }), before: ownRows },
  'PATCH /api/playlists/:playlistId': {
    expect: ownOnly(200),
    request: () => ({ url: `/api/playlists/${own.playlistId}`, body: { description: 'Ten cases' } }),
    before: ownRows,
  },
  'DELETE /api/playlists/:playlistId': { expect: ownOnly(204), request: () => ({ url: `/api/playlists/${own.playlistId}` }), before: ownRows },
  'POST /api/playlists/:playlistId/items': {
    // The owner's playlist and a video the owner may watch: others do not see the playlist.
    expect: ownOnly(201),
    request: () => ({ url: `/api/playlists/${own.playlistId}/items`, body: { videoId: own.videoId, start: 1, end: 4 } }),
    before: ownRows,
  },
  'GET /api/playlists/:playlistId/items/:itemId': {
    expect: ownOnly(200),
    request: () => ({ url: `/api/playlists/${own.playlistId}/items/${own.itemId}` }),
    before: ownRows,
  },
  'PUT /api/playlists/:playlistId/items/:itemId/position': {
    expect: ownOnly(204),
    request: () => ({ url: `/api/playlists/${own.playlistId}/items/${own.itemId}/position`, body: { index: 0 } }),
    before: ownRows,
  },
  'DELETE /api/playlists/:playlistId/items/:itemId': {
    expect: ownOnly(204),
    request: () => ({ url: `/api/playlists/${own.playlistId}/items/${own.itemId}` }),
    before: ownRows,
  },
  // Discovery: every signed-in user searches; results are filtered by access (search.test.ts).
  'GET /api/search': { expect: signedIn(200), request: () => ({ url: '/api/search?q=cholecystectomy&facets=true' }) },
  'GET /api/search/by-ids': { expect: signedIn(200), request: () => ({ url: `/api/search/by-ids?ids=${randomUUID()}` }) },
  'GET /api/landing': { expect: signedIn(200), request: () => ({ url: '/api/landing' }) },
  'GET /api/videos/:id/access': {
    expect: (actor, state) => (actor === 'anonymous' ? 401 : watches(actor, state) ? 200 : 401),
    request: (c) => ({ url: `/api/videos/${c.videoId}/access` }),
    video: true,
  },
  // Curation: administrators only.
  'GET /api/admin/curation': { expect: adminOnly(200), request: () => ({ url: '/api/admin/curation' }) },
  'POST /api/admin/collections': { expect: adminOnly(200), request: () => ({ url: '/api/admin/collections', body: { name: 'Teaching set', videoIds: [] } }) },
  'PUT /api/admin/collections/:id': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/collections/${curated.collection}`, body: { name: 'Renamed set', videoIds: [] } }),
    before: () => curate(),
  },
  'DELETE /api/admin/collections/:id': {
    expect: adminOnly(200),
    request: () => ({ url: `/api/admin/collections/${curated.collection}` }),
    before: () => curate(),
  },
  'PUT /api/admin/collection-order': { expect: adminOnly(200), request: () => ({ url: '/api/admin/collection-order', body: { ids: [] } }) },
  'PUT /api/admin/highlights': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/highlights', body: { month: '2026-11', videoId: curated.video } }),
    before: () => curate(),
  },
  'DELETE /api/admin/highlights/:month': { expect: adminOnly(200), request: () => ({ url: '/api/admin/highlights/2001-01' }), before: () => curate() },

  // The provider's dashboard: each caller's own content, lists and figures; a video's access,
  // visibility, requests and analytics for its owner and administrators only (401 to others).
  'GET /api/dashboard/content': { expect: signedIn(200), request: () => ({ url: '/api/dashboard/content?sort=views' }) },
  'PUT /api/dashboard/visibility': {
    expect: ownerOrAdmin(204),
    request: (c) => ({ url: '/api/dashboard/visibility', body: { videoIds: [c.videoId], visibility: 'private' } }),
    video: true,
  },
  'POST /api/dashboard/videos/:id/original': {
    expect: ownerOnly(() => 200),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/original` }),
    video: true,
  },
  'GET /api/dashboard/access': { expect: signedIn(200), request: () => ({ url: '/api/dashboard/access' }) },
  'PUT /api/dashboard/videos/:id/access': {
    expect: ownerOrAdmin(204),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/access`, body: { visibility: 'whitelist', whitelist: ['viewer@matrix.org'], listIds: [] } }),
    video: true,
  },
  'DELETE /api/dashboard/videos/:id/grants/:email': {
    expect: ownerOrAdmin(204),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/grants/viewer@matrix.org` }),
    video: true,
  },
  'POST /api/dashboard/lists': { expect: signedIn(201), request: (c) => ({ url: '/api/dashboard/lists', body: { name: `List ${c.unique}`, entries: [] } }) },
  'PUT /api/dashboard/lists/:listId': {
    expect: ownOnly(204),
    request: (c) => ({ url: `/api/dashboard/lists/${dash.listId}`, body: { name: `Renamed ${c.unique}`, entries: ['@matrix.org'] } }),
    before: ownerList,
  },
  'DELETE /api/dashboard/lists/:listId': { expect: ownOnly(204), request: () => ({ url: `/api/dashboard/lists/${dash.listId}` }), before: ownerList },
  'POST /api/dashboard/access-requests/:requestId/decision': {
    expect: ownerOrAdmin(204),
    request: () => ({ url: `/api/dashboard/access-requests/${dash.requestId}/decision`, body: { decision: 'deny' } }),
    before: pendingRequest,
  },
  'GET /api/dashboard/versions': { expect: signedIn(200), request: () => ({ url: '/api/dashboard/versions' }) },
  'GET /api/dashboard/videos/:id/versions': {
    expect: ownerOrAdmin(200),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/versions` }),
    video: true,
  },
  // Version 1 is the published one of a published video (409: already published / cannot delete);
  // a video not yet published has no version 1 (404). Publishing a version again is the owner's
  // alone (403 for an administrator, who takes a video down instead). Anyone else: 401.
  'POST /api/dashboard/videos/:id/versions/:version/publish': {
    expect: ownerOnly((state) => (isPublished(state) ? 409 : 404)),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/versions/1/publish`, body: { reason: 'Matrix check' } }),
    video: true,
  },
  'DELETE /api/dashboard/videos/:id/versions/:version': {
    expect: (actor, state) => (actor === 'owner' || actor === 'admin' ? (isPublished(state) ? 409 : 404) : 401),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/versions/1` }),
    video: true,
  },
  // Licensing: anyone who may watch reads the licence and asks for one (the owner needs none); the
  // owner and administrators choose it and answer; a record is its requester's, owner's and administrators'.
  'GET /api/videos/:id/licence': {
    expect: (actor, state) => (actor !== 'anonymous' && watches(actor, state) ? 200 : 401),
    request: (c) => ({ url: `/api/videos/${c.videoId}/licence` }),
    video: true,
  },
  'POST /api/videos/:id/licence-requests': {
    expect: (actor, state) => (actor === 'anonymous' || !watches(actor, state) ? 401 : actor === 'owner' ? 409 : 201),
    request: (c) => ({ url: `/api/videos/${c.videoId}/licence-requests`, body: { institution: 'Matrix U', purpose: 'Teaching', duration: '1 year' } }),
    video: true,
  },
  'GET /api/licences': { expect: signedIn(200), request: () => ({ url: '/api/licences' }) },
  'GET /api/licences/:requestId': {
    expect: (actor) => (actor === 'owner' || actor === 'admin' || actor === 'viewer' ? 200 : 401),
    request: () => ({ url: `/api/licences/${dash.licenceRequestId}` }),
    before: pendingLicenceRequest,
  },
  'PUT /api/dashboard/videos/:id/licence': {
    expect: ownerOrAdmin(204),
    request: (c) => ({ url: `/api/dashboard/videos/${c.videoId}/licence`, body: { licence: 'cc_by_nc_nd' } }),
    video: true,
  },
  'GET /api/dashboard/licences': { expect: signedIn(200), request: () => ({ url: '/api/dashboard/licences' }) },
  'POST /api/dashboard/licence-requests/:requestId/decision': {
    expect: ownerOrAdmin(204),
    request: () => ({ url: `/api/dashboard/licence-requests/${dash.licenceRequestId}/decision`, body: { decision: 'decline' } }),
    before: pendingLicenceRequest,
  },
  'GET /api/dashboard/analytics': { expect: signedIn(200), request: () => ({ url: `/api/dashboard/analytics?from=${today()}&to=${today()}` }) },

  // Feedback: anyone signed in sends and reads their own; administrators read all and answer.
  'POST /api/feedback': { expect: signedIn(201), request: () => ({ url: '/api/feedback', body: { category: 'idea', message: 'More cases, please' } }) },
  'GET /api/feedback': { expect: signedIn(200), request: () => ({ url: '/api/feedback' }) },
  'GET /api/admin/settings': { expect: adminOnly(200), request: () => ({ url: '/api/admin/settings' }) },
  'GET /api/admin/feedback': { expect: adminOnly(200), request: () => ({ url: '/api/admin/feedback?open=true' }) },
  'POST /api/admin/feedback/:id/answer': {
    expect: adminOnly(204),
    request: () => ({ url: `/api/admin/feedback/${dash.feedbackId}/answer`, body: { answer: 'Thank you' } }),
    before: async () => {
      dash.feedbackId = (await users.viewer.json<{ id: number }>('POST', '/api/feedback', { category: 'bug', message: 'Stalls' })).id;
    },
  },

  'GET /api/videos/:id/playback': {
    expect: (actor, state) => (actor === 'anonymous' ? 401 : watches(actor, state) ? 200 : 401),
    request: (c) => ({ url: `/api/videos/${c.videoId}/playback` }),
    video: true,
  },
};
/** A fresh collection, a published video and a highlight for 2001-01, for the curation rows. */
const curated = { collection: 0, video: '' };
async function curate() {
  if (!curated.video) curated.video = (await videoInState({ videos: videos(), storage }, ids.owner, 'published')).id;
  const { rows } = await database.pool.query<{ id: string }>(`INSERT INTO collections (name) VALUES ('Matrix set') RETURNING id`);
  curated.collection = Number(rows[0]!.id);
  await database.pool.query(`INSERT INTO monthly_highlights (month, video_id) VALUES ('2001-01', $1) ON CONFLICT (month) DO NOTHING`, [curated.video]);
}

// Routes with rows of their own below (token-authorised media), and the built web app's files.
const COVERED_ELSEWHERE = new Set(['GET /media/:token/*']);
const isWebAppFile = (url: string) => !url.startsWith('/api') && !url.startsWith('/media');

describe('authorisation matrix', () => {
  it('has a row for every route the server registers', () => {
    const missing = routesOf(app)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !ROWS[key] && !COVERED_ELSEWHERE.has(key) && !isWebAppFile(key.split(' ')[1]!));
    expect(missing, 'routes without an authorisation row').toEqual([]);
    const stale = Object.keys(ROWS).filter((key) => !routesOf(app).some((r) => `${r.method} ${r.url}` === key));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  const renew = async (actor: Actor) => {
    if (actor !== 'anonymous') await users[actor].renewSession();
  };

  for (const [key, row] of Object.entries(ROWS)) {
    const [method, route] = key.split(' ') as [string, string];
    it(`${key}`, async () => {
      const failures: string[] = [];
      for (const actor of ACTORS) {
        for (const state of row.video ? VIDEO_STATES : ([null] as const)) {
          await row.before?.();
          const context: Context = { videoId: '', uploadId: '', sessionId: '', unique: randomUUID().slice(0, 8) };
          if (state) {
            context.videoId = (await videoInState({ videos: videos(), storage }, ids.owner, state, { whitelist: ['viewer@matrix.org'] })).id;
          }
          if (row.upload) {
            // The cells' uploads stay open; a user may hold only MAX_OPEN_UPLOADS_PER_USER of them.
            await database.pool.query(`DELETE FROM videos WHERE owner_id = $1 AND status = 'uploading'`, [ids.owner]);
            const created = await users.owner.call('POST', '/api/uploads', undefined, { ...tus, 'upload-length': '10' });
            expect(created.status).toBe(201);
            context.uploadId = created.headers.get('location')!.split('/').pop()!;
          }
          if (row.ownerSession) {
            const second = await users.owner.signInAgain();
            const sessions = (await (await second.call('GET', '/api/auth/sessions')).json()) as { sessions: { id: string; current: boolean }[] };
            context.sessionId = sessions.sessions.find((s) => s.current)!.id;
          }
          const { url, body, headers } = row.request(context);
          let call = callOf(actor);
          if (row.endsSessions && actor !== 'anonymous') call = (await users[actor].signInAgain()).call;
          const response = await call(method, url, body, headers);
          const want = row.expect(actor, state ?? 'published');
          if (response.status !== want)
            failures.push(`${actor}${state ? ` × ${state}` : ''}: got ${response.status}, want ${want} (${(await response.text()).slice(0, 160)})`);
          if (row.endsSessions) await renew(actor);
        }
      }
      expect(failures, `${method} ${route}`).toEqual([]);
    }, 120_000);
  }
});

describe('media URLs', () => {
  it('signed links reach exactly what their holder was given, nothing beside it', async () => {
    const video = await videoInState({ videos: videos(), storage }, ids.owner, 'published');
    const viewerPlayback = await users.viewer.json<Playback>('GET', `/api/videos/${video.id}/playback`);
    expect(viewerPlayback.mp4, 'not downloadable: no download link for viewers').toBeNull();
    const get = (url: string) => fetch(`${base}${url}`);
    const master = viewerPlayback.hls;
    const token = master.split('/')[2]!;
    const beside = (key: string) => `/media/${token}/videos/${video.id}/v1/${key}`;
    expect((await get(master)).status).toBe(200);
    for (const key of ['360p/index.m3u8', '360p/init.mp4', '360p/segment-00000.m4s', 'poster.jpg', 'storyboard/storyboard.vtt']) {
      expect((await get(beside(key))).status, key).toBe(200);
    }
    // The streaming link does not cover the progressive MP4 (the download), nor the original.
    expect((await get(beside('360p/video.mp4'))).status).toBe(403);
    expect((await get(`/media/${token}/${video.originalKey}`)).status).toBe(403);
    expect((await get(`/media/${token}/videos/${video.id}/source/filmstrip.jpg`)).status).toBe(403);

    // The owner's download link fetches that file and nothing else.
    const ownerPlayback = await users.owner.json<Playback>('GET', `/api/videos/${video.id}/playback`);
    expect((await get(ownerPlayback.mp4!)).status).toBe(200);
    const fileToken = ownerPlayback.mp4!.split('/')[2]!;
    expect((await get(`/media/${fileToken}/videos/${video.id}/v1/360p/segment-00000.m4s`)).status).toBe(403);

    // The original: only through the owner's review, and only that file.
    const review = await users.owner.json<PrivacyReview>('GET', `/api/videos/${video.id}/review`);
    expect((await get(review.originalUrl)).status).toBe(200);
    expect((await get(`/media/${review.originalUrl.split('/')[2]}/videos/${video.id}/v1/360p/video.mp4`)).status).toBe(403);

    // Tampered or expired links are refused.
    const tampered = master.replace(/\.([A-Za-z0-9_-]{43})\//, (_m, sig: string) => `.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}/`);
    expect((await get(tampered)).status).toBe(403);
    const secret = await loadAuthSecret(database.db, undefined);
    const past = createMediaSigner(secret, { clock: () => Date.now() - 7_000_000 });
    expect((await get(past.url(`videos/${video.id}/v1/master.m3u8`, { scope: `videos/${video.id}/v1`, kind: 'stream' }))).status).toBe(403);
    const fresh = createMediaSigner(secret);
    expect((await get(fresh.url(`videos/${video.id}/v1/master.m3u8`, { scope: `videos/${video.id}/v1`, kind: 'stream' }))).status).toBe(200);
  });

  it('a downloadable video gives viewers who may watch it a download link of that file only', async () => {
    const video = await videoInState({ videos: videos(), storage }, ids.owner, 'whitelisted', { whitelist: ['viewer@matrix.org'], isDownloadable: true });
    const playback = await users.viewer.json<Playback>('GET', `/api/videos/${video.id}/playback`);
    expect((await fetch(`${base}${playback.mp4!}`)).status).toBe(200);
    expect((await users.otherProvider.call('GET', `/api/videos/${video.id}/playback`)).status).toBe(401);
  });
});

describe('the live WebSocket', () => {
  const open = (headers: Record<string, string>, pathname = '/api/videos/progress', protocol?: string) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}${pathname}`, protocol, { headers });
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      ws.on('error', () => resolve(-1));
    });

  it('opens for every signed-in role from our origin, and for nobody else', async () => {
    expect(await open({ origin: base })).toBe(401);
    for (const actor of ['viewer', 'otherProvider', 'support', 'admin', 'owner'] as const) {
      expect(await open({ origin: base, cookie: users[actor].cookie() }), actor).toBe(101);
      expect(await open({ origin: 'https://evil.example', cookie: users[actor].cookie() }), `${actor} from another site`).toBe(403);
    }
    expect(await open({ origin: base, cookie: users.owner.cookie() }, '/api/videos/other')).toBe(404);
    expect(await open({ origin: base, cookie: users.viewer.cookie() }, '/api/live')).toBe(101);
  });

  it('opens for an anonymous chat visitor with their own id and secret only', async () => {
    const id = 'visitorMatrx';
    const secret = 'a'.repeat(40);
    expect(await open({ origin: base }, '/api/live', `ipsv-visitor.${id}.${secret}`), 'a new visitor id').toBe(101);
    const started = await anonymousCall('POST', '/api/chat/messages', { text: 'I cannot sign in' }, { 'x-chat-visitor': `${id}.${secret}` });
    expect(started.status).toBe(200);
    expect(await open({ origin: base }, '/api/live', `ipsv-visitor.${id}.${secret}`), 'the visitor again').toBe(101);
    expect(await open({ origin: base }, '/api/live', `ipsv-visitor.${id}.${'b'.repeat(40)}`), 'someone else with that id').toBe(401);
    expect(await open({ origin: 'https://evil.example' }, '/api/live', `ipsv-visitor.${id}.${secret}`), 'from another site').toBe(403);
    // The visitor's conversation is theirs alone: another secret neither reads nor writes it.
    const other = { 'x-chat-visitor': `${id}.${'b'.repeat(40)}` };
    expect((await anonymousCall('GET', '/api/chat', undefined, other)).status).toBe(401);
    expect((await anonymousCall('POST', '/api/chat/messages', { text: 'hi' }, other)).status).toBe(401);
  });
});
