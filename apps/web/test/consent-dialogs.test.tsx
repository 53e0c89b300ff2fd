// The consent dialogs against spec section 4: defaults, Reject, Accept, Save Preferences, the
// disabled necessary switch, and reopening.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsentDialogs } from '../src/features/consent/components/consent-dialogs';
import { ConsentProvider, useConsent } from '../src/features/consent/consent-context';
import { renderWithProviders } from './render';

function ReopenButton() {
  const { openPreferences } = useConsent();
  return <button onClick={openPreferences}>reopen</button>;
}

async function renderDialogs() {
  const user = userEvent.setup();
  await renderWithProviders(
    <ConsentProvider>
      <ConsentDialogs />
      <ReopenButton />
    </ConsentProvider>,
  );
  return user;
}

const stored = () => JSON.parse(window.localStorage.getItem('consent') ?? 'null');

describe('cookie consent', () => {
  it('shows the first dialog on a first visit, and Reject stores necessary only', async () => {
    const user = await renderDialogs();
    expect(await screen.findByText('Cookie Consent')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(stored()).toEqual({ necessary: true, performance: false, advertising: false });
    await waitFor(() => expect(screen.queryByText('Cookie Consent')).toBeNull());
  });

  it('Accept stores everything true', async () => {
    const user = await renderDialogs();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(stored()).toEqual({ necessary: true, performance: true, advertising: true });
  });

  it('stays closed when a choice is already stored', async () => {
    window.localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: true }));
    await renderDialogs();
    expect(screen.queryByText('Cookie Consent')).toBeNull();
  });

  it('Manage Preferences: necessary is on and cannot be switched off; Save stores the switches', async () => {
    const user = await renderDialogs();
    await user.click(await screen.findByRole('button', { name: 'Manage Preferences' }));
    expect(await screen.findByText('Cookie Preferences')).toBeTruthy();
    const necessary = screen.getByRole('switch', { name: 'Strictly necessary cookies' }) as HTMLInputElement;
    const performance = screen.getByRole('switch', { name: 'Performance and analytics cookies' }) as HTMLInputElement;
    const advertising = screen.getByRole('switch', { name: 'Advertisement and targeting cookies' }) as HTMLInputElement;
    expect([necessary.checked, necessary.disabled, performance.checked, advertising.checked]).toEqual([true, true, false, false]);

    await user.click(necessary);
    expect(necessary.checked).toBe(true);
    await user.click(advertising);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual({ necessary: true, performance: false, advertising: true });
  });

  it('reopens with the stored choice', async () => {
    window.localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: true, advertising: false }));
    const user = await renderDialogs();
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    const performance = (await screen.findByRole('switch', { name: 'Performance and analytics cookies' })) as HTMLInputElement;
    expect(performance.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(stored()).toEqual({ necessary: true, performance: false, advertising: false });
  });
});
