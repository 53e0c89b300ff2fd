// A viewer finds published videos: from the landing grid, from the header's surgery menu, by
// typing with a typo; filters and sorts change the results and the URL keeps them across a reload
// and the back button; a result opens the video page; a video taken down while the list was open
// answers with the spec's message box. Two videos are published for real (tus upload, details,
// privacy analysis, render) by the administrator of the test server.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TERMS_VERSION } from '@ipsv/contracts/users';
import { createSignedInAccount, signInAsAdmin } from './support/accounts';

const INSIDE = "cellauto=s=1280x720:rate=25:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";
// A made-up word in both titles, so other journeys' videos never get in the way.
const TOKEN = `zq${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
const CHOLE_TITLE = `Laparoscopic cholecystectomy ${TOKEN}`;
const HERNIA_TITLE = `Inguinal hernia repair ${TOKEN}`;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const ids = { chole: '', hernia: '', admin: '' };
let admin: APIRequestContext;

/** The test server's administrator (another journey may have created the account already). */
async function signInAdmin(request: APIRequestContext) {
  await signInAsAdmin(request);
  await request.post('/api/profile/terms', { data: { version: TERMS_VERSION } });
  ids.admin = ((await (await request.get('/api/profile')).json()) as { id: string }).id;
}

async function waitFor(request: APIRequestContext, id: string, statuses: string[]): Promise<{ status: string; failureReason: string | null }> {
  const until = Date.now() + 240_000;
  for (;;) {
    const video = (await (await request.get(`/api/videos/${id}`)).json()) as { status: string; failureReason: string | null };
    if (statuses.includes(video.status)) return video;
    if (video.status === 'failed' || video.status === 'rejected' || Date.now() > until)
      throw new Error(`video ${id} is ${video.status}: ${video.failureReason ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Uploads `file` over tus, fills the details and waits until the video is published. */
async function publish(request: APIRequestContext, file: string, details: Record<string, unknown>): Promise<string> {
  const bytes = readFileSync(file);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await request.post('/api/uploads', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(path.basename(file))},filetype ${b64('video/mp4')},privacyAnswer ${b64('no')}`,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = created.headers().location!.split('/').pop()!;
  const patched = await request.patch(`/api/uploads/${id}`, {
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  await waitFor(request, id, ['awaiting_details']);
  const saved = await request.put(`/api/videos/${id}/details`, {
    data: { fileName: path.basename(file), visibility: 'signed_in', autoConfirm: true, ...details },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const reviewed = await waitFor(request, id, ['review', 'rendering', 'published']);
  if (reviewed.status === 'review') {
    const review = (await (await request.get(`/api/videos/${id}/review`)).json()) as { proposed: unknown[] };
    expect((await request.put(`/api/videos/${id}/review`, { data: { ranges: review.proposed } })).status()).toBe(200);
  }
  await waitFor(request, id, ['published']);
  return id;
}

async function signedInViewer(page: Page) {
  await createSignedInAccount(page.request);
  await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
}

const results = (page: Page) => page.getByTestId('search-result');

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(600_000);
  // The clip first: a slow encode on a busy machine outlasts the server's keep-alive, and the next
  // request would go out on a socket the server has just closed.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-e2e-discovery-'));
  const clip = path.join(dir, 'case.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    INSIDE,
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    clip,
  ]);
  admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  await signInAdmin(admin);
  ids.chole = await publish(admin, clip, {
    title: CHOLE_TITLE,
    surgeryTypeId: 1,
    patientGender: 'female',
    description: { procedure: 'Cholecystectomy', technique: 'four-port' },
  });
  ids.hernia = await publish(admin, clip, {
    title: HERNIA_TITLE,
    surgeryTypeId: 5,
    patientGender: 'male',
    description: { procedure: 'Hernia repair', technique: 'totally extraperitoneal' },
  });
});

test.afterAll(async () => {
  await admin?.delete(`/api/admin/videos/${ids.hernia}/take-down`);
  await admin?.dispose();
});

test('a viewer finds a published video in the landing grid and opens it', async ({ page }) => {
  await signedInViewer(page);
  await page.goto('/');
  await page.getByTestId('landing-strip').getByText('New', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'New' })).toBeChecked();
  const card = page.getByTestId('video-card').filter({ hasText: CHOLE_TITLE });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Ada Lovelace');
  // The duration on the picture is whole, not cut to '0…' by the thumbnail's layout.
  const duration = card.getByTestId('video-duration');
  await expect(duration).toHaveText(/^\d+:\d\d$/);
  expect(
    await duration.evaluate((badge) =>
      Array.from(badge.querySelectorAll('*'))
        .concat(badge)
        .some((el) => el.scrollWidth > el.clientWidth + 1),
    ),
  ).toBe(false);
  await card.getByRole('link', { name: CHOLE_TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${ids.chole}$`));
});

test('the header surgery menu opens the search for that type', async ({ page }) => {
  await signedInViewer(page);
  await page.goto('/');
  await page.getByTestId('surgery-menu').click();
  await page.getByRole('menuitem', { name: 'Cholecystectomy' }).click();
  await expect(page).toHaveURL(/\/video-search\?surgeryType=1$/);
  await expect(results(page).filter({ hasText: CHOLE_TITLE })).toBeVisible();
  await expect(results(page).filter({ hasText: HERNIA_TITLE })).toHaveCount(0);
});

