// The provider's journey from a file on disk to a published, de-identified video: upload through
// the Uppy dashboard (tus), the details form, the privacy review proposing the out-of-body
// seconds, Save, and publication; the published rendition is streamed through a signed URL and no
// longer contains those seconds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccountWithRole, signInAsAdmin } from './support/accounts';

// Inside the body: a reddish moving texture; outside: ffmpeg's colour-bar test picture.
const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);

interface VideoSummary {
  id: string;
  status: string;
  failureReason: string | null;
}

async function waitForStatus(request: APIRequestContext, id: string, wanted: string[], timeoutMs: number): Promise<VideoSummary> {
  const until = Date.now() + timeoutMs;
  let video: VideoSummary | undefined;
  while (Date.now() < until) {
    video = (await (await request.get(`/api/videos/${id}`)).json()) as VideoSummary;
    if (wanted.includes(video.status)) return video;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`video stayed ${video?.status}: ${video?.failureReason ?? ''}`);
}

test('a provider uploads a recording, reviews the privacy cut and publishes it', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-e2e-video-'));
  ffmpeg(['-f', 'lavfi', '-i', INSIDE, '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', `${dir}/in.mp4`]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1280x720:rate=25',
    '-t',
    '4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '50',
    `${dir}/out.mp4`,
  ]);
  await fs.writeFile(`${dir}/list.txt`, ['in', 'out', 'in'].map((n) => `file '${dir}/${n}.mp4'`).join('\n'));
  const file = `${dir}/cholecystectomy.mp4`;
  ffmpeg(['-f', 'concat', '-safe', '0', '-i', `${dir}/list.txt`, '-c', 'copy', file]);

  // A provider of its own (promoted by the administrator), so its bell counts only its own news.
  const admin = await browser.newContext();
  await signInAsAdmin(admin.request);
  await createAccountWithRole(page.request, admin.request, 'provider');
  await admin.close();

  await page.goto('/upload');
  await page.locator('input[type=file]').first().setInputFiles(file);
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/upload-progress/);
  await page
    .getByRole('button', { name: /Add details/ })
    .or(page.getByRole('link', { name: /Add details/ }))
    .first()
    .click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/upload-finished\?video=/);
  const id = new URL(page.url()).searchParams.get('video')!;

  await page.getByLabel('Title').fill('Laparoscopic cholecystectomy, critical view of safety');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/progress/, { timeout: 30_000 });
  await expect(page.getByText('Processing usually takes 0 to 60 minutes.')).toBeVisible();

  const reviewed = await waitForStatus(page.request, id, ['review', 'failed', 'rejected'], 180_000);
  expect(reviewed.status, reviewed.failureReason ?? '').toBe('review');
  await page.goto(`/edit-pii/${id}`);
  await expect(page.getByText('Out of body').first()).toBeVisible();
  const review = (await (await page.request.get(`/api/videos/${id}/review`)).json()) as { proposed: { start: number; end: number }[] };
  expect(review.proposed).toHaveLength(1);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/progress/, { timeout: 30_000 });

  const published = await waitForStatus(page.request, id, ['published', 'failed'], 180_000);
  expect(published.status, published.failureReason ?? '').toBe('published');
  // The bell counted up live while the page stayed open (ready for review, then published), and
  // the notification opens the video.
  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  await page.getByText('“Laparoscopic cholecystectomy, critical view of safety” is published.').click();
  await expect(page).toHaveURL(new RegExp(`/video/${id}$`));
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.goto('/progress');
  await expect(page.getByText('Published').first()).toBeVisible();

  // Streaming: the HLS master and its media playlist load through the signed URL.
  const playback = (await (await page.request.get(`/api/videos/${id}/playback`)).json()) as { hls: string; mp4: string };
  const master = await page.request.get(playback.hls);
  expect(master.status()).toBe(200);
  expect(await master.text()).toContain('360p/index.m3u8');
  expect((await page.request.get(new URL('360p/index.m3u8', new URL(playback.hls, 'http://x')).pathname)).status()).toBe(200);

  // The published file lost the out-of-body seconds: every frame of it is the reddish inside picture.
  const mp4 = `${dir}/published.mp4`;
  await fs.writeFile(mp4, await (await page.request.get(playback.mp4)).body());
  const [range] = review.proposed;
  const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4], { encoding: 'utf8' }));
  expect(duration).toBeCloseTo(20 - (range!.end - range!.start), 0);
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', mp4, '-vf', 'fps=2,scale=32:18', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const frame = 32 * 18 * 3;
  for (let offset = 0; offset + frame <= raw.length; offset += frame) {
    let r = 0;
    let g = 0;
    for (let i = offset; i < offset + frame; i += 3) {
      r += raw[i]!;
      g += raw[i + 1]!;
    }
    expect(r / g).toBeGreaterThan(2);
  }
  await fs.rm(dir, { recursive: true, force: true });
});
