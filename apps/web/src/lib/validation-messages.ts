// The contracts speak the spec's English; the screens speak the user's language. This maps each
// known message to its translation key; anything unknown (a server message) is shown as it came.
import type { TFunction } from 'i18next';
import {
  ACCOUNT_EXISTS_MESSAGE,
  ALREADY_CONFIRMED_MESSAGE,
  AUTH_CONFIGURATION_ERROR_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  PASSWORDS_MUST_MATCH_MESSAGE,
  REQUIRED_MESSAGE,
  SIGN_IN_EXPIRED_MESSAGE,
  VERIFICATION_CODE_LENGTH,
} from '@ipsv/contracts/auth';

const KEYS = new Map<string, string>([
  [REQUIRED_MESSAGE, 'validation.required'],
  [INVALID_EMAIL_MESSAGE, 'validation.email'],
  [PASSWORDS_MUST_MATCH_MESSAGE, 'validation.passwordsMatch'],
  [INVALID_CREDENTIALS_MESSAGE, 'auth.errors.invalidCredentials'],
  [INVALID_CODE_MESSAGE, 'auth.errors.invalidCode'],
  [EXPIRED_CODE_MESSAGE, 'auth.errors.expiredCode'],
  [ACCOUNT_EXISTS_MESSAGE, 'auth.errors.accountExists'],
  [ALREADY_CONFIRMED_MESSAGE, 'auth.errors.alreadyConfirmed'],
  [SIGN_IN_EXPIRED_MESSAGE, 'auth.errors.signInExpired'],
  [AUTH_CONFIGURATION_ERROR_MESSAGE, 'auth.errors.configuration'],
  [`Enter the ${VERIFICATION_CODE_LENGTH}-digit code`, 'validation.code'],
  ...PASSWORD_RULES.map((rule) => [rule.message, `validation.password.${rule.code}`] as [string, string]),
]);

export function translateMessage(t: TFunction, message: string): string {
  // Server validation answers name the field first ("password: …").
  message = message.replace(/^[\w.]+: /, '');
  if (message.startsWith('Too many attempts')) {
    const minutes = /wait (\d+)/.exec(message)?.[1] ?? '1';
    return t('auth.errors.tooManyAttempts', { minutes });
  }
  const key = KEYS.get(message);
  return key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, length: VERIFICATION_CODE_LENGTH }) : message;
}
