// A viewer's half of the product in Chromium: a provider publishes a video with segments; a viewer
// opens it from a link and it plays (time advances, a rung is chosen), the storyboard previews on
// hover, a segment click jumps, the keyboard steps through it (tenths, 5 s, 10 s, one frame), a
// note taken at the current time is found again in /noted-videos,
// watch later and history work and the resume position is offered, a playlist of two clips plays
// through; a viewer without access sees the 401 message box and can request access; download only
// when allowed. axe-core finds no serious or critical violation on the video page and the lists.
import { expect, test, type Page } from '@playwright/test';
import { createSignedInAccount } from './support/accounts';
import { createProvider, publishVideo } from './support/videos';
import { expectNoSeriousViolations } from './support/axe';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Laparoscopic cholecystectomy, critical view of safety';
let videoId = '';
let providerState: Awaited<ReturnType<Awaited<ReturnType<Page['context']>>['storageState']>>;

const consent = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0);
/**
 * The video's frame is there and so is the player, ready for keys. The frame can come first: the
 * loading state shows the early start's frame (early-playback.ts) before the player has mounted.
 */
const playerReady = async (page: Page) => {
  await expect(page.locator('video:visible')).toHaveJSProperty('readyState', 4, { timeout: 20_000 });
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-can-play', '', { timeout: 20_000 });
};

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ baseURL });
  await createProvider(context.request, baseURL!);
  videoId = await publishVideo(context.request, {
    title: TITLE,
    seconds: 12,
    segments: [
      { start: 0, end: 4, title: 'Port placement', category: 'access' },
      { start: 4, end: 8, title: 'Dissection of the triangle', category: 'dissection', description: 'Calot triangle cleared' },
      { start: 8, end: 12, title: 'Clipping', category: 'resection' },
    ],
  });
  providerState = await context.storageState();
  await context.close();
});

