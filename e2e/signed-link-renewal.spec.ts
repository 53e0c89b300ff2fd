// A long session outlives its signed links: against a second server whose links live 60 s (the
// shortest MEDIA_URL_LIFETIME_SECONDS allowed), a viewer keeps the video page open past that, then
// changes the quality rung, which makes the player fetch a playlist and segments it never had. Every
// one of those requests must carry a fresh signature and succeed, while the first signature is by
// then refused: without the player's renewal the picture would stop here.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createSignedInAccount } from './support/accounts';
import { createProvider, publishVideo } from './support/videos';

const LIFETIME_SECONDS = 60;
const port = Number(process.env.E2E_PORT ?? 3210) + 17;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const baseURL = `http://127.0.0.1:${port}`;
const TOKEN = /\/media\/([^/]+)\//;

let server: ChildProcess | undefined;
let dataDir = '';
let serverLog = '';
let videoId = '';

async function waitForHealth(deadlineMs: number) {
  for (const end = Date.now() + deadlineMs; Date.now() < end;) {
    if (server?.exitCode !== null) throw new Error(`the short-lived-links server stopped:\n${serverLog.slice(-4000)}`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the short-lived-links server did not answer:\n${serverLog.slice(-4000)}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  // Not created here: the server makes it with the rights its embedded PostgreSQL needs.
  dataDir = path.join(os.tmpdir(), `ipsv-e2e-renewal-${process.pid}-${Date.now()}`);
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      ADMIN_EMAIL: 'admin@e2e-hospital.org',
      RATE_LIMIT_SCALE: '20',
      UPLOAD_MIN_FREE_MB: '16',
      MEDIA_URL_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitForHealth(90_000);

  const provider = await playwrightRequest.newContext({ baseURL });
  await createProvider(provider, baseURL);
  videoId = await publishVideo(provider, { title: 'Two-hour procedure, in short', seconds: 8 });
  await provider.dispose();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);

test('the player renews its signed links: past their lifetime a new rung still loads and plays', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
  await createSignedInAccount(page.request);

  const media: { at: number; url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/media/')) media.push({ at: Date.now(), url: response.url(), status: response.status() });
  });

  await page.goto(`/video/${videoId}`);
  await expect(page.locator('video:visible')).toHaveJSProperty('readyState', 4, { timeout: 30_000 });
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-can-play', '', { timeout: 30_000 });
  const firstToken = TOKEN.exec(media.find((m) => m.url.endsWith('.m3u8'))!.url)![1];

  // The page asks for fresh links before the first ones expire.
  await page.waitForResponse((r) => r.url().endsWith(`/api/videos/${videoId}/playback`) && r.ok(), { timeout: LIFETIME_SECONDS * 1000 });
  // Past the first links' lifetime (their expiry is the token's first field): they are refused now.
  const firstExpiry = Number(firstToken!.split('.')[0]) * 1000;
  expect(firstExpiry).toBeLessThanOrEqual(Date.now() + LIFETIME_SECONDS * 1000);
  await page.waitForTimeout(Math.max(0, firstExpiry + 2000 - Date.now()));
  const firstPlaylist = media.find((m) => m.url.endsWith('.m3u8'))!.url;
  expect((await page.request.get(firstPlaylist)).status()).toBeGreaterThanOrEqual(400);

  // Another rung, fetched after expiry. Usually one the player never loaded (its playlist and
  // segments are new requests); under load hls.js's automatic choice may already have tried every
  // rung, and then a rung other than the one playing: the switch empties the buffer, so its
  // segments are fetched again, after expiry, all the same.
  const expired = Date.now();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Quality/ }).click();
  const rungs = page.getByRole('menuitemradio').filter({ hasText: /\d+p/ });
  await expect(rungs.first()).toBeVisible();
  const rungOf = (url: string) => /\/(\d+p)\//.exec(url)?.[1];
  const loaded = new Set(media.map((m) => rungOf(m.url)).filter(Boolean));
  const playing = rungOf(media.filter((m) => m.url.includes('/segment-')).at(-1)?.url ?? '');
  const names = (await rungs.allTextContents()).map((text) => /\d+p/.exec(text)![0]);
  expect(names.length).toBeGreaterThan(1);
  const unseen = names.find((name) => !loaded.has(name));
  const fresh = unseen ?? names.find((name) => name !== playing)!;
  await rungs.filter({ hasText: fresh }).click();
  await page.keyboard.press('Escape');
  await page.locator('video:visible').evaluate((video: HTMLVideoElement) => {
    video.currentTime = 0;
    return video.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1.5);

  const later = media.filter((m) => m.at >= expired);
  expect(later.length).toBeGreaterThan(0);
  expect(later.filter((m) => m.status !== 200 && m.status !== 206)).toEqual([]);
  if (unseen) expect(later.some((m) => m.url.endsWith(`/${fresh}/index.m3u8`))).toBe(true);
  expect(later.some((m) => m.url.includes(`/${fresh}/segment-`))).toBe(true);
  expect(later.every((m) => TOKEN.exec(m.url)?.[1] !== firstToken)).toBe(true);
  await context.close();
});
