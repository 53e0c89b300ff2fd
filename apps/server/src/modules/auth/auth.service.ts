// The sign-up, sign-in, code, password and two-factor flows of spec section 4 ("Auth state
// machine"), on top of better-auth. Every step answers with the next step the screen must show, and
// with the cookies to set. Rate limits are decided here so every entry point gets them.
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_EXISTS_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  SIGN_IN_EXPIRED_MESSAGE,
  type ActiveSession,
  type SignInResult,
  type SignUpBody,
} from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import type { Auth } from '../../platform/auth.js';
import { tooManyAttemptsMessage, type RateLimit, type RateLimiter } from '../../platform/rate-limiter.js';
import type { Mailer } from '../../platform/mail.js';
import type { UsersRepository } from '../users/users.repository.js';
import { accountExistsEmail } from './auth-emails.js';
import type { SignInThrottle } from './sign-in-throttle.js';


/**
 * Attempts per window, per client address and per email. Password sign-in is not here: it is slowed
 * down by failures (sign-in-throttle.ts) rather than counted, so the owner is never locked out.
 */
export const AUTH_LIMITS = {
  newPasswordPerIp: { max: 30, windowSeconds: 15 * 60 },
  federatedPerIp: { max: 60, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 10, windowSeconds: 60 * 60 },
  codeSendPerIp: { max: 20, windowSeconds: 15 * 60 },
  codeSendPerEmail: { max: 5, windowSeconds: 15 * 60 },
  codeCheckPerIp: { max: 30, windowSeconds: 15 * 60 },
  codeCheckPerEmail: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

const NEW_PASSWORD_CHALLENGE_SECONDS = 10 * 60;

export interface AuthResult<T> {
  value: T;
  /** Set-Cookie header values to pass on to the browser. */
  cookies: string[];
}

interface Caller {
  headers: Headers;
  ip: string;
}

interface BetterAuthError {
  statusCode: number;
  body?: { code?: string; message?: string };
}
const isBetterAuthError = (error: unknown): error is BetterAuthError =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof (error as BetterAuthError).statusCode === 'number';

/** Turns the library's errors into ours, with the words the screens show. */
function translateError(error: unknown): never {
  if (!isBetterAuthError(error)) throw error;
  const code = error.body?.code ?? '';
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      throw new AppError('CONFLICT', ACCOUNT_EXISTS_MESSAGE);
    case 'INVALID_OTP':
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      throw new AppError('VALIDATION_ERROR', INVALID_CODE_MESSAGE);
    case 'OTP_EXPIRED':
    case 'OTP_HAS_EXPIRED':
    case 'TOO_MANY_ATTEMPTS':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      throw new AppError('VALIDATION_ERROR', EXPIRED_CODE_MESSAGE);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new AppError('RATE_LIMITED', error.body?.message ?? 'Too many attempts.');
    case 'INVALID_TWO_FACTOR_COOKIE':
      throw new AppError('UNAUTHORIZED', SIGN_IN_EXPIRED_MESSAGE);
    case 'TOTP_ALREADY_ENABLED':
      throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
    case 'USER_NOT_FOUND':
      throw new AppError('NOT_FOUND', 'User not found');
    default:
      if (error.statusCode === 401) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN_MESSAGE);
      if (error.statusCode >= 400 && error.statusCode < 500) {
        throw new AppError('VALIDATION_ERROR', error.body?.message ?? 'The request was refused.');
      }
      throw error;
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return translateError(error);
  }
}

const setCookies = (headers: Headers | undefined) => headers?.getSetCookie() ?? [];
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface AuthServiceDeps {
  auth: Auth;
  users: UsersRepository;
  limiter: RateLimiter;
  throttle: SignInThrottle;
  mailer: Mailer;
  /** Where the app is opened (links in emails). */
  publicUrl: string;
  /** Makes ADMIN_EMAIL an admin as soon as the account exists. */
  adminEmail?: string;
}

