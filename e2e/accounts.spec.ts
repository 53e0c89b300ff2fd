// Account journeys in Chromium against the built product, with mail received by a real SMTP server:
// sign up with the emailed code, accept the terms, sign out and in, reset a forgotten password,
// and turn on two-factor sign-in with an authenticator app.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { codeIn, createSignedInAccount, mailCount, PASSWORD, uniqueEmail, waitForMail } from './support/accounts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('consent')) {
      localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false }));
    }
  });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('sign up with the emailed code, accept the terms, land on the home page; sign out and back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('short');
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
  await expect(page.getByText('Your passwords must match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Given Name').fill('Ada');
  await page.getByLabel('Family Name').fill('Lovelace');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Sign Up' })).toBeVisible();
  await expect(page.getByText('It may take a minute to arrive')).toBeVisible();
  const mail = await waitForMail(email);
  await page.getByLabel('Confirmation Code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The guard sends a user who has not accepted the terms to /terms.
  await expect(page).toHaveURL(/\/terms$/);
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Popular videos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Ada Lovelace');

  await signOut(page);
  await page.goto('/watch-later');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Popular videos' })).toBeVisible();
});

test('a wrong password is refused with the server’s message and the visitor stays on /login', async ({ page }) => {
  const email = await createSignedInAccount(page.request);
  await page.context().clearCookies();
  await signIn(page, email, 'Wrong-Password1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await page.goto('/analytics/security');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password: reset with the emailed code, then sign in with the new password', async ({ page }) => {
  const email = await createSignedInAccount(page.request);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const before = await mailCount(email);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await waitForMail(email, before);
  await page.getByLabel('Confirmation Code').fill(codeIn(mail));
  await page.getByLabel('New Password').fill('Brand-New-Pass9');
  await page.getByLabel('Confirm Password').fill('Brand-New-Pass9');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
  await signIn(page, email, 'Brand-New-Pass9');
  await expect(page).toHaveURL(/\/$/);
});

test('two-factor: set up the authenticator, then sign-in asks for its code and refuses a wrong one', async ({ page, context }) => {
  const email = await createSignedInAccount(page.request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/analytics/security');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([228, 228]);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel('Confirmation Code').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(page.getByTestId('backup-codes')).toBeVisible();

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Confirm Sign In' })).toBeVisible();
  const right = totp.generate();
  await page.getByLabel('Confirmation Code').fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  // The code that confirmed the set-up is refused a second time (replay protection), and the
  // sign-in may fall within its 30-second step: the app then takes the next step's code, as it
  // would from a user who waited for a fresh one.
  await page.getByLabel('Confirmation Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('the security page lists this session and signs out everywhere', async ({ page }) => {
  await createSignedInAccount(page.request);
  await page.goto('/analytics/security');
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/analytics/security');
  await expect(page).toHaveURL(/\/login$/);
});
