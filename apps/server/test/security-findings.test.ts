// Regression tests for what an outside probe found (issue "Security and robustness"), each against
// the real server on a real PostgreSQL: upgrades nobody takes, disguised cross-site paths, tus size
// and disk limits, text PostgreSQL cannot store and JSON that overflows stacks, finished uploads
// deleted through tus, and WebSockets that outlive their session.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppOptions } from '../src/app.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { SESSION_ENDED_CLOSE_CODE } from '../src/modules/live/live-socket.js';
import { createLocalStorage } from '../src/platform/storage/storage.js';
import { createFileUploadStore, type UploadStore } from '../src/platform/storage/upload-store.js';
import { buildTestApp, createWebDist } from './helpers/build-test-app.js';
import { codeIn, startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
let scratch: string;
let freeBytes: number | null = null;

async function listen(options: Partial<AppOptions> = {}) {
  const mediaRoot = path.join(scratch, 'media');
  const store = createFileUploadStore(mediaRoot, 3_600_000);
  // The disk as tests want it: real unless a test sets `freeBytes`.
  const uploads: UploadStore = { ...store, freeBytes: async () => freeBytes ?? store.freeBytes() };
  const app = await buildTestApp(database, webDist, { mailer: smtp.mailer(), storage: createLocalStorage(mediaRoot), uploads, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, base: `http://127.0.0.1:${port}` };
}

let server: Awaited<ReturnType<typeof listen>>;
let owner: TestUser;
let admin: TestUser;
const userOf = (email: string, role: 'viewer' | 'provider' | 'admin' = 'provider') =>
  signedInUser({ base: () => server.base, smtp, pool: database.pool }, email, role);
const idOf = async (email: string) => (await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  webDist = await createWebDist();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-findings-'));
  server = await listen({ websocketsPerAddress: 3 });
  owner = await userOf('owner@findings.org');
  admin = await userOf('admin@findings.org', 'admin');
}, 120_000);

afterAll(async () => {
  await server?.app.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A raw WebSocket handshake; resolves with the answer's status line once the server closed the connection. */
function rawUpgrade(port: number, pathname: string, headers = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the upgrade to ${pathname} was neither answered nor closed within 5 s (got "${received}")`));
    }, 5000);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received.split('\r\n')[0] ?? '');
    });
    socket.write(
      `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`,
    );
  });
}

function progressSocket(base: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/videos/progress`, { headers: { cookie, origin: base } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    ws.once('error', reject);
  });
}
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('finding 1: upgrades nobody takes', () => {
  it('answers and closes every upgrade to another path, so descriptors cannot run out', async () => {
    for (let batch = 0; batch < 11; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => rawUpgrade(server.port, `/api/other-${batch}-${i}`)));
      expect(new Set(answers)).toEqual(new Set(['HTTP/1.1 404 Not Found']));
    }
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);

  it('caps the sockets one address may hold', async () => {
    const sockets = await Promise.all([1, 2, 3].map(() => progressSocket(server.base, owner.cookie())));
    expect(await rawUpgrade(server.port, '/api/videos/progress', `Cookie: ${owner.cookie()}\r\n`)).toBe('HTTP/1.1 429 Too Many Requests');
    const gone = closed(sockets[0]!);
    sockets[0]!.close();
    await gone;
    const again = await progressSocket(server.base, owner.cookie());
    for (const ws of [again, ...sockets.slice(1)]) ws.close();
  });

  it('closes every socket when the server stops, so shutdown does not wait for clients', async () => {
    const other = await listen();
    const user = await signedInUser({ base: () => other.base, smtp, pool: database.pool }, 'closing@findings.org');
    const open = await Promise.all([1, 2].map(() => progressSocket(other.base, user.cookie())));
    // A handshake that never finishes (no blank line) is pending too.
    const pending = net.connect(other.port, '127.0.0.1');
    pending.write(`GET /api/videos/progress HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`);
    const pendingClosed = new Promise((resolve) => pending.once('close', resolve));
    pending.on('error', () => undefined);
    const started = Date.now();
    await Promise.all([other.app.close(), ...open.map(closed), pendingClosed]);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('finding 4: the cross-site check whatever the path spelling', () => {
  it('refuses a percent-encoded path from another site and changes nothing', async () => {
    const id = await idOf('owner@findings.org');
    const renamed = await owner.call('PATCH', `/%61pi/users/${id}`, { firstName: 'Mallory', lastName: 'X' }, { origin: 'https://evil.example' });
    expect(renamed.status).toBe(403);
    const everywhere = await owner.call('POST', '/%61pi/auth/sign-out-everywhere', undefined, { origin: 'https://evil.example' });
    expect(everywhere.status).toBe(403);
    const profile = await owner.json<{ firstName: string }>('GET', '/api/profile');
    expect(profile.firstName).toBe('Ada');
  });
});

describe('finding 5: the upload size limit and the disk', () => {
  const tus = { 'tus-resumable': '1.0.0' };
  it('refuses a deferred length, and a later request cannot declare a larger size', async () => {
    const deferred = await owner.call('POST', '/api/uploads', undefined, { ...tus, 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(((await deferred.json()) as { error: { code: string } }).error.code).toBe('UPLOAD_LENGTH_REQUIRED');

    const created = await owner.call('POST', '/api/uploads', undefined, { ...tus, 'upload-length': '10' });
    const id = created.headers.get('location')!.split('/').pop()!;
    const bigger = await owner.call('PATCH', `/api/uploads/${id}`, Buffer.from('0123'), {
      ...tus,
      'upload-offset': '0',
      'upload-length': String(5 * 1024 ** 3),
      'content-type': 'application/offset+octet-stream',
    });
    expect(bigger.status).toBeGreaterThanOrEqual(400);
    expect(bigger.status).toBeLessThan(500);
    const head = await owner.call('HEAD', `/api/uploads/${id}`, undefined, tus);
    expect(head.headers.get('upload-length')).toBe('10');
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('stops an upload with a clear message when the disk is nearly full, and resumes when space returns', async () => {
    const created = await owner.call('POST', '/api/uploads', undefined, { ...tus, 'upload-length': '10' });
    const id = created.headers.get('location')!.split('/').pop()!;
    const patch = (offset: number, bytes: string) =>
      owner.call('PATCH', `/api/uploads/${id}`, Buffer.from(bytes), {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      });
    expect((await patch(0, '01234')).status).toBe(204);
    const reserve = 2048 * 1024 * 1024;
    const tight = await listen({ uploadMinFreeBytes: reserve });
    const user = await signedInUser({ base: () => tight.base, smtp, pool: database.pool }, 'tight@findings.org');
    try {
      freeBytes = reserve + 4;
      const refusedStart = await user.call('POST', '/api/uploads', undefined, { ...tus, 'upload-length': '10' });
      expect(refusedStart.status).toBe(507);
      expect(((await refusedStart.json()) as { error: { code: string } }).error.code).toBe('DISK_FULL');
      freeBytes = null;
      const started = await user.call('POST', '/api/uploads', undefined, { ...tus, 'upload-length': '10' });
      expect(started.status).toBe(201);
      const upload = started.headers.get('location')!.split('/').pop()!;
      const send = (offset: number, bytes: string) =>
        user.call('PATCH', `/api/uploads/${upload}`, Buffer.from(bytes), {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        });
      expect((await send(0, 'abcde')).status).toBe(204);
      freeBytes = reserve + 1;
      const refused = await send(5, 'fghij');
      expect(refused.status).toBe(507);
      const head = await user.call('HEAD', `/api/uploads/${upload}`, undefined, tus);
      expect(head.headers.get('upload-offset'), 'nothing written after the refusal').toBe('5');
      freeBytes = null;
      expect((await send(5, 'fghij')).status).toBe(204);
    } finally {
      freeBytes = null;
      await tight.app.close();
    }
  });
});

describe('finding 7: input PostgreSQL cannot store, and JSON that overflows stacks', () => {
  const code = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

  it('refuses NUL characters and lone surrogates with a 400 and stores nothing', async () => {
    const id = await idOf('owner@findings.org');
    for (const firstName of ['Ada\u0000', 'Ada\uD800']) {
      const response = await owner.call('PATCH', `/api/users/${id}`, { firstName, lastName: 'X' });
      expect(response.status).toBe(400);
      expect(await code(response)).toBe('INVALID_TEXT');
    }
    expect((await owner.json<{ firstName: string; lastName: string }>('GET', '/api/profile')).lastName).toBe('Surgeon');

    const video = await videoInState(
      { videos: createVideosRepository(database.db), storage: createLocalStorage(path.join(scratch, 'media')) },
      id,
      'published',
    );
    const details = await owner.call('PUT', `/api/videos/${video.id}/details`, { title: 'T', fileName: 'f.mp4', description: { procedure: 'chole\uDC00' } });
    expect(details.status).toBe(400);
    const segments = await owner.call('PUT', `/api/videos/${video.id}/segments`, { isPublic: false, segments: [{ start: 0, end: 2, title: 'Port\u0000' }] });
    expect(segments.status).toBe(400);
    expect((await owner.json<{ segments: unknown[] }>('GET', `/api/videos/${video.id}/segments`)).segments).toEqual([]);

    const anonymousView = await fetch(`${server.base}/api/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/a\u0000b' }),
    });
    expect(anonymousView.status).toBe(400);
    expect((await admin.call('GET', '/api/admin/users?search=%00')).status).toBe(400);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM page_views')).rows[0].n).toBe(0);
  });

  it('refuses JSON nested 5,000 deep sent anonymously to the federated sign-in endpoints', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of ['/api/auth/sign-in/social', '/api/auth/sign-in/oauth2', '/api/auth/sign-in']) {
      const response = await fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"provider":${deep}}` });
      expect(response.status, url).toBe(400);
      expect(await code(response)).toBe('BODY_TOO_DEEP');
    }
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });
});

describe('finding 10: a finished upload is the video', () => {
  it('cannot be deleted through tus (delete the video instead)', async () => {
    const id = await idOf('owner@findings.org');
    const video = await videoInState({ videos: createVideosRepository(database.db), storage: createLocalStorage(path.join(scratch, 'media')) }, id, 'review');
    const response = await owner.call('DELETE', `/api/uploads/${video.id}`, undefined, { 'tus-resumable': '1.0.0' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UPLOAD_FINISHED');
  });
});

describe('finding 11: a WebSocket lives only as long as its session', () => {
  it('closes the sockets of sessions ended by "sign out everywhere", and of a device signed out', async () => {
    const user = await userOf('devices@findings.org');
    const laptop = await user.signInAgain();
    const phone = await user.signInAgain();
    const laptopSocket = await progressSocket(server.base, laptop.cookie());
    const phoneSocket = await progressSocket(server.base, phone.cookie());
    const laptopClosed = closed(laptopSocket);
    // Signing out one device ends only that device's socket.
    expect((await laptop.call('DELETE', '/api/session')).status).toBe(204);
    expect(await laptopClosed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(phoneSocket.readyState).toBe(WebSocket.OPEN);
    const phoneClosed = closed(phoneSocket);
    expect((await user.call('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);
    expect(await phoneClosed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('security headers', () => {
  it('sends CSP with frame-ancestors and nosniff, and no HSTS over plain http', async () => {
    const response = await fetch(`${server.base}/api/health`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('behind a TLS terminator (PUBLIC_URL is https)', () => {
  it('sends HSTS and Secure cookies, and accepts our own https origin', async () => {
    const key = path.join(scratch, 'tls.key');
    const cert = path.join(scratch, 'tls.crt');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-days', '1'], {
      stdio: 'ignore',
    });
    let appPort = 0;
    // The terminator a hospital puts in front: TLS outside, plain http to the app, forwarded headers.
    const terminator = https.createServer({ key: await fs.readFile(key), cert: await fs.readFile(cert) }, (request, response) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: appPort,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': request.socket.remoteAddress ?? '' },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => terminator.listen(0, '127.0.0.1', resolve));
    const tlsPort = (terminator.address() as net.AddressInfo).port;
    const publicUrl = `https://localhost:${tlsPort}`;
    const behind = await listen({ publicUrl, trustProxy: 1 });
    appPort = behind.port;
    const call = (method: string, url: string, body?: unknown, cookie = '') =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = https.request(
          {
            host: '127.0.0.1',
            port: tlsPort,
            method,
            path: url,
            rejectUnauthorized: false,
            servername: 'localhost',
            headers: { origin: publicUrl, host: `localhost:${tlsPort}`, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
          },
        );
        request.on('error', reject);
        request.end(body ? JSON.stringify(body) : undefined);
      });
    try {
      const health = await call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(health.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(health.headers['x-content-type-options']).toBe('nosniff');

      const email = 'tls@findings.org';
      expect((await call('POST', '/api/auth/sign-up', { email, password: 'Correct-Horse7', firstName: 'T', lastName: 'L', language: 'en-US' })).status).toBe(
        204,
      );
      const confirmed = await call('POST', '/api/auth/confirm-sign-up', { email, code: codeIn(await smtp.waitFor(email)) });
      expect(confirmed.status, confirmed.body).toBe(200);
      const cookies = [confirmed.headers['set-cookie'] ?? []].flat();
      const session = cookies.find((c) => c.includes('session_token'));
      expect(session).toMatch(/^__Secure-ipsv\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
      const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
      expect(JSON.parse((await call('GET', '/api/session', undefined, cookie)).body).user.email).toBe(email);
    } finally {
      await behind.app.close();
      await new Promise((resolve) => terminator.close(resolve));
    }
  });
});
