// Verify Contact: the signed-in user proves their email address with an emailed code.
import { AppError } from '../../platform/app-error.js';
import { type AuthServiceDeps, type AuthToolkit, type Caller } from './auth-toolkit.js';

export function createContactVerificationService(toolkit: AuthToolkit, { auth, users }: Pick<AuthServiceDeps, 'auth' | 'users'>) {
  const { call, sendCode, limitCodeSend, limitCodeCheck } = toolkit;
  return {
    /** Verify Contact: send a code to the signed-in user's unverified email. */
    async sendContactCode(caller: Caller, userId: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_SIGNED_IN');
      if (user.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED');
      await limitCodeSend(caller, user.email);
      await sendCode(user.email, 'email-verification');
    },

    async confirmContact(caller: Caller, userId: string, code: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_SIGNED_IN');
      await limitCodeCheck(caller, user.email);
      await call(() => auth.api.verifyEmailOTP({ body: { email: user.email, otp: code }, headers: caller.headers }));
    },
  };
}
export type ContactVerificationService = ReturnType<typeof createContactVerificationService>;
