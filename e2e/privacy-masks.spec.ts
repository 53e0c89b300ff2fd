// A provider masks a region in the privacy review: the clip is uploaded and described through the
// API, then in /edit-pii/:id the provider adds a mask (a box over the middle of the picture for the
// first 10 s), moves it with the keyboard, finds the edits again after a reload (kept as a draft),
// and saves (the editor passes axe-core meanwhile). The published version records the mask, and
// the published file, decoded frame by frame, is black under the mask while it lasts and nowhere else.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccountWithRole, signInAsAdmin } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

// Inside the body only (a reddish moving texture): nothing to cut.
const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? undefined : await response.json()) as T;
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

test('a provider adds a mask in the privacy review, and the published frames have it', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-e2e-masks-'));
  const file = path.join(dir, 'case.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', INSIDE, '-t', '14'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', file],
  ]);

  const admin = await browser.newContext();
  await signInAsAdmin(admin.request);
  await createAccountWithRole(page.request, admin.request, 'provider');
  await admin.close();

  // Upload (tus) and details through the API; the review waits for the provider.
  const bytes = await fs.readFile(file);
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = `filename ${Buffer.from('case.mp4').toString('base64')},privacyAnswer ${Buffer.from('no').toString('base64')}`;
  const created = await page.request.post('/api/uploads', { headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata } });
  expect(created.status()).toBe(201);
  const id = created.headers().location!.split('/').pop()!;
  const patched = await page.request.patch(`/api/uploads/${id}`, {
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  await waitForStatus(page.request, id, ['awaiting_details'], 120_000);
  await ok(
    await page.request.put(`/api/videos/${id}/details`, {
      data: { title: 'Masked cholecystectomy', fileName: 'case.mp4', surgeryTypeId: 1, isDownloadable: true, visibility: 'signed_in', autoConfirm: false },
    }),
    'details',
  );
  await waitForStatus(page.request, id, ['review'], 240_000);

  // The editor: add a mask at the playhead (0:00), move it 2 % right with the keyboard, save.
  await page.goto(`/edit-pii/${id}`);
  await expect(page.getByRole('table', { name: 'Masks' }).or(page.getByText('No region of the picture will be masked.'))).toBeVisible();
  // The filmstrip under the timeline shows pictures from end to end, with no dark gap between tiles.
  await expect(page.getByTestId('filmstrip')).toBeVisible();
  const uncovered = await page.getByTestId('filmstrip').evaluate((lane) => {
    const { left, right } = lane.getBoundingClientRect();
    const spans = Array.from(lane.children).flatMap((tile) => {
      const clip = tile.getBoundingClientRect();
      return Array.from(tile.children).map((picture) => {
        const box = picture.getBoundingClientRect();
        return [Math.max(box.left, clip.left), Math.min(box.right, clip.right)] as const;
      });
    });
    spans.sort((a, b) => a[0] - b[0]);
    let reached = left;
    let gaps = 0;
    for (const [from, to] of spans) {
      if (from > reached + 1) gaps += from - reached;
      reached = Math.max(reached, to);
    }
    return Math.round(gaps + Math.max(0, right - reached - 1));
  });
  expect(uncovered).toBe(0);
  await page.getByRole('button', { name: 'Add mask' }).click();
  const masks = page.getByRole('group', { name: 'Masks' });
  await expect(masks.getByRole('button', { name: 'Mask (Drawn by you) from 0:00.0 to 0:10.0' })).toBeVisible();
  const box = page.getByTestId('mask-box').filter({ hasText: 'Drawn by you' });
  await expect(box).toBeVisible();
  await box.focus();
  await box.press('ArrowRight');
  await box.press('ArrowRight');
  // The editor with a mask selected (over the video, on the timeline, in the table) passes axe-core.
  await expect(page.getByRole('button', { name: 'Resize the selected mask' })).toBeVisible();
  await expectNoSeriousViolations(page);
  // The edits are kept as a draft a moment later: a reload brings them back (and the server draws
  // the draft's mask into a copy of the speculative SD meanwhile).
  await expect(page.getByTestId('draft-status')).toHaveText(/^Changes kept as a draft at /, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByText(/^Your unsaved changes from .+ were restored\.$/)).toBeVisible();
  await expect(masks.getByRole('button', { name: 'Mask (Drawn by you) from 0:00.0 to 0:10.0' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/progress/, { timeout: 30_000 });

  // Published, with the mask recorded for the version.
  await waitForStatus(page.request, id, ['published'], 240_000, true);
  const review = await ok<{ confirmedMasks: { x: number; y: number; width: number; height: number; start: number; end: number; reason: string }[] }>(
    await page.request.get(`/api/videos/${id}/review`),
    'review',
  );
  expect(review.confirmedMasks).toEqual([{ x: 0.37, y: 0.35, width: 0.3, height: 0.3, start: 0, end: 10, reason: 'manual', confidence: null }]);

  // The downloadable published file, decoded: black under the mask for its 10 s, the reddish
  // picture elsewhere and afterwards.
  const playback = await ok<{ mp4: string }>(await page.request.get(`/api/videos/${id}/playback`), 'playback');
  const mp4 = path.join(dir, 'published.mp4');
  await fs.writeFile(mp4, await (await page.request.get(playback.mp4)).body());
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', mp4, '-vf', 'fps=2,scale=32:18', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const frame = 32 * 18 * 3;
  const pixel = (offset: number, x: number, y: number) => [0, 1, 2].map((c) => raw[offset + (y * 32 + x) * 3 + c]!);
  let masked = 0;
  let after = 0;
  for (let offset = 0; offset + frame <= raw.length; offset += frame) {
    const time = offset / frame / 2;
    // The mask covers x 11.8-21.4, y 6.3-11.7 of 32x18; (16, 9) is its middle, (3, 3) far from it.
    const [r, g] = pixel(offset, 3, 3);
    expect(r! / g!, `outside the mask at ${time} s`).toBeGreaterThan(2);
    const middle = pixel(offset, 16, 9);
    if (time < 9.5) {
      expect(Math.max(...middle), `under the mask at ${time} s`).toBeLessThan(40);
      masked += 1;
    } else if (time > 10.5) {
      expect(middle[0]! / middle[1]!, `after the mask at ${time} s`).toBeGreaterThan(2);
      after += 1;
    }
  }
  expect(masked).toBeGreaterThanOrEqual(18);
  expect(after).toBeGreaterThanOrEqual(5);
  await fs.rm(dir, { recursive: true, force: true });
});
