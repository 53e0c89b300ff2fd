// /admin/users against a fake API: each account's state is shown, Disable asks first and only then
// calls the API (Cancel changes nothing), a disabled account is enabled at once, and the
// administrator is not offered to disable their own account (issue 48, M6).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@ipsv/contracts/users';
import { json, renderApp, signedInUser, stubApi } from './app-harness';
import { initTestI18n } from './render';

const admin = { ...signedInUser, id: 'admin-1', email: 'chief@hospital.org', role: 'admin' as const };
const person = (id: string, email: string, disabled: boolean, role: AdminUser['role'] = 'provider'): AdminUser => ({
  id,
  email,
  firstName: 'Pat',
  lastName: id,
  role,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  providerRequest: 'none',
  disabled,
});
const LIST = '/api/admin/users?page=1&pageSize=25&pendingOnly=false';

beforeAll(() => initTestI18n());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin users screen', () => {
  it('disables an account only after the confirmation, and enables a disabled one at once', async () => {
    const users = [person('admin-1', admin.email, false, 'admin'), person('u-active', 'active@hospital.org', false), person('u-off', 'off@hospital.org', true)];
    const sent: { url: string; body: unknown }[] = [];
    const toggle = (id: string) => (body: unknown) => {
      sent.push({ url: id, body });
      const user = users.find((u) => u.id === id)!;
      user.disabled = (body as { disabled: boolean }).disabled;
      return json(user);
    };
    stubApi(admin, {
      [LIST]: () => json({ users, total: users.length }),
      'PUT /api/admin/users/u-active/disabled': toggle('u-active'),
      'PUT /api/admin/users/u-off/disabled': toggle('u-off'),
    });
    renderApp('/admin/users');

    const activeRow = (await screen.findByText('active@hospital.org')).closest('tr')!;
    expect(within(activeRow).getByText('Active')).toBeTruthy();
    const offRow = screen.getByText('off@hospital.org').closest('tr')!;
    expect(within(offRow).getByText('Disabled')).toBeTruthy();
    // One's own account offers no Disable.
    const ownRow = screen.getByText(admin.email).closest('tr')!;
    expect(within(ownRow).queryByRole('button', { name: /Disable the account/ })).toBeNull();

    fireEvent.click(within(activeRow).getByRole('button', { name: 'Disable the account of active@hospital.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    expect(within(dialog).getByText(/active@hospital.org is signed out everywhere at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(within(activeRow).getByRole('button', { name: 'Disable the account of active@hospital.org' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable account' }));
    await waitFor(() => expect(sent).toEqual([{ url: 'u-active', body: { disabled: true } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByText('active@hospital.org').closest('tr')!).getByText('Disabled')).toBeTruthy());

    fireEvent.click(within(screen.getByText('off@hospital.org').closest('tr')!).getByRole('button', { name: 'Enable the account of off@hospital.org' }));
    await waitFor(() => expect(sent[1]).toEqual({ url: 'u-off', body: { disabled: false } }));
    await waitFor(() => expect(within(screen.getByText('off@hospital.org').closest('tr')!).getByText('Active')).toBeTruthy());
  });
});