test('typing with a typo in the header finds the video', async ({ page }) => {
  await signedInViewer(page);
  await page.goto('/');
  // The landing page reset the search values to Cholecystectomy and empty text (spec section 2).
  await expect(page.getByTestId('header-search-input')).toHaveValue('');
  await page.getByTestId('header-search-input').fill(`colecystectomy ${TOKEN}`);
  await page.getByTestId('header-search-input').press('Enter');
  await expect(page).toHaveURL(/\/video-search\?q=colecystectomy/);
  await expect(page).toHaveURL(/surgeryType=1/);
  await expect(results(page).filter({ hasText: CHOLE_TITLE })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('Videos found: 1');
});

test('filters and sort change the results, the URL keeps them across reload and back', async ({ page }) => {
  await signedInViewer(page);
  await page.goto(`/video-search?q=${TOKEN}`);
  await expect(results(page)).toHaveCount(2);
  // Relevance first; then the oldest upload first.
  await page.getByTestId('sort-select').click();
  await page.getByRole('option', { name: 'Dated added (oldest)' }).click();
  await expect(page).toHaveURL(/sort=DATE_ADDED_OLD/);
  await expect(results(page).first()).toContainText(CHOLE_TITLE);
  await page.getByTestId('sort-select').click();
  await page.getByRole('option', { name: 'Dated added (newest)' }).click();
  await expect(results(page).first()).toContainText(HERNIA_TITLE);

  // The facet shows how many a value gives; checking it narrows the list.
  const male = page.getByRole('checkbox', { name: /^Male \(1\)$/ });
  await male.click();
  await expect(page).toHaveURL(/gender=male/);
  await expect(male).toBeChecked();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first()).toContainText(HERNIA_TITLE);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Male/ })).toBeChecked();
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first()).toContainText(HERNIA_TITLE);
  await expect(page.getByTestId('search-page-input')).toHaveValue(TOKEN);

  await page.goBack();
  await expect(page.getByRole('checkbox', { name: /^Male/ })).not.toBeChecked();
  await expect(results(page)).toHaveCount(2);
});

test('on a phone the landing strip is one row, the results come right after the search box, and the filters open from a button', async ({ page }) => {
  await signedInViewer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The landing's strip is one row that scrolls sideways (wrapped, it took five rows).
  await page.goto('/');
  const strip = page.getByTestId('landing-strip');
  await expect(strip.getByText('Popular')).toBeVisible();
  expect((await strip.boundingBox())!.height).toBeLessThan(50);
  await strip.getByText('Orthopaedic').click();
  await expect(strip.getByRole('radio', { name: 'Orthopaedic' })).toBeChecked();
  await page.goto(`/video-search?q=${TOKEN}`);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).first()).toBeInViewport();
  const male = page.getByRole('checkbox', { name: /^Male \(1\)$/ });
  await expect(male).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  await male.click();
  await expect(page).toHaveURL(/gender=male/);
  await expect(results(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
});

test('clicking a result opens the video page, at the matching segment when there is one', async ({ page }) => {
  await signedInViewer(page);
  await page.goto(`/video-search?q=${TOKEN}%20hernia`);
  await results(page).filter({ hasText: HERNIA_TITLE }).getByRole('link', { name: HERNIA_TITLE }).last().click();
  await expect(page).toHaveURL(new RegExp(`/video/${ids.hernia}$`));
});

test('a video taken down while the list is open answers with the message box', async ({ page }) => {
  await signedInViewer(page);
  await page.goto(`/video-search?q=${TOKEN}`);
  await expect(results(page)).toHaveCount(2);
  expect((await admin.put(`/api/admin/videos/${ids.hernia}/take-down`, { data: { reason: 'Reported: a face is visible' } })).status()).toBe(200);
  await results(page).filter({ hasText: HERNIA_TITLE }).getByRole('link', { name: HERNIA_TITLE }).last().click();
  const box = page.getByRole('dialog', { name: 'Message' });
  await expect(box).toContainText('you do not have access to this video');
  await box.getByRole('button', { name: 'Ok' }).click();
  await expect(box).toBeHidden();
  await expect(page).toHaveURL(/\/video-search/);
  // A fresh search no longer lists it.
  await page.reload();
  await expect(results(page)).toHaveCount(1);
  expect((await admin.delete(`/api/admin/videos/${ids.hernia}/take-down`)).status()).toBe(200);
});

test('the provider page shows the provider and their videos', async ({ page }) => {
  await signedInViewer(page);
  await page.goto(`/user/${ids.admin}`);
  await expect(page.getByTestId('provider-profile')).toBeVisible();
  await expect(page.getByTestId('video-card').filter({ hasText: CHOLE_TITLE })).toBeVisible();
});

for (const target of ['/', '/video-search?q=', '/user/']) {
  test(`${target} passes axe-core with results shown`, async ({ page }) => {
    await signedInViewer(page);
    const url = target === '/video-search?q=' ? `${target}${TOKEN}` : target === '/user/' ? `${target}${ids.admin}` : target;
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId(target === '/video-search?q=' ? 'search-result' : 'video-card').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