export function createAuthService({ auth, users, limiter, throttle, mailer, publicUrl, adminEmail }: AuthServiceDeps) {
  const context = () => auth.$context;
  let dummyHash: Promise<string> | null = null;

  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const ctx = await context();
    const hash = await users.credentialPasswordHash(userId);
    if (!hash) return false;
    return ctx.password.verify({ hash, password });
  }

  /**
   * The same work as checking a real password (one verification against a stored hash), so a
   * missing account cannot be told from a wrong password by timing. The hash is made once.
   */
  async function burnPasswordCheck(password: string): Promise<void> {
    const ctx = await context();
    dummyHash ??= ctx.password.hash(randomBytes(16).toString('base64url'));
    await ctx.password.verify({ hash: await dummyHash, password }).catch(() => false);
  }

  async function sendCode(email: string, type: 'email-verification' | 'forget-password') {
    if (type === 'forget-password') {
      await call(() => auth.api.forgetPasswordEmailOTP({ body: { email } }));
    } else {
      await call(() => auth.api.sendVerificationOTP({ body: { email, type } }));
    }
  }

  async function limitCodeSend(caller: Caller, email: string) {
    await limiter.consume([
      { key: `code-send:ip:${caller.ip}`, limit: AUTH_LIMITS.codeSendPerIp },
      { key: `code-send:email:${email}`, limit: AUTH_LIMITS.codeSendPerEmail },
    ]);
  }

  async function limitCodeCheck(caller: Caller, email: string) {
    await limiter.consume([
      { key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp },
      { key: `code-check:email:${email}`, limit: AUTH_LIMITS.codeCheckPerEmail },
    ]);
  }

  async function promoteConfiguredAdmin(userId: string, email: string) {
    if (adminEmail && email === adminEmail.toLowerCase()) await users.update(userId, { role: 'admin' });
  }

  /** After a password check succeeded: start the session, or say which challenge comes first. */
  async function completePasswordSignIn(caller: Caller, email: string, password: string): Promise<AuthResult<SignInResult>> {
    const { headers, response } = await call(() =>
      auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: caller.headers, returnHeaders: true }),
    );
    const cookies = setCookies(headers);
    if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
      return { value: { step: 'confirmSignIn' }, cookies };
    }
    const user = await users.findByEmail(email);
    return { value: { step: user?.emailVerified ? 'done' : 'verifyContact' }, cookies };
  }

  async function checkPasswordAndSignIn(caller: Caller, email: string, password: string): Promise<AuthResult<SignInResult>> {
    const user = await users.findByEmail(email);
    if (!user) {
      await burnPasswordCheck(password);
      throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
    }
    if (user.registration === 'self' && !user.emailVerified) {
      // Spec: CONFIRM_SIGN_UP → resend the code and show the confirm-sign-up screen.
      if (!(await passwordMatches(user.id, password))) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
      await limitCodeSend(caller, email);
      await sendCode(email, 'email-verification');
      return { value: { step: 'confirmSignUp' }, cookies: [] };
    }
    if (user.mustChangePassword) {
      if (!(await passwordMatches(user.id, password))) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
      const ctx = await context();
      const challenge = randomBytes(32).toString('base64url');
      await ctx.internalAdapter.createVerificationValue({
        identifier: `new-password:${sha256(challenge)}`,
        value: user.id,
        expiresAt: new Date(Date.now() + NEW_PASSWORD_CHALLENGE_SECONDS * 1000),
      });
      return { value: { step: 'forceNewPassword', challenge }, cookies: [] };
    }
    return completePasswordSignIn(caller, email, password);
  }

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
      if (!user || user.emailVerified) throw new AppError('VALIDATION_ERROR', INVALID_CODE_MESSAGE);
      const { headers } = await call(() =>
        auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: caller.headers, returnHeaders: true }),
      );
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

    async signIn(caller: Caller, email: string, password: string): Promise<AuthResult<SignInResult>> {
      const wait = await throttle.waitSeconds(email, caller.ip);
      if (wait > 0) throw new AppError('RATE_LIMITED', tooManyAttemptsMessage(wait), { retryAfter: wait });
      try {
        const result = await checkPasswordAndSignIn(caller, email, password);
        await throttle.succeeded(email, caller.ip);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') await throttle.failed(email, caller.ip);
        throw error;
      }
    },

    /** Spec: new-password-required → the user sets their own password, then signs in with it. */
    async completeNewPassword(caller: Caller, challenge: string, password: string): Promise<AuthResult<SignInResult>> {
      await limiter.consume([{ key: `new-password:ip:${caller.ip}`, limit: AUTH_LIMITS.newPasswordPerIp }]);
      const ctx = await context();
      const identifier = `new-password:${sha256(challenge)}`;
      const stored = await ctx.internalAdapter.findVerificationValue(identifier);
      if (!stored || stored.expiresAt < new Date()) throw new AppError('UNAUTHORIZED', SIGN_IN_EXPIRED_MESSAGE);
      await ctx.internalAdapter.deleteVerificationByIdentifier(identifier);
      const user = await users.findById(stored.value);
      if (!user) throw new AppError('UNAUTHORIZED', SIGN_IN_EXPIRED_MESSAGE);
      await ctx.internalAdapter.updatePassword(user.id, await ctx.password.hash(password));
      // The admin emailed the temporary password to this address, so reaching it proves nothing
      // about the mailbox; verification stays as it was.
      await users.update(user.id, { mustChangePassword: false });
      return completePasswordSignIn(caller, user.email, password);
    },

    /** The second factor: a TOTP code, or one of the backup codes. */
    async confirmSignIn(caller: Caller, code: string): Promise<AuthResult<SignInResult>> {
      await limiter.consume([{ key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp }]);
      const isTotp = /^[0-9]{6}$/.test(code);
      const { headers, response } = await call(() =>
        isTotp
          ? auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: caller.headers, returnHeaders: true })
          : auth.api.verifyBackupCode({ body: { code }, headers: caller.headers, returnHeaders: true }),
      );
      const verified = 'user' in response && response.user ? response.user.emailVerified : true;
      return { value: { step: verified ? 'done' : 'verifyContact' }, cookies: setCookies(headers) };
    },

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
      if (!user) throw new AppError('VALIDATION_ERROR', INVALID_CODE_MESSAGE);
      await call(() => auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password } }));
      // The code reached the mailbox: the address is proven, and a temporary password is replaced.
      await users.update(user.id, { emailVerified: true, mustChangePassword: false });
    },

    /** Verify Contact: send a code to the signed-in user's unverified email. */
    async sendContactCode(caller: Caller, userId: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN_MESSAGE);
      if (user.emailVerified) throw new AppError('CONFLICT', 'Your email address is already verified.');
      await limitCodeSend(caller, user.email);
      await sendCode(user.email, 'email-verification');
    },

    async confirmContact(caller: Caller, userId: string, code: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN_MESSAGE);
      await limitCodeCheck(caller, user.email);
      await call(() => auth.api.verifyEmailOTP({ body: { email: user.email, otp: code }, headers: caller.headers }));
    },

    async signOut(caller: Caller): Promise<AuthResult<null>> {
      try {
        const { headers } = await auth.api.signOut({ headers: caller.headers, returnHeaders: true });
        return { value: null, cookies: setCookies(headers) };
      } catch {
        // No session: signing out is still a success, and the cookies are cleared below.
        return { value: null, cookies: [] };
      }
    },

    /** Revokes every session of the user, this one included. */
    async signOutEverywhere(caller: Caller): Promise<AuthResult<null>> {
      await call(() => auth.api.revokeSessions({ headers: caller.headers }));
      return this.signOut(caller);
    },

    async listSessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await users.sessionsOf(userId);
      return rows
        .filter((row) => row.expiresAt > new Date())
        .map((row) => ({
          id: row.id,
          current: row.id === currentSessionId,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
        }));
    },

    async revokeSession(userId: string, sessionId: string): Promise<void> {
      // The repository only deletes sessions of this user: another user's id is "not found".
      if (!(await users.deleteSession(userId, sessionId))) throw new AppError('NOT_FOUND', 'Session not found');
    },

    /** Starts TOTP setup: the secret and URI for the QR code. On only after a first code is confirmed. */
    async startTotpSetup(caller: Caller, password: string) {
      const response = await call(() => auth.api.enableTwoFactor({ body: { password }, headers: caller.headers }));
      if (!('totpURI' in response)) throw new AppError('INTERNAL', 'The authenticator could not be set up.');
      const secret = new URL(response.totpURI).searchParams.get('secret') ?? '';
      return { totpUri: response.totpURI, secret, backupCodes: response.backupCodes };
    },

    async confirmTotpSetup(caller: Caller, code: string): Promise<AuthResult<null>> {
      await limiter.consume([{ key: `code-check:ip:${caller.ip}`, limit: AUTH_LIMITS.codeCheckPerIp }]);
      const { headers } = await call(() =>
        auth.api.verifyTOTP({ body: { code }, headers: caller.headers, returnHeaders: true }),
      );
      return { value: null, cookies: setCookies(headers) };
    },

    async disableTotp(caller: Caller, password: string): Promise<AuthResult<null>> {
      const { headers } = await call(() =>
        auth.api.disableTwoFactor({ body: { password }, headers: caller.headers, returnHeaders: true }),
      );
      return { value: null, cookies: setCookies(headers) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
