// What the account flows of spec section 4 ("Auth state machine") share, on top of better-auth:
// the library's errors in our codes, cookies to pass on, rate limits, code emails, password checks
// that cost the same whether or not the account exists, and finishing a password sign-in. Each
// flow (sign-up, sign-in, password reset, contact verification, sessions, two-factor) is a service
// file of its own built on this toolkit; every step answers with the next step the screen shows.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { rateLimitParams } from '@ipsv/contracts/errors';
import type { SignInResult } from '@ipsv/contracts/auth';
import { AppError } from '../../platform/app-error.js';
import type { Auth } from '../../platform/auth/auth.js';
import type { RateLimit, RateLimiter } from '../../platform/database/rate-limiter.js';
import type { Mailer } from '../../platform/mail/mail.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { UsedTotpCodes } from './used-totp-codes.js';

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

/**
 * A browser on which an account's password was right carries this cookie: the account, when, and
 * an HMAC of both with the installation's secret. It lets that device through the account-wide
 * sign-in backoff that guesses from other addresses build up (sign-in-throttle.ts, issue 48 L1).
 */
export const KNOWN_DEVICE_COOKIE = 'ipsv.known_device';
const KNOWN_DEVICE_SECONDS = 180 * 24 * 3600;

/** Checks whose failure means a wrong password or code: they stay counted by the throttle. */
const GUESS_REFUSED = new Set(['INVALID_CREDENTIALS', 'INVALID_CODE']);

export interface AuthResult<T> {
  value: T;
  /** Set-Cookie header values to pass on to the browser. */
  cookies: string[];
}

