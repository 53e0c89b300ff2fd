// Pieces of the provider's journey shared by the video tests: generated clips with an out-of-body
// part, signed-in users talking to a listening server, tus uploads and waiting for a status.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import * as tus from 'tus-js-client';
import { expect } from 'vitest';
import type { Role } from '@ipsv/contracts/users';
import type { Video } from '@ipsv/contracts/videos';
import { CookieJar } from './cookie-jar.js';
import { codeIn, type SmtpReceiver } from './smtp-receiver.js';

export const PASSWORD = 'Correct-Horse7';

export const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);

/** A reddish, moving texture the scene model reads as inside the body. */
export const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";

/**
 * `inside` s of the inside texture, `outside` s of colour bars (outside the body), `inside` s again;
 * with `repeat`, each inside part is the texture `repeat` times over (longer clips, encoded once).
 */
export async function makeSurgeryClip(dir: string, name: string, inside = 8, outside = 4, repeat = 1): Promise<string> {
  const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50'];
  ffmpeg(['-f', 'lavfi', '-i', INSIDE, '-t', String(inside), ...encode, `${dir}/${name}-in.mp4`]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:rate=25', '-t', String(outside), ...encode, `${dir}/${name}-out.mp4`]);
  const insidePart = Array<string>(repeat).fill('in');
  const parts = [...insidePart, 'out', ...insidePart];
  await fs.writeFile(`${dir}/${name}.txt`, parts.map((part) => `file '${dir}/${name}-${part}.mp4'`).join('\n'));
  const file = `${dir}/${name}.mp4`;
  ffmpeg(['-f', 'concat', '-safe', '0', '-i', `${dir}/${name}.txt`, '-c', 'copy', file]);
  return file;
}

export const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

/** Calls the server at `base()` with the cookies of `jar` (a browser on our own origin). */
function caller(base: () => string, jar: CookieJar) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const binary = Buffer.isBuffer(body);
    const response = await fetch(`${base()}${url}`, {
      method,
      headers: { cookie: jar.header(), origin: base(), ...(body === undefined || binary ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : binary ? body : JSON.stringify(body),
    });
    jar.store(response.headers.getSetCookie());
    return response;
  };
}

/** A signed-up, confirmed user of the server at `base()`; `role` is set in the database as an admin would. */
export async function signedInUser(server: { base: () => string; smtp: SmtpReceiver; pool: pg.Pool }, email: string, role: Role = 'provider') {
  let jar = new CookieJar();
  const call: ReturnType<typeof caller> = (...args) => caller(server.base, jar)(...args);
  const before = server.smtp.countFor(email);
  expect((await call('POST', '/api/auth/sign-up', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Surgeon', language: 'en-US' })).status).toBe(204);
  const mail = await server.smtp.waitFor(email, { since: before });
  expect((await call('POST', '/api/auth/confirm-sign-up', { email, code: codeIn(mail) })).status).toBe(200);
  await server.pool.query('UPDATE users SET role = $1 WHERE email = $2', [role, email]);
  return {
    email,
    call,
    json: async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const response = await call(method, url, body);
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return (await response.json()) as T;
    },
    cookie: () => jar.header(),
    base: server.base,
    /** A second session of the same user (another device), for calls that end a session. */
    async signInAgain() {
      const other = new CookieJar();
      const otherCall = caller(server.base, other);
      expect((await otherCall('POST', '/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
      return { call: otherCall, cookie: () => other.header() };
    },
    /** Signs in again and uses the new session from now on (after a call that ended the old one). */
    async renewSession() {
      const fresh = new CookieJar();
      expect((await caller(server.base, fresh)('POST', '/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
      jar = fresh;
    },
  };
}
export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/** Uploads `file` over tus as `owner`; resolves with the video id. */
export function tusUpload(owner: TestUser, file: string, options: { chunkSize?: number } = {}) {
  return new Promise<string>((resolve, reject) => {
    void fs.readFile(file).then((data) => {
      const upload: tus.Upload = new tus.Upload(data, {
        endpoint: `${owner.base()}/api/uploads`,
        chunkSize: options.chunkSize ?? 256 * 1024,
        retryDelays: [],
        metadata: { filename: path.basename(file), filetype: 'video/mp4', privacyAnswer: 'unsure' },
        headers: { cookie: owner.cookie(), origin: owner.base() },
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
        onError: reject,
      });
      upload.start();
    }, reject);
  });
}

export async function waitForStatus(
  owner: TestUser,
  id: string,
  statuses: Video['status'][],
  timeoutMs = 120_000,
  until?: (video: Video) => boolean,
): Promise<Video> {
  const deadline = Date.now() + timeoutMs;
  let video: Video | undefined;
  while (Date.now() < deadline) {
    video = await owner.json<Video>('GET', `/api/videos/${id}`);
    if (statuses.includes(video.status) && (!until || until(video))) return video;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`video ${id} stayed ${video?.status} at ${video?.percent ?? '-'} % (wanted ${statuses.join('|')}; ${video?.failureReason ?? ''})`);
}
