// Forgot password: a code by email, then a new password with it. The same answers for every address.
import { AppError } from '../../platform/app-error.js';
import { type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createPasswordResetService(toolkit: AuthToolkit, { auth, users, throttle }: Pick<AuthServiceDeps, 'auth' | 'users' | 'throttle'>) {
  const { call, sendCode, limitCodeSend, limitCodeCheck } = toolkit;
  return {
    async forgotPassword(caller: Caller, email: string): Promise<void> {
      await limitCodeSend(caller, email);
      const user = await users.findByEmail(email);
      if (!user) return; // Same answer whether or not the account exists.
      await sendCode(email, 'forget-password');
    },

    async resetPassword(caller: Caller, email: string, code: string, password: string): Promise<void> {
      await limitCodeCheck(caller, email);
      const user = await users.findByEmail(email);
      // No account: the answer of a wrong code (no hint of which accounts exist).
      if (!user) throw new AppError('INVALID_CODE');
      await call(() => auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password } }));
      // The code reached the mailbox: the address is proven, and a temporary password is replaced.
      await users.update(user.id, { emailVerified: true, mustChangePassword: false });
      // The emailed code lifts the account-wide sign-in backoff others' guesses built up (issue 48, L1).
      await throttle.mailboxProven(email);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
