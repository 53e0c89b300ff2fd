// Cookie consent journeys (spec sections 2, 3, 4, 9) and the consent-gated page-view log.
import { expect, test, type Page } from '@playwright/test';

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('consent') ?? 'null'));

test('the first dialog appears bottom right at 25rem; Reject stores necessary only and survives a reload', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByTestId('cookie-consent');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Cookie Consent')).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.width)).toBe(400);
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);

  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  expect(await stored(page)).toEqual({ necessary: true, performance: false, advertising: false });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('cookie-consent')).toBeHidden();
});

test('Accept stores every category', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Accept' }).click();
  expect(await stored(page)).toEqual({ necessary: true, performance: true, advertising: true });
});

test('Manage Preferences saves the chosen switches, and the footer link reopens them', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Manage Preferences' }).click();
  const preferences = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(preferences).toBeVisible();
  expect(Math.round((await page.locator('.mantine-Modal-content').boundingBox())!.width)).toBe(800);
  const necessary = preferences.getByRole('switch', { name: 'Strictly necessary cookies' });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();
  await preferences.getByRole('button', { name: 'Performance and analytics cookies' }).click();
  await expect(preferences.getByText('These cookies tell us how the site performs')).toBeVisible();
  // By keyboard: a click can land while the accordion panel still animates open.
  const performance = preferences.getByRole('switch', { name: 'Performance and analytics cookies' });
  await performance.focus();
  await page.keyboard.press('Space');
  await expect(performance).toBeChecked();
  await preferences.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(preferences).toBeHidden();
  expect(await stored(page)).toEqual({ necessary: true, performance: true, advertising: false });

  await page.reload();
  await expect(page.getByTestId('cookie-consent')).toBeHidden();
  await page.getByTestId('footer-cookie-preferences').click();
  const reopened = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(reopened.getByRole('switch', { name: 'Performance and analytics cookies' })).toBeChecked();
  await expect(reopened.getByRole('switch', { name: 'Advertisement and targeting cookies' })).not.toBeChecked();
  await reopened.getByRole('button', { name: 'Reject' }).click();
  expect(await stored(page)).toEqual({ necessary: true, performance: false, advertising: false });
});

test('page views are sent after each navigation only with advertising consent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/page-views') && request.method() === 'POST') sent.push(JSON.parse(request.postData() ?? '{}').path);
  });

  await page.goto('/terms');
  await page.getByTestId('cookie-consent').getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('link', { name: 'Privacy' }).click();
  await page.goto('/watch-later');
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);

  await page.getByTestId('footer-cookie-preferences').click();
  await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Accept' }).click();
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/page-views') && r.status() === 204);
  await page.getByRole('link', { name: 'Terms of use' }).click();
  await recorded;
  await page.goto('/login?from=e2e');
  await expect.poll(() => sent).toEqual(['/terms', '/login?from=e2e']);
});
