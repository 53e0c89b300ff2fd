// Every page each role may use opens without a script error, an error in the console or a failed
// request, and with no serious or critical accessibility violation (axe-core): a provider (with a
// published video, its pages and its owner's pages), a viewer and an administrator each visit the
// pages of the route table that are theirs (the viewer and the administrator on a laptop and on a
// phone).
import { expect, test, type Page } from '@playwright/test';
import { createAccountWithRole, createSignedInAccount, signInAsAdmin } from './support/accounts';
import { seriousViolations } from './support/axe';
import { createProvider, publishVideo } from './support/videos';

/** What went wrong while `visit` ran: page errors, console errors and failed or refused requests. */
async function problemsDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const onError = (error: Error) => problems.push(`script error: ${error.message}`);
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  };
  const onResponse = (response: { status(): number; url(): string; request(): { method(): string } }) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  };
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
    // A navigation away cancels what the last page still had in flight: not the page's fault.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed ${new URL(request.url()).pathname}: ${request.failure()?.errorText}`);
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await visit();
  } finally {
    page.off('pageerror', onError);
    page.off('console', onConsole);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
  return problems;
}

/**
 * Opens each path, waits for its heading and for the network to settle, checks it with axe-core,
 * and returns what went wrong, by path.
 */
async function sweep(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const violations: string[] = [];
    const problems = await problemsDuring(page, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await page.waitForLoadState('networkidle');
      violations.push(...(await seriousViolations(page)).map((violation) => `axe: ${violation}`));
    });
    if (problems.length || violations.length) found[path] = [...problems, ...violations];
  }
  return found;
}

const COMMON = ['/', '/video-search', '/watch-later', '/history', '/noted-videos', '/video-playlist', '/notifications', '/licences'];
const ACCOUNT = ['/analytics', '/analytics/pi', '/analytics/security', '/analytics/notification', '/analytics/sendfeedback', '/about', '/readme'];

test.beforeEach(async ({ page }) => {
  // A page takes a few seconds here (its network settling, then axe-core), more under CI's load;
  // each role visits 15 to 26 pages, the viewer and the administrator twice.
  test.setTimeout(540_000);
  await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
});

test('a provider opens every page of theirs without an error or an accessibility violation', async ({ page, baseURL }) => {
  await createProvider(page.request, baseURL!);
  const videoId = await publishVideo(page.request, { title: 'Page sweep cholecystectomy', seconds: 6, segments: [{ start: 0, end: 3, title: 'Dissection' }] });
  const { id: userId } = (await (await page.request.get('/api/profile')).json()) as { id: string };
  const paths = [
    ...COMMON,
    ...ACCOUNT,
    `/video/${videoId}`,
    `/user/${userId}`,
    '/upload',
    '/progress',
    '/editor',
    '/analytics/content',
    '/analytics/analytics',
    '/analytics/whitelist',
    '/analytics/versioncontrol',
    `/edit-video/${videoId}`,
    `/edit-segments/${videoId}`,
  ];
  expect(await sweep(page, paths)).toEqual({});
});

test('a viewer opens every page of theirs without an error or an accessibility violation, on a laptop and on a phone', async ({ page }) => {
  await createSignedInAccount(page.request);
  expect(await sweep(page, [...COMMON, ...ACCOUNT])).toEqual({});
  // On a phone wide tables scroll in their container, which must then take the keyboard's focus
  // (axe-core's scrollable-region-focusable failed on /analytics/security).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sweep(page, [...COMMON, ...ACCOUNT])).toEqual({});
});

test('an administrator opens every page of theirs without an error or an accessibility violation, on a laptop and on a phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAsAdmin(admin);
  await createAccountWithRole(page.request, admin, 'admin');
  await admin.dispose();
  const paths = [...COMMON, '/admin/users', '/admin/feedback', '/admin/curation'];
  expect(await sweep(page, [...paths, '/support'])).toEqual({});
  // Not /support a second time: while it is open the support team shows as online to every
  // visitor, and the support chat journey, running beside this one, starts by expecting Offline.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sweep(page, paths)).toEqual({});
});
