// Sign-up with an emailed code (spec: Create Account, Confirm Sign Up, Resend Code). No answer tells
// whether an address has an account: its owner is told by email instead.
import type { SignInResult, SignUpBody } from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import { accountExistsEmail } from './auth-emails.js';
import { AUTH_LIMITS, type AuthResult, type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createSignUpService(
  toolkit: AuthToolkit,
  { auth, users, limiter, mailer, publicUrl }: Pick<AuthServiceDeps, 'auth' | 'users' | 'limiter' | 'mailer' | 'publicUrl'>,
) {
  const { context, call, setCookies, sendCode, limitCodeSend, limitCodeCheck, promoteConfiguredAdmin } = toolkit;
  return {
    async signUp(caller: Caller, body: SignUpBody & { email: string }): Promise<void> {
      await limiter.consume([{ key: `sign-up:ip:${caller.ip}`, limit: AUTH_LIMITS.signUpPerIp }]);
      const existing = await users.findByEmail(body.email);
      if (existing) {
        // The same answer as a new sign-up (nobody learns which addresses have accounts): the
        // owner of the address is told by email instead, and the work matches (one hash, one mail).
        await (await context()).password.hash(body.password);
        await limitCodeSend(caller, body.email);
        await mailer.send(accountExistsEmail({ email: existing.email, firstName: existing.firstName, language: existing.language }, publicUrl));
        return;
      }
      const name = `${body.firstName} ${body.lastName}`.trim();
      const { user } = await call(() =>
        auth.api.signUpEmail({
          body: {
            email: body.email,
            password: body.password,
            name,
            firstName: body.firstName,
            lastName: body.lastName,
            phoneNumber: body.phoneNumber,
            language: body.language,
          },
          headers: caller.headers,
        }),
      );
      await promoteConfiguredAdmin(user.id, body.email);
      await limitCodeSend(caller, body.email);
      await sendCode(body.email, 'email-verification');
    },

    /** Confirms sign-up with the emailed code and signs the user in (spec: autoSignIn). */
    async confirmSignUp(caller: Caller, email: string, code: string): Promise<AuthResult<SignInResult>> {
      await limitCodeCheck(caller, email);
      const user = await users.findByEmail(email);
      // No account, or nothing to confirm: the answer of a wrong code (no hint of which accounts exist).
      if (!user || user.emailVerified) throw new AppError('INVALID_CODE');
      const { headers } = await call(() => auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: caller.headers, returnHeaders: true }));
      return { value: { step: 'done' }, cookies: setCookies(headers) };
    },

    /** Sends a new sign-up code to an unconfirmed account; the same answer for every address. */
    async resendSignUpCode(caller: Caller, email: string): Promise<void> {
      await limitCodeSend(caller, email);
      const user = await users.findByEmail(email);
      // Say nothing about accounts that do not exist or are already confirmed.
      if (!user || user.emailVerified) return;
      await sendCode(email, 'email-verification');
    },
  };
}
export type SignUpService = ReturnType<typeof createSignUpService>;
