// The login page's screens as a user meets them: live password rules, the confirm-password rule,
// a disabled submit while anything is wrong, server messages in an alert, and the step changes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/routes/login-page';
import { refusal } from './refusal';
import { renderWithProviders } from './render';

// These journeys type whole forms key by key (about 10 s each on an idle 2-core machine); on a
// loaded runner they need more than the project's 20 s.
vi.setConfig({ testTimeout: 60_000 });

type Reply = { status: number; body?: unknown };
function stubApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const route = routes[url];
      const reply = typeof route === 'function' ? route(body) : (route ?? refusal('ENDPOINT_NOT_FOUND', { method: init?.method ?? 'GET', path: url }));
      return reply.status === 204
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const providers = { '/api/auth/providers': { status: 200, body: { providers: [] } } };
const assign = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

async function openSignUp() {
  await renderWithProviders(<LoginPage />);
  await userEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
  return screen.getByRole('button', { name: 'Create Account' });
}

describe('create account', () => {
  it('lists each unmet password rule while typing and keeps submit disabled until the form is right', async () => {
    stubApi(providers);
    const submit = await openSignUp();
    expect(screen.getByRole('heading', { name: 'Create a new account' })).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    await userEvent.type(password, 'abc');
    const rules = screen.getByTestId('password-rules');
    expect(rules.textContent).toContain('Password must have at least 8 characters');
    expect(rules.textContent).toContain('Password must have upper case letters');
    expect(rules.textContent).toContain('Password must have numbers');
    expect(rules.textContent).toContain('Password must have special characters');
    expect(rules.textContent).not.toContain('lower case');
    await userEvent.type(password, 'DEFG1!');
    expect(screen.queryByTestId('password-rules')).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    const confirm = screen.getByLabelText(/^Confirm Password/);
    await userEvent.type(confirm, 'abcD');
    // Both fields touched: the mismatch shows at once.
    expect(await screen.findByText('Your passwords must match')).toBeTruthy();
    await userEvent.type(confirm, 'EFG1!');
    await waitFor(() => expect(screen.queryByText('Your passwords must match')).toBeNull());

    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    fireEvent.blur(screen.getByLabelText(/^Email/));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends trimmed values and the phone as dial code plus digits, then asks for the emailed code', async () => {
    const calls = stubApi({ ...providers, '/api/auth/sign-up': { status: 204 } });
    const submit = await openSignUp();
    await userEvent.type(screen.getByLabelText(/^Email/), '  Ada@Hospital.org ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Correct-Horse7');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Correct-Horse7');
    await userEvent.type(screen.getByLabelText(/^Given Name/), ' Ada ');
    await userEvent.type(screen.getByLabelText(/^Family Name/), 'Lovelace');
    await userEvent.type(screen.getByLabelText(/^Phone Number/), '(555) 123-4567');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Confirm Sign Up' })).toBeTruthy();
    expect(screen.getByText('It may take a minute to arrive')).toBeTruthy();
    const body = calls.find((call) => call.url === '/api/auth/sign-up')?.body;
    expect(body).toEqual({
      email: 'ada@hospital.org',
      password: 'Correct-Horse7',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+15551234567',
      language: 'en-US',
    });
  });
});

describe('confirm sign up', () => {
  async function signUpAda() {
    const submit = await openSignUp();
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@hospital.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Correct-Horse7');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Correct-Horse7');
    await userEvent.type(screen.getByLabelText(/^Given Name/), 'Ada');
    await userEvent.type(screen.getByLabelText(/^Family Name/), 'Lovelace');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Confirm Sign Up' })).toBeTruthy();
  }

  // The server answers Resend alike for every address (no enumeration): the screen cannot know
  // whether a code was needed, and says so.
  it('after Resend Code, says a code is on its way if the account needs one, and stays on the screen', async () => {
    const calls = stubApi({ ...providers, '/api/auth/sign-up': { status: 204 }, '/api/auth/resend-code': { status: 204 } });
    await signUpAda();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect((await screen.findByRole('status')).textContent).toBe(i18next.t('auth.confirmSignUp.resentIfNeeded'));
    expect(calls.find((call) => call.url === '/api/auth/resend-code')?.body).toEqual({ email: 'ada@hospital.org' });
    expect(screen.getByRole('heading', { name: 'Confirm Sign Up' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refused code (unknown, already confirmed or wrong alike) by its code', async () => {
    stubApi({ ...providers, '/api/auth/sign-up': { status: 204 }, '/api/auth/confirm-sign-up': refusal('INVALID_CODE') });
    await signUpAda();
    await userEvent.type(screen.getByLabelText(/^Confirmation Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('errors.INVALID_CODE'));
    expect(screen.getByRole('heading', { name: 'Confirm Sign Up' })).toBeTruthy();
  });
});

describe('sign in', () => {
  it('shows the server’s refusal in an alert on the form, translated by its code', async () => {
    stubApi({ ...providers, '/api/auth/sign-in': refusal('INVALID_CREDENTIALS') });
    await renderWithProviders(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@hospital.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(i18next.t('errors.INVALID_CREDENTIALS'));
  });

  it('says how many minutes to wait after too many attempts', async () => {
    stubApi({ ...providers, '/api/auth/sign-in': refusal('RATE_LIMITED', { retryAfterSeconds: 840, minutes: 14 }) });
    await renderWithProviders(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@hospital.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(i18next.t('errors.RATE_LIMITED', { minutes: 14 }));
    expect(alert.textContent).toContain('14');
  });

  it('asks for the authenticator code when the account has two-factor on', async () => {
    stubApi({ ...providers, '/api/auth/sign-in': { status: 200, body: { step: 'confirmSignIn' } } });
    await renderWithProviders(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@hospital.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Correct-Horse7');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Sign In' })).toBeTruthy();
  });

  it('says the sign-in service is misconfigured when the server cannot answer', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ '/api/auth/providers': refusal('INTERNAL') });
    await renderWithProviders(<LoginPage />);
    expect(await screen.findByText('Configuration error (see console) – please contact the administrator')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('shows a button for each configured federated provider', async () => {
    stubApi({
      '/api/auth/providers': {
        status: 200,
        body: {
          providers: [
            { id: 'google', name: 'Google' },
            { id: 'oidc', name: 'St. Mary SSO' },
          ],
        },
      },
    });
    await renderWithProviders(<LoginPage />);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with St. Mary SSO' })).toBeTruthy();
  });

  it('resets a forgotten password: code, new password, back to sign in', async () => {
    const calls = stubApi({ ...providers, '/api/auth/forgot-password': { status: 204 }, '/api/auth/reset-password': { status: 204 } });
    await renderWithProviders(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@hospital.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText(/^Confirmation Code/), '123456');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Brand-New-Pass9');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Brand-New-Pass9');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(calls.find((call) => call.url === '/api/auth/reset-password')?.body).toEqual({
      email: 'ada@hospital.org',
      code: '123456',
      password: 'Brand-New-Pass9',
    });
  });
});
