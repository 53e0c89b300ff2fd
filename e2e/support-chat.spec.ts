// The support chat between two browsers: a visitor who is not signed in writes from /login, a
// support person answers from /support. Messages go both ways live, with the typing indicator,
// the unread badges, safe links and Online/Offline as the support person comes and goes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAccountWithRole, signInAsAdmin } from './support/accounts';

async function noSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('a visitor on /login and a support person on /support talk to each other live', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  await signInAsAdmin(adminContext.request);
  const supportContext = await browser.newContext();
  await createAccountWithRole(supportContext.request, adminContext.request, 'support');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // Nobody of the support team is online yet.
  await visitor.goto('/login');
  await visitor.getByRole('button', { name: 'Reject' }).click();
  await visitor.getByRole('button', { name: 'Open the support chat' }).click();
  const widget = visitor.getByRole('dialog', { name: 'Chat Support' });
  await expect(widget.getByText('Hi! How can we help you today?')).toBeVisible();
  const box = widget.getByPlaceholder('Type your message...');
  const send = widget.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  // Shift+Enter is a new line, Enter sends.
  await box.fill('Hello, I cannot sign in.');
  await box.press('Shift+Enter');
  await box.pressSequentially('My email is ada@hospital.org');
  await box.press('Enter');
  await expect(widget.getByTestId('chat-message').filter({ hasText: 'My email is ada@hospital.org' })).toBeVisible();
  await expect(box).toHaveValue('');
  // Offline once no one of the support team has /support open: the page sweep beside this journey
  // opens it for a few seconds as an administrator.
  await expect(widget.getByTestId('chat-status')).toHaveText('Offline', { timeout: 30_000 });

  // The support person opens the console: the visitor sees Online at once.
  const support = await supportContext.newPage();
  await support.goto('/support');
  await support.getByRole('button', { name: 'Reject' }).click();
  await expect(widget.getByTestId('chat-status')).toHaveText('Online');
  const row = support.getByTestId('support-conversation').filter({ hasText: 'My email is ada@hospital.org' });
  await expect(row.getByText('1', { exact: true })).toBeVisible();
  await row.click();
  await expect(support.getByTestId('support-context')).toContainText('Not signed in');
  await expect(support.getByTestId('support-context')).toContainText('on /login');
  await expect(support.getByTestId('support-message').filter({ hasText: 'Hello, I cannot sign in.' })).toBeVisible();

  // Typing shows on the other side; the reply arrives live.
  const reply = support.getByPlaceholder('Write a reply...');
  await reply.pressSequentially('Let me look');
  await expect(widget.getByTestId('chat-typing')).toHaveText('Support is typing...');
  await reply.fill('Please reset your password at https://example.org/reset');
  await reply.press('Enter');
  const answer = widget.getByTestId('chat-message').filter({ hasText: 'Please reset your password' });
  await expect(answer).toBeVisible();
  await expect(widget.getByTestId('chat-typing')).toHaveCount(0);
  // Links become safe links, never markup.
  const link = answer.getByRole('link', { name: 'https://example.org/reset' });
  await expect(link).toHaveAttribute('href', 'https://example.org/reset');
  await expect(link).toHaveAttribute('rel', /noopener/);

  await box.pressSequentially('Thank you');
  await expect(support.getByTestId('support-visitor-typing')).toBeVisible();
  await box.press('Enter');
  await expect(support.getByTestId('support-message').filter({ hasText: 'Thank you' })).toBeVisible();

  // With the window closed, a reply shows as an unread badge; opening the window clears it.
  await widget.getByRole('button', { name: 'Close the support chat' }).click();
  await reply.fill('Anything else?');
  await reply.press('Enter');
  await expect(visitor.getByRole('button', { name: 'Open the support chat, 1 new message' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Open the support chat, 1 new message' }).click();
  await expect(widget.getByText('Anything else?')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Close the support chat' }).last()).toBeVisible();
  await noSeriousViolations(visitor, '[data-testid="chat-window"]');
  await noSeriousViolations(support);

  // The support person leaves: Offline.
  await support.close();
  await expect(widget.getByTestId('chat-status')).toHaveText('Offline', { timeout: 15_000 });

  // The conversation is stored on the server: a reload keeps it.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Open the support chat' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Chat Support' }).getByText('Anything else?')).toBeVisible();

  await Promise.all([adminContext.close(), supportContext.close(), visitorContext.close()]);
});

test('the notification list and email choices are usable and accessible', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await page.context().browser()!.newContext();
  await signInAsAdmin(admin.request);
  await createAccountWithRole(page.request, admin.request, 'provider');
  await admin.close();
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('You have no notifications.')).toBeVisible();
  await noSeriousViolations(page);

  await page.getByRole('link', { name: 'Email choices' }).click();
  await expect(page).toHaveURL(/\/analytics\/notification$/);
  const row = page.getByRole('row', { name: /A video is ready for my privacy review/ });
  await expect(row.getByRole('radio', { name: 'At once' })).toBeChecked();
  await row.getByText('Off', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your email choices are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /A video is ready for my privacy review/ }).getByRole('radio', { name: 'Off' })).toBeChecked();
  await noSeriousViolations(page);
});
