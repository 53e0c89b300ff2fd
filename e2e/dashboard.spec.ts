// The provider's dashboard in Chromium: a viewer without access requests it and the provider
// grants it in /analytics/whitelist, after which the viewer watches; the Editor tab opens the editor
// hub and its segment editor; the content table changes visibility; analytics show the views this
// journey made (chart drawn, CSV exported); feedback is sent and answered by an administrator.
// axe-core finds no serious or critical violation on each page of the dashboard.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createSignedInAccount, signInAsAdmin, uniqueEmail } from './support/accounts';
import { createProvider, publishVideo } from './support/videos';
import { expectNoSeriousViolations } from './support/axe';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Sigmoid resection, medial to lateral';
let videoId = '';
let providerState: Awaited<ReturnType<Awaited<ReturnType<Page['context']>>['storageState']>>;
const viewerEmail = uniqueEmail('viewer');

const consent = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  const context = await browser.newContext({ baseURL });
  await createProvider(context.request, baseURL!);
  videoId = await publishVideo(context.request, {
    title: TITLE,
    seconds: 10,
    visibility: 'private',
    segments: [
      { start: 0, end: 5, title: 'Mobilisation', category: 'dissection' },
      { start: 5, end: 10, title: 'Anastomosis', category: 'reconstruction' },
    ],
  });
  providerState = await context.storageState();
  await context.close();
});

test('a viewer asks for access, the provider grants it in /analytics/whitelist, and the viewer watches', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000);
  await createSignedInAccount(page.request, viewerEmail);
  await consent(page);
  await page.goto(`/video/${videoId}`);
  const box = page.getByRole('dialog', { name: 'Message' });
  await expect(box).toContainText('you do not have access to this video');
  await box.getByRole('button', { name: 'Request access' }).click();
  await expect(box.getByRole('status')).toBeVisible();

  const owner = await browser.newContext({ baseURL, storageState: providerState });
  const ownerPage = await owner.newPage();
  await consent(ownerPage);
  await ownerPage.goto('/analytics/whitelist');
  await expect(ownerPage.getByRole('heading', { level: 2, name: 'Access requests' })).toBeVisible();
  const row = ownerPage.locator('tr').filter({ hasText: viewerEmail });
  await expect(row).toContainText(TITLE);
  await expectNoSeriousViolations(ownerPage);
  await row.getByRole('button', { name: 'Grant' }).click();
  await expect(row.getByText('Granted')).toBeVisible();
  // The video became whitelisted with the viewer let in.
  await expect(ownerPage.getByRole('region', { name: TITLE }).getByText(viewerEmail)).toBeVisible();
  await owner.close();

  await page.goto(`/video/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // A playback the analytics will count.
  const report = await page.request.post(`/api/videos/${videoId}/playback-sessions/${randomUUID()}`, { data: { seq: 0, position: 7, ranges: [[0, 7]] } });
  expect(report.status()).toBe(204);
});

test('the Editor tab opens the editor hub, which opens the segment editor of the video', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: providerState });
  const page = await context.newPage();
  await consent(page);
  await page.goto('/upload');
  await page.getByRole('navigation', { name: 'Provider sections' }).getByRole('link', { name: 'Editor' }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Editor' })).toBeVisible();
  const item = page.getByRole('list', { name: 'My videos and their editors' }).getByRole('listitem').filter({ hasText: TITLE });
  await expect(item.getByText('Published')).toBeVisible();
  await expectNoSeriousViolations(page);
  await item.getByRole('link', { name: `Segments of ${TITLE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-segments/${videoId}$`));
  await expect(page.getByRole('button', { name: 'AI Analysis' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await context.close();
});

test('the content table shows the video with its view and changes its visibility', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: providerState });
  const page = await context.newPage();
  await consent(page);
  await page.goto('/analytics/content');
  const row = page.locator('tr').filter({ hasText: TITLE });
  await expect(row.getByRole('cell', { name: '1', exact: true }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await row.getByRole('checkbox', { name: `Select ${TITLE}` }).check();
  const bulk = page.getByRole('group', { name: 'Change the selected videos' });
  await bulk.getByRole('textbox', { name: 'New visibility' }).click();
  await page.getByRole('option', { name: 'All signed-in users' }).click();
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await expect(row.getByRole('textbox', { name: `Who can watch ${TITLE}` })).toHaveValue('All signed-in users');
  const video = await (await context.request.get(`/api/videos/${videoId}`)).json();
  expect(video.details.visibility).toBe('signed_in');
  await context.close();
});

test('analytics show the views of this journey, with a chart and a CSV export', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: providerState });
  const page = await context.newPage();
  await consent(page);
  await page.goto(`/analytics/analytics?video=${videoId}`);
  const totals = page.getByRole('group', { name: 'Totals for the period' });
  await expect(totals).toContainText('Views1');
  await expect(totals).toContainText('Unique viewers1');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Most-watched segments' }).getByRole('row').nth(1)).toContainText('Mobilisation');
  await expectNoSeriousViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-.*\.csv$/);
  await context.close();
});

test('feedback is sent, answered by an administrator at /admin/feedback, and the sender sees the answer', async ({ browser, baseURL, page }) => {
  test.setTimeout(90_000);
  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto('/analytics/sendfeedback');
  const message = `The retention chart is very useful ${randomUUID().slice(0, 6)}`;
  await page.getByRole('textbox', { name: /Message/ }).fill(message);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you. Your feedback was sent.')).toBeVisible();
  await expectNoSeriousViolations(page);

  const admin = await browser.newContext({ baseURL });
  await signInAsAdmin(admin.request);
  const adminPage = await admin.newPage();
  await consent(adminPage);
  await adminPage.goto('/admin/feedback');
  const item = adminPage.getByRole('listitem').filter({ hasText: message });
  await expect(item).toBeVisible();
  await expectNoSeriousViolations(adminPage);
  await item.getByRole('textbox', { name: 'Your answer' }).fill('Thank you, more charts are coming.');
  await item.getByRole('button', { name: 'Send answer' }).click();
  await expect(item).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByRole('list', { name: 'My feedback' }).getByText('Thank you, more charts are coming.')).toBeVisible();
});

test('/about and /readme are real pages without serious accessibility problems', async ({ page }) => {
  await createSignedInAccount(page.request);
  await consent(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 2, name: 'How de-identification works' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Read me' }).first().click();
  await expect(page).toHaveURL(/\/readme$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Upload rules' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