test('a viewer plays the video, jumps by segment, takes a note, saves it for later and resumes', async ({ page }) => {
  test.setTimeout(180_000);
  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('segment-list').getByRole('button')).toHaveCount(3);
  // Not downloadable: no Download button for a viewer.
  await expect(page.getByRole('button', { name: 'Download' })).toHaveCount(0);

  // It plays: the time advances and a rung of the ladder is chosen.
  // By keyboard alone: 'k' plays (the player's shortcuts work from anywhere outside text fields).
  await playerReady(page);
  await page.keyboard.press('k');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await page.evaluate(() => document.querySelector('video')?.videoHeight ?? 0)).toBeGreaterThan(0);

  // The storyboard previews on the seek bar. While it plays with the pointer elsewhere the player
  // hides its controls after two idle seconds (how long the polling above took decides whether they
  // are still up), so the pointer goes over the picture first, as a viewer's would.
  const slider = page.locator('[data-media-time-slider], .vds-time-slider').first();
  await expect(async () => {
    const player = (await page.getByTestId('video-player').boundingBox())!;
    await page.mouse.move(player.x + player.width / 2, player.y + player.height / 3);
    await page.mouse.move(player.x + player.width / 2 + 5, player.y + player.height / 3 + 5);
    await expect(slider).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page.locator('.vds-slider-thumbnail img, .vds-thumbnail img').first()).toBeVisible({ timeout: 10_000 });

  // A click on a segment jumps to its start and marks it current.
  await page.getByRole('button', { name: /^Clipping, starts at 0:08/ }).click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('button', { name: /^Clipping, starts at 0:08/ })).toHaveAttribute('aria-current', 'true');
  // 'Add to playlist' offers the segment playing now as the clip.
  await page.getByRole('button', { name: 'Add to playlist' }).click();
  const adding = page.getByRole('dialog', { name: 'Add to playlist' });
  await expect(adding.getByLabel('Start (seconds)')).toHaveValue('8');
  await expect(adding.getByLabel('End (seconds)')).toHaveValue('12');
  await adding.getByRole('button', { name: 'Close' }).first().click();
  await expect(adding).toHaveCount(0);

  // A note at the current position.
  await page.getByRole('button', { name: 'Take Notes' }).click();
  await page.getByTestId('note-input').fill('Critical view of safety: two structures only');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByTestId('note')).toContainText('Critical view of safety: two structures only');

  // Watch later.
  await page.getByRole('button', { name: 'Watch Later' }).click();
  await expect(page.getByRole('button', { name: 'Watch Later' })).toHaveAttribute('aria-pressed', 'true');

  // Back to the middle, then leave: the last report keeps the position for history.
  await page.getByRole('button', { name: /^Dissection of the triangle/ }).click();
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(4.5);
  await page.evaluate(() => document.querySelector('video')?.pause());

  await page.goto('/watch-later');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/history');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(page.getByText(/Watched up to 0:0\d of 0:12/)).toBeVisible();
  await expectNoSeriousViolations(page);

  // Opened without ?t=, the page offers to resume where the viewer stopped: at the middle, where the
  // last report put it. Asked before the note's link below opens the video at the note's time (past
  // 0:08, within five seconds of the end, where nothing is offered): one CI run found no offer after
  // that visit, for a reason not found (that page, kept open 11 s locally, played and reported
  // nothing). A page that played nothing reports nothing, so opening it again until the last
  // report is counted moves no position.
  await expect(async () => {
    await page.goto(`/video/${videoId}`);
    await expect(page.getByTestId('resume')).toHaveText(/Resume at 0:0[1-6]/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expectNoSeriousViolations(page);

  await page.goto('/noted-videos');
  await page.getByRole('searchbox', { name: 'Search my notes' }).fill('structures');
  await expect(page.getByTestId('noted-note')).toContainText('Critical view of safety: two structures only');
  await expectNoSeriousViolations(page);
  // The player starts where the link says: it never fetches the video's first segment (0-6 s).
  const segmentsFetched: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const segment = /segment-\d+\.m4s/.exec(request.url())?.[0];
    if (segment) segmentsFetched.push(segment);
  };
  page.on('request', onRequest);
  await page.getByTestId('noted-note').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/video/${videoId}\\?t=\\d+$`));
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
  page.off('request', onRequest);
  expect(segmentsFetched.length).toBeGreaterThan(0);
  expect(segmentsFetched).not.toContain('segment-00000.m4s');

  // Deleting a note asks first; Cancel keeps it.
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByTestId('note').getByRole('button', { name: 'Delete note' }).click();
  let asking = page.getByRole('dialog', { name: 'Delete this note?' });
  await expect(asking).toContainText(/Your note at 0:\d\d will be deleted/);
  // Checked once the dialog has faded in (half-way, its colours have less contrast).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expectNoSeriousViolations(page);
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toHaveCount(0);
  await expect(page.getByTestId('note')).toHaveCount(1);
  await page.getByTestId('note').getByRole('button', { name: 'Delete note' }).click();
  await asking.getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByTestId('note')).toHaveCount(0);

  // So does clearing the history, which then says what will appear.
  await page.goto('/history');
  await page.getByRole('button', { name: 'Clear all history' }).click();
  asking = page.getByRole('dialog', { name: 'Clear all history?' });
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toHaveCount(0);
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all history' }).click();
  await asking.getByRole('button', { name: 'Clear all history' }).click();
  await expect(page.getByText('No history yet')).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toHaveCount(0);
});

// hls.js starts from the route's loader, before the page renders (its first frame shows in the
// loading state), and the player adopts that <video> and instance when it mounts. The player must
// then know everything the adopted hls.js heard before it listened (a first attempt in another form
// once left the player at 0:00 of 0:00), and nothing may be fetched twice.
test('the player adopts the stream started before the page: one stream, with its duration, type and rungs', async ({ page }) => {
  await createSignedInAccount(page.request);
  await consent(page);
  const masters: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/master.m3u8')) masters.push(request.url());
  });
  await page.goto(`/video/${videoId}`);
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-stream-type', 'on-demand');
  await expect(page.getByTestId('video-player').locator('.vds-time').last()).toHaveText('0:12');
  await playerReady(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Quality/ }).click();
  await expect(page.getByRole('menuitemradio', { name: /Auto/ })).toBeChecked();
  expect(await page.getByRole('menuitemradio').filter({ hasText: /\d+p/ }).count()).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
  expect(masters).toHaveLength(1);
  // One picture on the page: the adopted <video>, which plays.
  expect(await page.evaluate(() => Array.from(document.querySelectorAll('video')).filter((v) => v.checkVisibility()).length)).toBe(1);
  await page.keyboard.press('k');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);

  // A ?t= address for the video already on the page (back and forward, a link within it) runs the
  // route's loader again, but the page and its player stay: no second stream is started for them.
  await page.evaluate((id) => {
    history.pushState(null, '', `/video/${id}?t=3`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, videoId);
  await expect(page).toHaveURL(new RegExp(`/video/${videoId}\\?t=3$`));
  await page.waitForTimeout(3_000);
  expect(masters).toHaveLength(1);
  expect(await page.evaluate(() => Array.from(document.querySelectorAll('video')).filter((v) => v.checkVisibility()).length)).toBe(1);
});

// Chromium plays HLS by itself. The player used to hand it the playlist before hls.js was attached
// (twice: as <source> children of the first render, and when its provider was set up); the browser
// then fetched the first segments a second time, and when it reached 'canplay' before hls.js was
// attached the page stayed a spinner with no controls and no quality menu (it failed CI runs under
// load). Holding hls.js back two seconds makes that ordering certain: the browser must not start a
// load of its own ('media' requests), and the controls and the ladder are there once hls.js arrives.
test('a slow hls.js still gives the full player: the browser never starts the stream on its own', async ({ page }) => {
  await createSignedInAccount(page.request);
  await consent(page);
  await page.route(/\/assets\/hls[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const native: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'media') native.push(request.url());
  });
  await page.goto(`/video/${videoId}`);
  await playerReady(page);
  await expect(page.getByTestId('video-player')).toHaveAttribute('data-stream-type', 'on-demand');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Quality/ }).click();
  await expect(page.getByRole('menuitemradio').filter({ hasText: /\d+p/ }).first()).toBeVisible();
  expect(await page.getByRole('menuitemradio').filter({ hasText: /\d+p/ }).count()).toBeGreaterThan(1);
  expect(native).toEqual([]);
});

test('on a phone the page opens at the player, which loads, a new segment does not move the page, and a tapped one shows the player', async ({ page }) => {
  await createSignedInAccount(page.request);
  await consent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // Starting in the third segment makes the list's current entry change while the page opens.
  await page.goto(`/video/${videoId}?t=9`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await playerReady(page);
  await expect(page.getByTestId('segment-list').locator('[aria-current="true"]')).toContainText('Clipping');
  await expect(page.getByTestId('video-player')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The segment list is a screen below the player: tapping a segment brings the player back into view.
  await page
    .getByTestId('segment-list')
    .getByRole('button', { name: /Dissection of the triangle/ })
    .click();
  await expect(page.getByTestId('video-player')).toBeInViewport({ ratio: 0.9 });
  await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(4);
});

test('the keyboard steps through the video: digits jump to tenths, arrows 5 s, j/l 10 s, comma and period one frame while paused', async ({ page }) => {
  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  await playerReady(page);
  expect(await page.evaluate(() => document.querySelector('video')?.paused)).toBe(true);
  const near = async (seconds: number) => expect.poll(() => currentTime(page)).toBeCloseTo(seconds, 2);

  const duration = await page.evaluate(() => document.querySelector('video')?.duration ?? 0);
  expect(duration).toBeGreaterThan(11);
  // Half of the duration, as the player knows it (the published 12 s or the media's 12.08 s).
  await page.keyboard.press('5');
  await expect.poll(() => currentTime(page)).toBeCloseTo(duration / 2, 1);
  const middle = await currentTime(page);
  await page.keyboard.press('ArrowLeft');
  await near(middle - 5);
  await page.keyboard.press('l');
  await near(middle + 5);
  await page.keyboard.press('j');
  await near(middle - 5);
  await page.keyboard.press('ArrowRight');
  await near(middle);
  // Three keys in quick succession all count. Vidstack hears the element's seeks at most every
  // 150 ms, so its state still held the first key's target when the third asked for that same time,
  // and it dropped the third as "already there" (a flaky 'j' after 'l' in CI).
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await near(middle - 5);
  await page.keyboard.press('ArrowRight');
  await near(middle);
  // One frame (1/25 s) forward twice and back once, still paused.
  await page.keyboard.press('.');
  await near(middle + 0.04);
  await page.keyboard.press('.');
  await near(middle + 0.08);
  await page.keyboard.press(',');
  await near(middle + 0.04);
  expect(await page.evaluate(() => document.querySelector('video')?.paused)).toBe(true);
  // While it plays, comma and period do not move it back.
  await page.keyboard.press('0');
  await near(0);
  await page.keyboard.press('k');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await page.keyboard.press('k');
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.paused)).toBe(true);
  const paused = await currentTime(page);
  await page.keyboard.press('k');
  await page.keyboard.press(',');
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(paused + 0.3);
});

test('a playlist of two clips plays through, moving on at the end of the first', async ({ page }) => {
  test.setTimeout(120_000);
  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  const addClip = async (start: number, end: number, playlist: 'new' | 'existing') => {
    await page.getByRole('button', { name: 'Add to playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    if (playlist === 'new') await dialog.getByLabel('Name').fill('Critical view of safety');
    await dialog.getByLabel('Start (seconds)').fill(String(start));
    await dialog.getByLabel('End (seconds)').fill(String(end));
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText('Added to the playlist.');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  };
  await addClip(9, 11, 'new');
  await addClip(1, 3, 'existing');

  await page.goto('/video-playlist');
  // The check runs on the loaded list, not on its loading state half-way through a fade.
  await expect(page.getByRole('link', { name: 'Critical view of safety' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Critical view of safety' }).click();
  const rows = page.getByTestId('library-item');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Clip 0:09–0:11');
  // Reorder by keyboard alone: the second clip moves up (shown at once, saved in the background;
  // the reload waits for the save, or it could cancel the request).
  const saved = page.waitForResponse((response) => response.url().endsWith('/position') && response.request().method() === 'PUT');
  await page
    .getByRole('button', { name: /Move .* up/ })
    .nth(1)
    .click();
  await expect(rows.first()).toContainText('Clip 0:01–0:03');
  expect((await saved).status()).toBe(204);
  await page.reload();
  await expect(rows.first()).toContainText('Clip 0:01–0:03');
  // A move the server does not save is undone on screen and says so.
  await page.route('**/position', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL"}' }));
  await page
    .getByRole('button', { name: /Move .* up/ })
    .nth(1)
    .click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(rows.first()).toContainText('Clip 0:01–0:03');
  await page.unroute('**/position');

  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(page).toHaveURL(/playlist=.*&item=/);
  const firstItem = new URL(page.url()).searchParams.get('item');
  await expect(page.getByTestId('playlist-playing')).toContainText('Playing item 1');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  // At the clip's end the next item plays, from its own start.
  await expect.poll(() => new URL(page.url()).searchParams.get('item'), { timeout: 20_000 }).not.toBe(firstItem);
  await expect(page.getByTestId('playlist-playing')).toContainText('Playing item 2');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(9);

  // Deleting the playlist asks first, naming it; the videos stay.
  await page.goto('/video-playlist');
  await page.getByRole('link', { name: 'Critical view of safety' }).click();
  await page.getByRole('button', { name: 'Delete playlist' }).click();
  const asking = page.getByRole('dialog', { name: 'Delete this playlist?' });
  await expect(asking).toContainText('“Critical view of safety” will be deleted. The videos in it are not affected.');
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toHaveCount(0);
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete playlist' }).click();
  await asking.getByRole('button', { name: 'Delete playlist' }).click();
  await expect(page).toHaveURL(/\/video-playlist$/);
  await expect(page.getByRole('link', { name: 'Critical view of safety' })).toHaveCount(0);
  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
});

test('download is offered only when allowed: the owner downloads a named MP4', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: providerState });
  const page = await context.newPage();
  await consent(page);
  await page.goto(`/video/${videoId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('Laparoscopic cholecystectomy critical view of safety v1.mp4');
  await context.close();
});

test('a viewer without access sees the message box and can request access', async ({ browser, baseURL, page }) => {
  // The owner makes the video private.
  const owner = await browser.newContext({ baseURL, storageState: providerState });
  const saved = await owner.request.put(`/api/videos/${videoId}/details`, {
    data: { title: TITLE, fileName: 'case.mp4', surgeryTypeId: 1, visibility: 'private', autoConfirm: true },
  });
  expect(saved.status()).toBe(200);
  await owner.close();

  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  const box = page.getByRole('dialog', { name: 'Message' });
  await expect(box).toContainText('you do not have access to this video');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await box.getByRole('button', { name: 'Request access' }).click();
  await expect(box.getByRole('status')).toHaveText('Your request was sent to the owner of this video.');
  await box.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/$/);
});