export interface Caller {
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
      throw new AppError('INVALID_CREDENTIALS');
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      throw new AppError('ACCOUNT_EXISTS');
    case 'INVALID_OTP':
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      throw new AppError('INVALID_CODE');
    case 'OTP_EXPIRED':
    case 'OTP_HAS_EXPIRED':
    case 'TOO_MANY_ATTEMPTS':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      throw new AppError('EXPIRED_CODE');
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new AppError('RATE_LIMITED', rateLimitParams(15 * 60));
    case 'INVALID_TWO_FACTOR_COOKIE':
      throw new AppError('SIGN_IN_EXPIRED');
    case 'TOTP_ALREADY_ENABLED':
      throw new AppError('TOTP_ALREADY_ENABLED');
    case 'USER_NOT_FOUND':
      throw new AppError('USER_NOT_FOUND');
    default:
      if (error.statusCode === 401) throw new AppError('NOT_SIGNED_IN');
      if (error.statusCode >= 400 && error.statusCode < 500) {
        throw new AppError('AUTH_REFUSED', { detail: error.body?.message ?? 'The request was refused.' });
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
  totpCodes: UsedTotpCodes;
  mailer: Mailer;
  /** Where the app is opened (links in emails). */
  publicUrl: string;
  /** Makes ADMIN_EMAIL an admin as soon as the account exists. */
  adminEmail?: string;
}

export function createAuthToolkit({
  auth,
  users,
  limiter,
  throttle,
  publicUrl,
  adminEmail,
}: Pick<AuthServiceDeps, 'auth' | 'users' | 'limiter' | 'throttle' | 'publicUrl' | 'adminEmail'>) {
  const context = () => auth.$context;
  let dummyHash: Promise<string> | null = null;

  const cookieOf = (caller: Caller, name: string): string | null => {
    for (const part of (caller.headers.get('cookie') ?? '').split(';')) {
      const at = part.indexOf('=');
      if (at > 0 && part.slice(0, at).trim() === name) {
        try {
          return decodeURIComponent(part.slice(at + 1).trim());
        } catch {
          return null;
        }
      }
    }
    return null;
  };

  const deviceMac = async (email: string, issued: string) =>
    createHmac('sha256', (await context()).secret)
      .update(`known-device|${email.toLowerCase()}|${issued}`)
      .digest('base64url');

  /** True when the caller's browser proved it signed in to `email` before (and not too long ago). */
  async function knownDevice(caller: Caller, email: string): Promise<boolean> {
    const [account, issued, mac] = (cookieOf(caller, KNOWN_DEVICE_COOKIE) ?? '').split('.');
    if (!account || !issued || !mac) return false;
    if (Buffer.from(account, 'base64url').toString() !== email.toLowerCase()) return false;
    if (!/^[0-9]{1,12}$/.test(issued) || Number(issued) + KNOWN_DEVICE_SECONDS < Date.now() / 1000) return false;
    const expected = Buffer.from(await deviceMac(email, issued));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The Set-Cookie value that makes this browser a known device of `email`. */
  async function knownDeviceCookie(email: string): Promise<string> {
    const issued = String(Math.floor(Date.now() / 1000));
    const value = `${Buffer.from(email.toLowerCase()).toString('base64url')}.${issued}.${await deviceMac(email, issued)}`;
    const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
    return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/api/auth; Max-Age=${KNOWN_DEVICE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
  }

  /**
   * Runs one password or code check of the account `email` under its sign-in throttle: refused
   * (429) while a wait lasts, counted as a failure unless the check passes or is never made.
   */
  async function throttled<T>(caller: Caller, email: string, check: () => Promise<T>): Promise<T> {
    const outcome = await throttle.begin(email, caller.ip, { knownDevice: await knownDevice(caller, email) });
    if (!outcome.allowed) throw new AppError('RATE_LIMITED', rateLimitParams(outcome.waitSeconds));
    try {
      const result = await check();
      await outcome.attempt.passed();
      return result;
    } catch (error) {
      if (error instanceof AppError && GUESS_REFUSED.has(error.code)) await outcome.attempt.failed();
      else await outcome.attempt.abandoned();
      throw error;
    }
  }

  /**
   * The user a pending second-factor challenge (the library's signed two-factor cookie) belongs
   * to, so its code checks count against that account's throttle. Null when there is none.
   */
  async function challengeUser(caller: Caller): Promise<{ id: string; email: string; disabled: boolean } | null> {
    const ctx = await context();
    const signed = cookieOf(caller, ctx.createAuthCookie('two_factor').name);
    const identifier = signed?.slice(0, Math.max(0, signed.lastIndexOf('.')));
    const verification = identifier ? await ctx.internalAdapter.findVerificationValue(identifier) : null;
    if (verification && verification.expiresAt > new Date()) {
      const user = await users.findById(verification.value);
      return user ? { id: user.id, email: user.email, disabled: user.disabledAt !== null } : null;
    }
    // The library also checks a code for a caller who is signed in: that account, then.
    const session = await auth.api.getSession({ headers: caller.headers }).catch(() => null);
    return session ? { id: session.user.id, email: session.user.email, disabled: Boolean(session.user.disabledAt) } : null;
  }

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
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (user.disabledAt) {
      // Only the password's holder learns that the account is disabled; a guess hears "wrong".
      if (!(await passwordMatches(user.id, password))) throw new AppError('INVALID_CREDENTIALS');
      throw new AppError('ACCOUNT_DISABLED');
    }
    if (user.registration === 'self' && !user.emailVerified) {
      // Spec: CONFIRM_SIGN_UP → resend the code and show the confirm-sign-up screen.
      if (!(await passwordMatches(user.id, password))) throw new AppError('INVALID_CREDENTIALS');
      await limitCodeSend(caller, email);
      await sendCode(email, 'email-verification');
      return { value: { step: 'confirmSignUp' }, cookies: [] };
    }
    if (user.mustChangePassword) {
      if (!(await passwordMatches(user.id, password))) throw new AppError('INVALID_CREDENTIALS');
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
    context,
    call,
    setCookies,
    sha256,
    passwordMatches,
    burnPasswordCheck,
    sendCode,
    limitCodeSend,
    limitCodeCheck,
    promoteConfiguredAdmin,
    completePasswordSignIn,
    checkPasswordAndSignIn,
    throttled,
    knownDeviceCookie,
    challengeUser,
  };
}
export type AuthToolkit = ReturnType<typeof createAuthToolkit>;
