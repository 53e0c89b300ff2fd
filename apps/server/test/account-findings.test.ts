// Regression tests for the account and sign-in findings of the third outside probe (issue 48: M2,
// M3, M6, L1, L4, L8), each against the real server on a real PostgreSQL with a real SMTP receiver:
// the sign-in throttle decided atomically and shared by every password and code check, a backoff
// the owner's known device passes and the emailed code lifts, single-use TOTP codes, roles that
// take effect on the next request and on open sockets, and accounts an admin disables.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ACCOUNT_DISABLED_MESSAGE } from '@ipsv/contracts/errors';
import { ACCESS_CHANGED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../src/modules/live/live-socket.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { CookieJar } from './helpers/cookie-jar.js';
import { codeIn, startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { PASSWORD, signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
let scratch: string;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let base = '';
let admin: TestUser;
let ipCounter = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  webDist = await createWebDist();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-account-findings-'));
  app = await buildTestApp(database, webDist, { mailer: smtp.mailer(), storage: createLocalStorage(path.join(scratch, 'media')) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await userOf('admin@account-findings.org', 'admin');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

const userOf = (email: string, role: 'viewer' | 'provider' | 'support' | 'admin' = 'provider') =>
  signedInUser({ base: () => base, smtp, pool: database.pool }, email, role);
const idOf = async (email: string) => (await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

/** A browser with its own cookies and its own address (the throttle counts per address). */
function browser() {
  const jar = new CookieJar();
  const ip = `10.48.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  return {
    jar,
    ip,
    async request(options: InjectOptions & { url: string }) {
      const response = await app.inject({ ...options, remoteAddress: ip, headers: { ...(options.headers ?? {}), cookie: jar.header() } });
      jar.store(response.headers['set-cookie']);
      return response;
    },
    post(url: string, payload?: unknown) {
      return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
    },
    signIn(email: string, password: string) {
      return this.post('/api/auth/sign-in', { email, password });
    },
    async session() {
      return (await this.request({ method: 'GET', url: '/api/session' })).json().user;
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** Signs up and confirms `email` in `client` (signed in afterwards). */
async function signUp(email: string, client: Browser = browser()) {
  const before = smtp.countFor(email);
  const response = await client.post('/api/auth/sign-up', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  expect(response.statusCode, response.body).toBe(204);
  const confirm = await client.post('/api/auth/confirm-sign-up', { email, code: codeIn(await smtp.waitFor(email, { since: before })) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return client;
}

/** Turns the authenticator on for the signed-in `client`; answers the TOTP generator. */
async function enableTotp(client: Browser) {
  const setup = await client.post('/api/auth/totp/setup', { password: PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret), digits: 6, period: 30 });
  const confirm = await client.post('/api/auth/totp/confirm', { code: totp.generate() });
  expect(confirm.statusCode, confirm.body).toBe(204);
  return totp;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WRONG = 'Wrong-Pass1';

describe('M2: the sign-in throttle is decided atomically', () => {
  it('refuses a parallel burst after the throttle engaged as a whole, the right password included', async () => {
    const email = 'burst@account-findings.org';
    await signUp(email);
    const attacker = browser();
    for (let attempt = 0; attempt < 6; attempt += 1) expect((await attacker.signIn(email, WRONG)).statusCode).toBe(401);
    expect((await attacker.signIn(email, WRONG)).statusCode).toBe(429);
    // Two more failures, each after its wait, so the wait the burst's one check sets (8 s) outlasts
    // the burst on a busy machine.
    for (const wait of [1, 2]) {
      await sleep(wait * 1000 + 100);
      expect((await attacker.signIn(email, WRONG)).statusCode).toBe(401);
    }
    // The four-second wait has passed: one attempt may be checked, not a burst of them.
    await sleep(4100);
    const burst = await Promise.all([...Array.from({ length: 30 }, () => attacker.signIn(email, WRONG)), attacker.signIn(email, PASSWORD)]);
    const checked = burst.filter((response) => response.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(1);
    expect(burst.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(checked.length);
  });
});

describe('M3: authenticator setup and switch-off share the sign-in throttle', () => {
  it('slows wrong passwords at /totp/setup and counts them for sign-in too', async () => {
    const email = 'setup-guess@account-findings.org';
    const thief = await signUp(email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await thief.post('/api/auth/totp/setup', { password: WRONG })).statusCode);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    // The right password is not checked while the wait lasts: no secret comes back.
    const right = await thief.post('/api/auth/totp/setup', { password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain('totpURI');
    // The same account and address at sign-in waits as well.
    expect((await browser().request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: thief.ip, payload: { email, password: PASSWORD } });
    expect(signIn.statusCode).toBe(429);
  });

  it('slows wrong passwords at /totp/disable, and two-factor stays on', async () => {
    const email = 'disable-guess@account-findings.org';
    const thief = await signUp(email);
    await enableTotp(thief);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await thief.post('/api/auth/totp/disable', { password: WRONG })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await thief.post('/api/auth/totp/disable', { password: PASSWORD })).statusCode).toBe(429);
    expect((await thief.session()).twoFactorEnabled).toBe(true);
  });
});

describe('L1: failures from elsewhere do not lock the owner out', () => {
  it('lets the owner’s known device through the account-wide backoff, and the emailed code lifts it', async () => {
    const email = 'besieged@account-findings.org';
    const laptop = await signUp(email);
    // The laptop signed in with the password once: it is a known device of this account.
    expect((await laptop.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);
    expect((await laptop.signIn(email, PASSWORD)).json()).toEqual({ step: 'done' });
    expect((await laptop.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);

    // 51 failures from 11 addresses (within each address's own allowance) engage the account-wide backoff;
    // four more, each after the wait, make it sixteen seconds (room for the checks below on a busy machine).
    await Promise.all(
      Array.from({ length: 11 }, async (_, i) => {
        const guesser = browser();
        for (let attempt = 0; attempt < (i === 10 ? 1 : 5); attempt += 1) expect((await guesser.signIn(email, WRONG)).statusCode).toBe(401);
      }),
    );
    for (const wait of [1, 2, 4, 8]) {
      await sleep(wait * 1000 + 100);
      expect((await browser().signIn(email, WRONG)).statusCode).toBe(401);
    }
    // A new device with the right password waits...
    const phone = browser();
    expect((await phone.signIn(email, PASSWORD)).statusCode).toBe(429);
    // ...the owner's laptop does not.
    expect((await laptop.signIn(email, PASSWORD)).json()).toEqual({ step: 'done' });

    // The code emailed for a new password lifts the backoff for every device.
    const before = smtp.countFor(email);
    expect((await phone.post('/api/auth/forgot-password', { email })).statusCode).toBe(204);
    const code = codeIn(await smtp.waitFor(email, { since: before }));
    expect((await phone.post('/api/auth/reset-password', { email, code, password: 'Fresh-Start-42' })).statusCode).toBe(204);
    expect((await phone.signIn(email, 'Fresh-Start-42')).json()).toEqual({ step: 'done' });
  }, 150_000);
});

describe('L4: a TOTP code is used once', () => {
  it('refuses a code already used at sign-in, also when two sign-ins race with it', async () => {
    const email = 'replay@account-findings.org';
    const totp = await enableTotp(await signUp(email));
    // The code used to switch the authenticator on is spent: take the next step's, which the window accepts.
    const code = totp.generate({ timestamp: Date.now() + 30_000 });

    const [one, two] = [browser(), browser()];
    expect((await one.signIn(email, PASSWORD)).json()).toEqual({ step: 'confirmSignIn' });
    expect((await two.signIn(email, PASSWORD)).json()).toEqual({ step: 'confirmSignIn' });
    const [a, b] = await Promise.all([one.post('/api/auth/confirm-sign-in', { code }), two.post('/api/auth/confirm-sign-in', { code })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect((a.statusCode === 400 ? a : b).json().error.code).toBe('INVALID_CODE');

    const three = browser();
    expect((await three.signIn(email, PASSWORD)).json()).toEqual({ step: 'confirmSignIn' });
    const replay = await three.post('/api/auth/confirm-sign-in', { code });
    expect(replay.statusCode).toBe(400);
    expect(await three.session()).toBeNull();
  }, 60_000);
});

/** A live socket that records what it receives. */
function liveSocket(cookie: string) {
  return new Promise<{ ws: WebSocket; received: { type: string }[]; closed: Promise<number> }>((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`, { headers: { cookie, origin: base } });
    const received: { type: string }[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as { type: string }));
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.once('open', () => resolve({ ws, received, closed }));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

const setRole = async (email: string, role: string) =>
  expect((await admin.call('PUT', `/api/admin/users/${await idOf(email)}/role`, { role })).status).toBe(200);

describe('M6: roles take effect on the next request; admins disable accounts', () => {
  it('a provider demoted to viewer can no longer finish an upload, review, publish or fetch the original', async () => {
    const email = 'demoted@account-findings.org';
    const provider = await userOf(email);
    const create = await provider.call('POST', '/api/uploads', undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': '16',
      'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    });
    expect(create.status).toBe(201);
    const uploadId = create.headers.get('location')!.split('/').pop()!;
    const videos = createVideosRepository(database.db);
    const storage = createLocalStorage(path.join(scratch, 'media'));
    const inReview = await videoInState({ videos, storage }, await idOf(email), 'review');
    const published = await videoInState({ videos, storage }, await idOf(email), 'published');
    expect((await provider.call('GET', `/api/videos/${inReview.id}/review`)).status).toBe(200);

    await setRole(email, 'viewer');
    const finish = await provider.call('PATCH', `/api/uploads/${uploadId}`, Buffer.alloc(16), {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    expect(finish.status).toBe(403);
    expect((await provider.call('GET', `/api/videos/${inReview.id}/review`)).status).toBe(403);
    expect((await provider.call('PUT', `/api/videos/${inReview.id}/review`, { ranges: [] })).status).toBe(403);
    expect((await provider.call('POST', `/api/dashboard/videos/${published.id}/original`)).status).toBe(403);
    expect((await provider.call('PUT', '/api/dashboard/visibility', { videoIds: [published.id], visibility: 'private' })).status).toBe(403);
    expect(((await (await provider.call('GET', '/api/session')).json()) as { user: { role: string } }).user.role).toBe('viewer');

    // Promoted again, the same session may carry on.
    await setRole(email, 'provider');
    expect((await provider.call('GET', `/api/videos/${inReview.id}/review`)).status).toBe(200);
  });

  it('an admin disables an account: sessions end, sockets close, sign-in is refused with a clear message; re-enabled it signs in', async () => {
    const email = 'disabled@account-findings.org';
    const user = await userOf(email, 'viewer');
    const phone = await user.signInAgain();
    const socket = await liveSocket(user.cookie());
    const id = await idOf(email);

    const viewerTries = await user.call('PUT', `/api/admin/users/${id}/disabled`, { disabled: true });
    expect(viewerTries.status).toBe(403);
    const disable = await admin.call('PUT', `/api/admin/users/${id}/disabled`, { disabled: true });
    expect(disable.status, await disable.clone().text()).toBe(200);
    expect(((await disable.json()) as { disabled: boolean }).disabled).toBe(true);
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    const sessionOf = async (response: Response) => ((await response.json()) as { user: unknown }).user;
    expect(await sessionOf(await user.call('GET', '/api/session'))).toBeNull();
    expect(await sessionOf(await phone.call('GET', '/api/session'))).toBeNull();

    const refused = await browser().signIn(email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: ACCOUNT_DISABLED_MESSAGE });
    // A wrong password still says only "wrong": being disabled is told to the password's holder alone.
    expect((await browser().signIn(email, WRONG)).json().error.code).toBe('INVALID_CREDENTIALS');
    const listed = (await (await admin.call('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as {
      users: { email: string; disabled: boolean }[];
    };
    expect(listed.users.find((u) => u.email === email)?.disabled).toBe(true);

    // An admin cannot disable their own account.
    expect((await admin.call('PUT', `/api/admin/users/${await idOf(admin.email)}/disabled`, { disabled: true })).status).toBe(409);

    expect((await admin.call('PUT', `/api/admin/users/${id}/disabled`, { disabled: false })).status).toBe(200);
    expect((await browser().signIn(email, PASSWORD)).json()).toEqual({ step: 'done' });
  });
});

describe('M6: a sign-in waiting for its second factor when the account is disabled', () => {
  it('is refused with the clear message and makes no session', async () => {
    const email = 'disabled-mid-sign-in@account-findings.org';
    const totp = await enableTotp(await signUp(email));
    const client = browser();
    expect((await client.signIn(email, PASSWORD)).json()).toEqual({ step: 'confirmSignIn' });
    expect((await admin.call('PUT', `/api/admin/users/${await idOf(email)}/disabled`, { disabled: true })).status).toBe(200);
    const confirm = await client.post('/api/auth/confirm-sign-in', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().error.code).toBe('ACCOUNT_DISABLED');
    expect(await client.session()).toBeNull();
  });
});

describe('L8: a demoted support user hears no more support-console events', () => {
  it('closes the socket on demotion; the new socket gets no support events', async () => {
    const email = 'former-support@account-findings.org';
    const support = await userOf(email, 'support');
    const asker = await userOf('asks-for-help@account-findings.org', 'viewer');
    const before = await liveSocket(support.cookie());
    expect((await asker.call('POST', '/api/chat/messages', { text: 'Can anyone help?' })).status).toBe(200);
    for (let i = 0; i < 50 && !before.received.some((event) => event.type === 'chat'); i += 1) await sleep(100);
    expect(before.received.some((event) => event.type === 'chat')).toBe(true);

    await setRole(email, 'viewer');
    expect(await before.closed).toBe(ACCESS_CHANGED_CLOSE_CODE);
    const after = await liveSocket(support.cookie());
    expect((await asker.call('POST', '/api/chat/messages', { text: 'Still there?' })).status).toBe(200);
    await sleep(1000);
    expect(after.received.filter((event) => event.type === 'chat')).toEqual([]);
    after.ws.close();
  });
});
