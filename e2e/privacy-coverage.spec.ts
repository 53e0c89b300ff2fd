// The attack the coverage issue began with: a recording whose keyframes are 10 s apart, with the
// camera out of the body between two of them. The provider asks for automatic publication; the
// privacy review must still propose the room view, and the video must not go online by itself.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createProvider } from './support/videos';

// Inside the body: a reddish moving texture; outside: ffmpeg's colour-bar test picture.
const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";
/** The room view: 12-15 s, between the keyframes at 10 s and 20 s. */
const ROOM = { start: 12, end: 15 };

test('a room view between two keyframes 10 s apart is proposed for removal and nothing publishes by itself', async ({ page, baseURL }) => {
  // The clip, an account, the upload and the analysis, beside the other worker's journeys; once a
  // sign-up waited minutes for its answer in a loaded run (not explained yet: see issue 48's note).
  test.setTimeout(600_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-e2e-coverage-'));
  const file = path.join(dir, 'long-gop.mp4');
  // The texture is slow to generate: 2 s of it, looped. Then one encode, so the scene cuts add no
  // keyframe: x264 puts one every 250 frames and nowhere else.
  const texture = path.join(dir, 'texture.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-t',
    '2',
    '-i',
    INSIDE,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    texture,
  ]);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error'],
    ...['-stream_loop', '-1', '-t', String(ROOM.start), '-i', texture],
    ...['-f', 'lavfi', '-t', String(ROOM.end - ROOM.start), '-i', 'testsrc2=s=1280x720:rate=25'],
    ...['-stream_loop', '-1', '-t', '15', '-i', texture],
    ...['-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0,format=yuv420p[v]', '-map', '[v]'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-x264-params', 'keyint=250:min-keyint=250:scenecut=0', file],
  ]);
  const keyframes = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .filter((line) => line.includes('K'))
    .map((line) => Number(line.split(',')[0]));
  expect(keyframes).toEqual([0, 10, 20]);

  await createProvider(page.request, baseURL!);
  const bytes = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = `filename ${Buffer.from('long-gop.mp4').toString('base64')},privacyAnswer ${Buffer.from('no').toString('base64')}`;
  const created = await page.request.post('/api/uploads', { headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata } });
  expect(created.status(), await created.text()).toBe(201);
  const id = created.headers().location!.split('/').pop()!;
  const patched = await page.request.patch(`/api/uploads/${id}`, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);

  const statusOf = async () => (await (await page.request.get(`/api/videos/${id}`)).json()) as { status: string; failureReason: string | null };
  const waitFor = async (wanted: string[]) => {
    const until = Date.now() + 240_000;
    for (;;) {
      const video = await statusOf();
      if (wanted.includes(video.status) || ['failed', 'rejected', 'rendering', 'published'].includes(video.status) || Date.now() > until) return video;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  expect((await waitFor(['awaiting_details'])).status).toBe('awaiting_details');
  // The provider asks for publication without review when the check finds nothing.
  const saved = await page.request.put(`/api/videos/${id}/details`, {
    data: { title: 'Long-GOP recording', fileName: 'long-gop.mp4', surgeryTypeId: 1, visibility: 'signed_in', autoConfirm: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const analysed = await waitFor(['review']);
  expect(analysed.status, analysed.failureReason ?? '').toBe('review');

  // The room view is proposed, whole (at least 95 % of it), though no keyframe falls inside it.
  const review = (await (await page.request.get(`/api/videos/${id}/review`)).json()) as { proposed: { start: number; end: number; reasons: string[] }[] };
  const covered = review.proposed.reduce((sum, r) => sum + Math.max(0, Math.min(ROOM.end, r.end) - Math.max(ROOM.start, r.start)), 0);
  expect(covered / (ROOM.end - ROOM.start)).toBeGreaterThanOrEqual(0.95);
  expect(review.proposed.flatMap((r) => r.reasons)).toContain('out_of_body');

  // The provider sees it in the privacy review, and the video stays unpublished until confirmed.
  await page.goto(`/edit-pii/${id}`);
  await expect(page.getByText('Out of body').first()).toBeVisible();
  await new Promise((r) => setTimeout(r, 3000));
  expect((await statusOf()).status).toBe('review');
});
