// better-auth configured on our PostgreSQL (DESIGN.md section 4): email + password, email codes for
// sign-up confirmation, contact verification and password reset, TOTP two-factor, and the federated
// providers whose credentials are configured. Our own routes (modules/auth) call its API; only the
// federated redirect and callback endpoints are reached over HTTP directly.
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP, genericOAuth, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { APP_TITLE } from '@ipsv/contracts/app';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { accounts, appSecrets, sessions, twoFactors, users, verifications } from '../../db/schema.js';
import type { Db } from '../database/database.js';

export type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';

export interface AuthSettings {
  baseURL: string;
  secret: string;
  totpIssuer: string;
  /** Called for every code the library wants emailed. */
  sendCode(email: string, code: string, purpose: CodePurpose): Promise<void>;
  federated: FederatedSettings;
  log: Pick<Logger, 'error' | 'warn' | 'info' | 'debug'>;
}

export interface FederatedSettings {
  google?: { clientId: string; clientSecret: string };
  apple?: { clientId: string; clientSecret: string };
  facebook?: { clientId: string; clientSecret: string };
  amazon?: { clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
}

/** Codes are valid for 10 minutes and allow 5 tries (the library then demands a new code). */
export const CODE_LIFETIME_SECONDS = 600;
const CODE_ATTEMPTS = 5;

export function createAuth(db: Db, settings: AuthSettings) {
  const { federated } = settings;
  const genericProviders = [];
  if (federated.amazon) {
    genericProviders.push({
      providerId: 'amazon',
      clientId: federated.amazon.clientId,
      clientSecret: federated.amazon.clientSecret,
      authorizationUrl: 'https://www.amazon.com/ap/oa',
      tokenUrl: 'https://api.amazon.com/auth/o2/token',
      userInfoUrl: 'https://api.amazon.com/user/profile',
      scopes: ['profile'],
    });
  }
  if (federated.oidc) {
    genericProviders.push({
      providerId: 'oidc',
      clientId: federated.oidc.clientId,
      clientSecret: federated.oidc.clientSecret,
      discoveryUrl: `${federated.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    });
  }
  const https = settings.baseURL.startsWith('https://');

  return betterAuth({
    appName: APP_TITLE,
    baseURL: settings.baseURL,
    basePath: '/api/auth',
    secret: settings.secret,
    telemetry: { enabled: false },
    // Our public address, and the address the request itself came to (same host, any name for it).
    trustedOrigins: (request) => {
      const origins = [new URL(settings.baseURL).origin];
      const host = request?.headers.get('host');
      if (host) origins.push(`${request?.headers.get('x-forwarded-proto') ?? 'http'}://${host}`);
      return origins;
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: { autoSignInAfterVerification: true },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '' },
        lastName: { type: 'string', required: false, defaultValue: '' },
        phoneNumber: { type: 'string', required: false },
        language: { type: 'string', required: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'viewer' },
        registration: { type: 'string', required: false, input: false, defaultValue: 'self' },
        mustChangePassword: { type: 'boolean', required: false, input: false, defaultValue: false },
        termsVersion: { type: 'string', required: false, input: false },
        pictureKey: { type: 'string', required: false, input: false },
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
    account: { accountLinking: { enabled: false } },
    session: { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 },
    // Our routes apply rate limits kept in PostgreSQL (platform/rate-limiter.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'ipsv',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    socialProviders: {
      ...(federated.google ? { google: federated.google } : {}),
      ...(federated.apple ? { apple: federated.apple } : {}),
      ...(federated.facebook ? { facebook: federated.facebook } : {}),
    },
    databaseHooks: {
      // A disabled account gets no session, whichever way it signs in (password, code, provider).
      session: {
        create: {
          async before(session) {
            const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, session.userId));
            return row?.disabledAt ? false : { data: session };
          },
        },
      },
      user: {
        create: {
          // Accounts that arrive through a federated provider were confirmed by it.
          async before(user, context) {
            const path = context?.path ?? '';
            const federatedSignUp = path.startsWith('/callback') || path.startsWith('/oauth2');
            return { data: { ...user, ...(federatedSignUp ? { registration: 'federated' } : {}) } };
          },
        },
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const target = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        settings.log[target]({ args }, `auth: ${message}`);
      },
    },
    plugins: [
      emailOTP({
        otpLength: VERIFICATION_CODE_LENGTH,
        expiresIn: CODE_LIFETIME_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: 'hashed',
        sendVerificationOnSignUp: false,
        async sendVerificationOTP({ email, otp, type }) {
          await settings.sendCode(email, otp, type);
        },
      }),
      twoFactor({ issuer: settings.totpIssuer, skipVerificationOnEnable: false }),
      ...(genericProviders.length > 0 ? [genericOAuth({ config: genericProviders })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The signing secret: AUTH_SECRET when set, otherwise one created on first start and kept in the
 * database, so every process of an installation shares it without extra configuration.
 */
export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'auth'));
  if (!row) throw new Error('the auth secret could not be stored');
  return row.value;
}
