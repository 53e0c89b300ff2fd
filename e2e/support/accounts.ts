// Helpers for journeys that need accounts: read mail that the SMTP sink received, and create a
// confirmed account with accepted terms through the API (the browser journeys do it by hand).
import { mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { TERMS_VERSION } from '@ipsv/contracts/users';

export const PASSWORD = 'Correct-Horse7';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  at: number;
}

async function mailsTo(to: string): Promise<Mail[]> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Mail));
  return mails.filter((mail) => mail.to === to.toLowerCase()).sort((a, b) => a.at - b.at);
}

export async function mailCount(to: string): Promise<number> {
  return (await mailsTo(to)).length;
}

/** Waits for mail number `index` (0-based) to this address. */
export async function waitForMail(to: string, index = 0, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(to))[index];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`mail ${index} to ${to} did not arrive`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function codeIn(mail: Mail): string {
  const code = /^\s+([0-9]{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e-hospital.org`;

/** A confirmed, signed-in account that accepted the terms; cookies land in the request's context. */
export async function createSignedInAccount(request: APIRequestContext, email = uniqueEmail('user')) {
  const before = await mailCount(email);
  const signUp = await request.post('/api/auth/sign-up', { data: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' } });
  if (signUp.status() !== 204) throw new Error(`sign-up failed: ${await signUp.text()}`);
  const code = codeIn(await waitForMail(email, before));
  const confirm = await request.post('/api/auth/confirm-sign-up', { data: { email, code } });
  if (!confirm.ok()) throw new Error(`confirm failed: ${await confirm.text()}`);
  const accept = await request.post('/api/profile/terms', { data: { version: TERMS_VERSION } });
  if (!accept.ok()) throw new Error(`accepting terms failed: ${await accept.text()}`);
  return email;
}

export const ADMIN_EMAIL = 'admin@e2e-hospital.org';

/**
 * Signs the request's context in as the test server's administrator (ADMIN_EMAIL), creating the
 * account on first use. Journeys run in parallel workers: a lock directory next to the mail makes
 * the first one create it while the others wait, then sign in.
 */
export async function signInAsAdmin(request: APIRequestContext): Promise<string> {
  const lock = path.join(process.env.E2E_MAIL_DIR ?? '', '..', `${path.basename(process.env.E2E_MAIL_DIR ?? 'mail')}.admin-lock`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('the administrator account lock was never released');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const signIn = await request.post('/api/auth/sign-in', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
    if (!signIn.ok()) await createSignedInAccount(request, ADMIN_EMAIL);
  } finally {
    await rmdir(lock);
  }
  return ADMIN_EMAIL;
}

/** A new signed-in account given `role` by the administrator (through the admin API). */
export async function createAccountWithRole(
  request: APIRequestContext,
  admin: APIRequestContext,
  role: 'support' | 'provider' | 'admin',
  email = uniqueEmail(role),
) {
  await createSignedInAccount(request, email);
  const { id } = (await (await request.get('/api/profile')).json()) as { id: string };
  const changed = await admin.put(`/api/admin/users/${id}/role`, { data: { role } });
  if (!changed.ok()) throw new Error(`role change failed: ${await changed.text()}`);
  return email;
}
