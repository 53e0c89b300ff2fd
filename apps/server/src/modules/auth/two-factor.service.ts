// Two-factor authentication (TOTP): set up with a first code, turn off with the password.
import { AppError } from '../../platform/app-error.js';
import { AUTH_LIMITS, type AuthResult, type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createTwoFactorService(toolkit: AuthToolkit, { auth, limiter }: Pick<AuthServiceDeps, 'auth' | 'limiter'>) {
  const { call, setCookies } = toolkit;
  return {
    /** Starts TOTP setup: the secret and URI for the QR code. On only after a first code is confirmed. */
    async startTotpSetup(caller: Caller, password: string) {
      const response = await call(() => auth.api.enableTwoFactor({ body: { password }, headers: caller.headers }));
      if (!('totpURI' in response)) throw new AppError('AUTHENTICATOR_SETUP_FAILED');
      const secret = new URL(response.totpURI).searchParams.get('secret') ?? '';
      return { totpUri: response.totpURI, secret, backupCodes: response.backupCodes };
    },

    async confirmTotpSetup(caller: Caller, code: string): Promise<AuthResult<null>> {
      await limiter.consume([{ key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp }]);
      const { headers } = await call(() => auth.api.verifyTOTP({ body: { code }, headers: caller.headers, returnHeaders: true }));
      return { value: null, cookies: setCookies(headers) };
    },

    async disableTotp(caller: Caller, password: string): Promise<AuthResult<null>> {
      const { headers } = await call(() => auth.api.disableTwoFactor({ body: { password }, headers: caller.headers, returnHeaders: true }));
      return { value: null, cookies: setCookies(headers) };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
