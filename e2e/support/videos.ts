// Journeys that need a published video: a provider account (promoted by the test server's
// administrator), a small endoscopic-looking clip made by ffmpeg, uploaded over tus, described,
// published (the privacy review confirmed with nothing to cut) and given segments, all through the API.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createSignedInAccount, signInAsAdmin, uniqueEmail } from './accounts';

// Inside the body only (a reddish moving texture): the privacy analysis finds nothing to remove.
const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** The test server's administrator (signed up by whichever journey needs it first). */
async function adminRequest(baseURL: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInAsAdmin(admin);
  return admin;
}

/** A signed-in provider in `request`'s context. */
export async function createProvider(request: APIRequestContext, baseURL: string, email = uniqueEmail('provider')): Promise<string> {
  await createSignedInAccount(request, email);
  const me = await ok<{ user: { id: string } }>(await request.get('/api/session'), 'session');
  const admin = await adminRequest(baseURL);
  await ok(await admin.put(`/api/admin/users/${me.user.id}/role`, { data: { role: 'provider' } }), 'promote to provider');
  await admin.dispose();
  return email;
}

export interface PublishOptions {
  title: string;
  seconds?: number;
  segments?: { start: number; end: number; title: string; category?: string; description?: string }[];
  isDownloadable?: boolean;
  visibility?: 'private' | 'whitelist' | 'signed_in';
  whitelist?: string[];
}

async function waitForStatus(request: APIRequestContext, id: string, wanted: string[], timeoutMs: number, complete = false): Promise<string> {
  const until = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < until) {
    const video = await ok<{ status: string; failureReason: string | null; renditionComplete: boolean }>(await request.get(`/api/videos/${id}`), 'video');
    status = video.status;
    if (wanted.includes(status) && (!complete || video.renditionComplete)) return status;
    if (status === 'failed' || status === 'rejected') throw new Error(`video ${status}: ${video.failureReason ?? ''}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`video stayed ${status}`);
}

/** Uploads, describes and publishes a generated clip as the provider of `request`; returns its id. */
export async function publishVideo(request: APIRequestContext, options: PublishOptions): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-e2e-watch-'));
  const file = path.join(dir, 'case.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', INSIDE, '-t', String(options.seconds ?? 12)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', file],
  ]);
  const bytes = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = `filename ${Buffer.from('case.mp4').toString('base64')},privacyAnswer ${Buffer.from('no').toString('base64')}`;
  const created = await request.post('/api/uploads', { headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata } });
  if (created.status() !== 201) throw new Error(`tus create: ${created.status()} ${await created.text()}`);
  const id = created.headers().location!.split('/').pop()!;
  const patched = await request.patch(`/api/uploads/${id}`, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  if (patched.status() !== 204) throw new Error(`tus patch: ${patched.status()} ${await patched.text()}`);

  await waitForStatus(request, id, ['awaiting_details'], 120_000);
  await ok(
    await request.put(`/api/videos/${id}/details`, {
      data: {
        title: options.title,
        fileName: 'case.mp4',
        surgeryTypeId: 1,
        surgeryYear: 2024,
        description: { procedure: 'Cholecystectomy', approach: 'laparoscopic' },
        isDownloadable: options.isDownloadable ?? false,
        visibility: options.visibility ?? 'signed_in',
        whitelist: options.whitelist ?? [],
        autoConfirm: true,
      },
    }),
    'details',
  );
  if ((await waitForStatus(request, id, ['review', 'rendering', 'published'], 240_000)) === 'review') {
    // The provider has the last word: this generated clip shows no patient, so nothing is cut
    // (the journeys need the whole length for their segments and clips).
    await ok(await request.put(`/api/videos/${id}/review`, { data: { ranges: [] } }), 'confirm review');
  }
  // The whole ladder and the storyboard (made after the 360p publication).
  await waitForStatus(request, id, ['published'], 240_000, true);
  if (options.segments) {
    await ok(
      await request.put(`/api/videos/${id}/segments`, { data: { isPublic: (options.visibility ?? 'signed_in') === 'signed_in', segments: options.segments } }),
      'segments',
    );
  }
  return id;
}
