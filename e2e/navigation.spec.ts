// The signed-in shell on a phone: the header fits 390 px with one language control, and the burger
// opens the main navigation, whose links lead to the pages. On laptop widths no header label is cut.
import { expect, test } from '@playwright/test';
import { createSignedInAccount } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
});

test('at 390 px the header fits and shows one language control', async ({ page }, testInfo) => {
  await createSignedInAccount(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/history', '/upload']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByTestId('app-header');
    // Nothing overflows the header, and its controls are wholly on screen.
    expect(await header.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const box = await header.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    for (const name of [/^Language/, 'Account menu', 'Sign out', 'Open navigation']) {
      await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    // One language control on the page: the header's (the footer has none here).
    await expect(page.getByRole('button', { name: /^Language/ })).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: /^Language/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`header-390${path.replace(/\//g, '-')}.png`) });
  }
});

test('on laptop and desktop widths the header cuts no label, in English and in German', async ({ page }) => {
  await createSignedInAccount(page.request);
  // Labels cut by a squeezed flex row: an element with text whose content is wider than its box.
  const cut = () =>
    page.getByTestId('app-header').evaluate((header) =>
      Array.from(header.querySelectorAll<HTMLElement>('*'))
        .filter((el) => el.textContent && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
        .map((el) => `${el.textContent} (${el.clientWidth} of ${el.scrollWidth} px)`),
    );
  await page.goto('/video-search');
  for (const language of ['en-US', 'de']) {
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    // One load per language, then the window resized as a user would (eight loads outlasted the
    // test's minute on a slow, busy machine): the header follows the width without a reload.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/video-search');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByTestId('header-search-input')).toBeVisible();
      await expect(page.getByTestId('surgery-menu')).toBeVisible();
      // Poll: the layout settles a frame or two after the resize.
      await expect.poll(cut, { message: `${language} at ${width} px` }).toEqual([]);
    }
  }
});

test('on a phone the burger opens the main navigation, and its links lead to the pages', async ({ page }) => {
  await createSignedInAccount(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Popular videos' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'History' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await navigation.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/analytics\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  // The panel closes after the navigation.
  await expect(navigation.getByRole('link', { name: 'History' })).not.toBeInViewport();
});

test("the header's language menu switches the language and is remembered", async ({ page }) => {
  await createSignedInAccount(page.request);
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.getByRole('button', { name: 'Language: English (US)' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('History');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: /: Deutsch$/ })).toBeVisible();
});
