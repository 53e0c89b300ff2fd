// Versions and licences in Chromium: a second privacy review renders version 2; the provider rolls
// back to version 1 in /analytics/versioncontrol and the video page serves version 1's rendition. A
// viewer asks for a licence on the video page, the provider accepts it with terms in
// /analytics/content, and both see it (the viewer under /licences, both in the printable record).
// axe-core finds no serious or critical violation on the new pages.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createSignedInAccount, uniqueEmail } from './support/accounts';
import { createProvider, publishVideo } from './support/videos';
import { expectNoSeriousViolations } from './support/axe';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Inguinal hernia repair, TAPP';
let videoId = '';
let providerState: Awaited<ReturnType<Awaited<ReturnType<Page['context']>>['storageState']>>;

const consent = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));

/** Confirms a second privacy review (2 s to 4 s removed) and waits until version 2 is fully rendered and published. */
async function renderSecondVersion(request: APIRequestContext, id: string) {
  const confirmed = await request.put(`/api/videos/${id}/review`, { data: { ranges: [{ start: 2, end: 4, reasons: ['manual'], confidence: null }] } });
  expect(confirmed.status(), await confirmed.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const versions = (await (await request.get(`/api/dashboard/videos/${id}/versions`)).json()) as {
          publishedVersion: number;
          rendering: boolean;
        };
        return versions.publishedVersion === 2 && !versions.rendering;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe(true);
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ baseURL });
  await createProvider(context.request, baseURL!);
  videoId = await publishVideo(context.request, { title: TITLE, seconds: 8, visibility: 'signed_in' });
  await renderSecondVersion(context.request, videoId);
  providerState = await context.storageState();
  await context.close();
});

test('the provider rolls back to version 1 and the video page serves version 1', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, storageState: providerState });
  const page = await context.newPage();
  await consent(page);
  await page.goto('/analytics/versioncontrol');
  await expect(page.getByRole('heading', { level: 1, name: 'Version control' })).toBeVisible();
  const card = page.getByRole('region', { name: TITLE });
  await expect(card.getByTestId('version-row-2')).toContainText('Published');
  await expect(card.getByTestId('version-row-2')).toContainText('0:02–0:04');
  await expect(card.getByTestId('version-comparison')).toBeVisible();
  await expectNoSeriousViolations(page);

  await card.getByRole('button', { name: 'Roll back to version 1' }).click();
  // Asked first, with the reason, which the list shows afterwards.
  const ask = page.getByRole('dialog', { name: 'Publish version 1 again?' });
  await ask.getByRole('textbox', { name: /Why is this version published again/ }).fill('Version 2 cut the dissection');
  await expectNoSeriousViolations(page);
  await ask.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(ask).toHaveCount(0);
  await expect(card.getByTestId('version-row-1')).toContainText('Version 2 cut the dissection');
  await expect(card.getByTestId('version-row-1')).toContainText('Published');
  await expect(card.getByTestId('version-row-2')).not.toContainText('Published');

  // The video page now plays version 1: its playback points at version 1's rendition.
  const watch = page.waitForResponse((response) => response.url().endsWith(`/api/videos/${videoId}/watch`) && response.status() === 200);
  await page.goto(`/video/${videoId}`);
  const body = (await (await watch).json()) as { playback: { hls: string }; video: { version: number } };
  expect(body.video.version).toBe(1);
  expect(body.playback.hls).toContain(`/videos/${videoId}/v1/master.m3u8`);
  const playlist = await page.request.get(body.playback.hls);
  expect(playlist.status()).toBe(200);
  expect(await playlist.text()).toContain('#EXTM3U');
  await context.close();
});

test('a viewer asks for a licence, the provider accepts it with terms, both see it', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  const viewerEmail = uniqueEmail('licensee');
  await createSignedInAccount(page.request, viewerEmail);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  const panel = page.getByTestId('licence-panel');
  await expect(panel).toContainText('All rights reserved — licence on request');
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Ask for a licence' }).click();
  await panel.getByLabel('Institution').fill('St. Mary Teaching Hospital');
  await panel.getByLabel('Purpose').fill('Surgical residents seminar');
  await panel.getByLabel('Duration').fill('12 months');
  await expectNoSeriousViolations(page);
  await panel.getByRole('button', { name: 'Send the request' }).click();
  await expect(panel).toContainText('Waiting for an answer');

  const owner = await browser.newContext({ baseURL, storageState: providerState });
  const ownerPage = await owner.newPage();
  await consent(ownerPage);
  await ownerPage.goto('/analytics/content');
  const row = ownerPage.locator('tr').filter({ hasText: viewerEmail });
  await expect(row).toContainText('St. Mary Teaching Hospital');
  await expectNoSeriousViolations(ownerPage);
  await row.getByLabel('Terms').fill('Teaching at St. Mary only, no redistribution.');
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(row).toContainText('Accepted');
  await row.getByRole('link', { name: 'Licence record' }).click();
  const record = ownerPage.getByTestId('licence-record');
  await expect(record).toContainText('Teaching at St. Mary only, no redistribution.');
  await expect(record).toContainText(viewerEmail);
  await expectNoSeriousViolations(ownerPage);
  await owner.close();

  // The viewer's side: the answer on the video page, under /licences, and the same record; the download follows.
  await page.goto('/licences');
  const mine = page.locator('tr').filter({ hasText: TITLE });
  await expect(mine).toContainText('Accepted');
  await expectNoSeriousViolations(page);
  await mine.getByRole('link', { name: 'Licence record' }).click();
  await expect(page.getByTestId('licence-record')).toContainText('Teaching at St. Mary only, no redistribution.');
  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
});
