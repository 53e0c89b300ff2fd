// Two-factor authentication (TOTP): set up with a first code, turn off with the password. The
// password asked again here and the first code are checked under the account's sign-in throttle
// (issue 48, M3), and a code is accepted once only (L4).
import { AppError } from '../../platform/app-error.js';
import { AUTH_LIMITS, type AuthResult, type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

/** The signed-in account whose password or code is checked. */
interface Account {
  id: string;
  email: string;
}

export function createTwoFactorService(toolkit: AuthToolkit, { auth, limiter, totpCodes }: Pick<AuthServiceDeps, 'auth' | 'limiter' | 'totpCodes'>) {
  const { call, setCookies, throttled } = toolkit;
  return {
    /** Starts TOTP setup: the secret and URI for the QR code. On only after a first code is confirmed. */
    async startTotpSetup(caller: Caller, account: Account, password: string) {
      const response = await throttled(caller, account.email, () => call(() => auth.api.enableTwoFactor({ body: { password }, headers: caller.headers })));
      if (!('totpURI' in response)) throw new AppError('AUTHENTICATOR_SETUP_FAILED');
      const secret = new URL(response.totpURI).searchParams.get('secret') ?? '';
      return { totpUri: response.totpURI, secret, backupCodes: response.backupCodes };
    },

    async confirmTotpSetup(caller: Caller, account: Account, code: string): Promise<AuthResult<null>> {
      await limiter.consume([{ key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp }]);
      const { headers } = await throttled(caller, account.email, () =>
        totpCodes.once(account.id, code, () => call(() => auth.api.verifyTOTP({ body: { code }, headers: caller.headers, returnHeaders: true }))),
      );
      return { value: null, cookies: setCookies(headers) };
    },

    async disableTotp(caller: Caller, account: Account, password: string): Promise<AuthResult<null>> {
      const { headers } = await throttled(caller, account.email, () =>
        call(() => auth.api.disableTwoFactor({ body: { password }, headers: caller.headers, returnHeaders: true })),
      );
      return { value: null, cookies: setCookies(headers) };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
