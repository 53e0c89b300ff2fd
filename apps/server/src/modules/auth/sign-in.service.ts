// Sign-in and its challenges (spec: confirm sign-in with the authenticator, forced new password).
// Password and code guessing is slowed per account and address (sign-in-throttle.ts), never locked out.
import type { SignInResult } from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import { AUTH_LIMITS, type AuthResult, type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createSignInService(
  toolkit: AuthToolkit,
  { auth, users, limiter, totpCodes }: Pick<AuthServiceDeps, 'auth' | 'users' | 'limiter' | 'totpCodes'>,
) {
  const { context, call, setCookies, sha256, completePasswordSignIn, checkPasswordAndSignIn, throttled, knownDeviceCookie, challengeUser } = toolkit;
  return {
    async signIn(caller: Caller, email: string, password: string): Promise<AuthResult<SignInResult>> {
      const result = await throttled(caller, email, () => checkPasswordAndSignIn(caller, email, password));
      // The password was right on this browser: it is a known device of the account from now on.
      return { value: result.value, cookies: [...result.cookies, await knownDeviceCookie(email)] };
    },

    /** Spec: new-password-required → the user sets their own password, then signs in with it. */
    async completeNewPassword(caller: Caller, challenge: string, password: string): Promise<AuthResult<SignInResult>> {
      await limiter.consume([{ key: `new-password:ip:${caller.ip}`, limit: AUTH_LIMITS.newPasswordPerIp }]);
      const ctx = await context();
      const identifier = `new-password:${sha256(challenge)}`;
      const stored = await ctx.internalAdapter.findVerificationValue(identifier);
      if (!stored || stored.expiresAt < new Date()) throw new AppError('SIGN_IN_EXPIRED');
      await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
      const user = await users.findById(stored.value);
      if (!user) throw new AppError('SIGN_IN_EXPIRED');
      await ctx.internalAdapter.updatePassword(user.id, await ctx.password.hash(password));
      // The admin emailed the temporary password to this address, so reaching it proves nothing
      // about the mailbox; verification stays as it was.
      await users.update(user.id, { mustChangePassword: false });
      return completePasswordSignIn(caller, user.email, password);
    },

    /**
     * The second factor: a TOTP code, or one of the backup codes. Each check counts against the
     * account's sign-in throttle, and a TOTP code is accepted once only (issue 48, L4).
     */
    async confirmSignIn(caller: Caller, code: string): Promise<AuthResult<SignInResult>> {
      await limiter.consume([{ key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp }]);
      const isTotp = /^[0-9]{6}$/.test(code);
      const user = await challengeUser(caller);
      // Disabled while the code was being typed: no session is made for it, and the answer says why.
      if (user?.disabled) throw new AppError('ACCOUNT_DISABLED');
      const verify = () =>
        call(() =>
          isTotp
            ? auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: caller.headers, returnHeaders: true })
            : auth.api.verifyBackupCode({ body: { code }, headers: caller.headers, returnHeaders: true }),
        );
      // No challenge and no session: the library refuses it (the sign-in expired) without checking a code.
      const { headers, response } = user
        ? await throttled(caller, user.email, () => (isTotp ? totpCodes.once(user.id, code, verify) : verify()))
        : await verify();
      const verified = 'user' in response && response.user ? response.user.emailVerified : true;
      return { value: { step: verified ? 'done' : 'verifyContact' }, cookies: setCookies(headers) };
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
