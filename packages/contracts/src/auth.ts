// Sign-up, sign-in and password rules of spec section 5, shared by the server (which enforces them)
// and the web forms (which show them as the user types). Messages are the spec's words; the web
// translates them by code.
import { z } from 'zod';

export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email';
export const INVALID_PHONE_MESSAGE = 'Please enter a valid phone number';
export const PASSWORDS_MUST_MATCH_MESSAGE = 'Your passwords must match';
/** Spec section 8: what the user sees when the sign-in service is missing or broken. */
export const AUTH_CONFIGURATION_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';
// Server answers the screens translate (other server messages are shown as they come).
export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect username or password.';
export const INVALID_CODE_MESSAGE = 'Invalid verification code provided, please try again.';
export const EXPIRED_CODE_MESSAGE = 'Invalid code provided, please request a code again.';
export const ACCOUNT_EXISTS_MESSAGE = 'An account with the given email already exists.';
export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in session has expired. Please sign in again.';
export const NOT_SIGNED_IN_MESSAGE = 'You are not signed in.';

/** Spec section 5: a simple local@domain pattern whose top-level part has 2 or 3 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,3}$/;

export const PASSWORD_MIN_LENGTH = 8;
/** We allow 128 (the spec says 15): long passphrases from password managers must work. */
export const PASSWORD_MAX_LENGTH = 128;
/** Spec section 9: the confirm-password check starts when both fields reach this length. */
export const CONFIRM_PASSWORD_THRESHOLD = 6;
/** Spec section 5: the characters that count as special, space included. */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';
export const VERIFICATION_CODE_LENGTH = 6;

export const PASSWORD_RULES = [
  { code: 'minLength', message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters` },
  { code: 'maxLength', message: `Password must have at most ${PASSWORD_MAX_LENGTH} characters` },
  { code: 'lowercase', message: 'Password must have lower case letters' },
  { code: 'uppercase', message: 'Password must have upper case letters' },
  { code: 'numbers', message: 'Password must have numbers' },
  { code: 'special', message: 'Password must have special characters' },
  { code: 'edgeWhitespace', message: 'Password must not begin or end with a space' },
] as const;
export type PasswordRuleCode = (typeof PASSWORD_RULES)[number]['code'];

const hasSpecial = (value: string) => [...value].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char));

const PASSWORD_CHECKS: Record<PasswordRuleCode, (value: string) => boolean> = {
  minLength: (value) => value.length >= PASSWORD_MIN_LENGTH,
  maxLength: (value) => value.length <= PASSWORD_MAX_LENGTH,
  lowercase: (value) => /[a-z]/.test(value),
  uppercase: (value) => /[A-Z]/.test(value),
  numbers: (value) => /[0-9]/.test(value),
  // A space between words counts (spec), so only the other special characters prove the rule
  // when the password is otherwise trimmed at its ends.
  special: (value) => hasSpecial(value.trim()),
  edgeWhitespace: (value) => value === value.trim(),
};

/** The rules a password breaks, in the spec's order; empty when it is acceptable. */
export function passwordViolations(value: string): { code: PasswordRuleCode; message: string }[] {
  return PASSWORD_RULES.filter((rule) => !PASSWORD_CHECKS[rule.code](value)).map((rule) => ({ ...rule }));
}

/** Spec rule: shown when the values differ and either field was touched or both are long enough. */
export function confirmPasswordError(password: string, confirmPassword: string, touched: boolean): string | null {
  if (password === confirmPassword) return null;
  const bothLongEnough = password.length >= CONFIRM_PASSWORD_THRESHOLD && confirmPassword.length >= CONFIRM_PASSWORD_THRESHOLD;
  return touched || bothLongEnough ? PASSWORDS_MUST_MATCH_MESSAGE : null;
}

export const emailSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .min(1, REQUIRED_MESSAGE)
  .superRefine((value, ctx) => {
    for (const violation of passwordViolations(value)) ctx.addIssue({ code: 'custom', message: violation.message });
  });

/** Sign-in does not re-check the policy: old passwords keep working, and it would leak the rules. */
const existingPasswordSchema = z.string({ error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH);

const nameSchema = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(100);
export const codeSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .regex(new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`), `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`);

export const DEFAULT_DIAL_CODE = '+1';
/** Spec: the phone number is the dial code plus the number with non-alphanumerics other than + removed. */
export function normalisePhoneNumber(dialCode: string, number: string): string {
  return `${dialCode}${number}`.replace(/[^A-Za-z0-9+]/g, '');
}
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+[0-9]{1,4}[0-9]{4,14}$/, INVALID_PHONE_MESSAGE);

export const languageTagSchema = z.string().trim().max(10).optional();

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phoneNumber: phoneNumberSchema.optional(),
  language: languageTagSchema,
});
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = z.object({ email: emailSchema, password: existingPasswordSchema });
export const emailBodySchema = z.object({ email: emailSchema, language: languageTagSchema });
export const confirmCodeBodySchema = z.object({ email: emailSchema, code: codeSchema });
export const resetPasswordBodySchema = z.object({ email: emailSchema, code: codeSchema, password: passwordSchema });
export const totpCodeBodySchema = z.object({ code: codeSchema });
export const newPasswordBodySchema = z.object({ challenge: z.string().min(1).max(200), password: passwordSchema });
export const currentPasswordBodySchema = z.object({ password: existingPasswordSchema });

/**
 * What sign-in (or a step of it) asks for next (spec section 4, auth state machine):
 * done, confirm sign-up with a code, a TOTP code, a new password, or (skippable) contact verification.
 */
export const SIGN_IN_STEPS = ['done', 'confirmSignUp', 'confirmSignIn', 'forceNewPassword', 'verifyContact'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];
export const signInResultSchema = z.object({
  step: z.enum(SIGN_IN_STEPS),
  /** For forceNewPassword: an opaque, short-lived token proving the old password was right. */
  challenge: z.string().optional(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const FEDERATED_PROVIDERS = ['google', 'apple', 'facebook', 'amazon', 'oidc'] as const;
export type FederatedProvider = (typeof FEDERATED_PROVIDERS)[number];
export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(FEDERATED_PROVIDERS), name: z.string() })),
});

export const totpSetupResponseSchema = z.object({ totpUri: z.string(), secret: z.string(), backupCodes: z.array(z.string()) });
/** Spec section 9: the authenticator QR code. */
export const TOTP_QR_SIZE = 228;
export const TOTP_QR_ERROR_CORRECTION = 'M';

export const activeSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSession = z.infer<typeof activeSessionSchema>;
