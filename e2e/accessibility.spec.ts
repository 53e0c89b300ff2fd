// Pages a visitor can reach have no serious or critical accessibility violations (axe-core).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createSignedInAccount } from './support/accounts';

for (const path of ['/login', '/terms', '/no/such/page']) {
  test(`${path} passes axe-core`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // with the consent dialog open, as a first visit shows it
    await expect(page.getByTestId('cookie-consent')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

// The signed-in layouts (landing, home, upload) and the account pages, with a real account.
for (const path of ['/', '/watch-later', '/upload', '/analytics/security', '/analytics/pi']) {
  test(`${path} (signed in) passes axe-core`, async ({ page }) => {
    await createSignedInAccount(page.request);
    await page.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
