// Validation of the new-password pair used by sign-up, forced new password and reset (spec
// section 5): every password rule, and 'Your passwords must match' once either field was touched
// or both are at least 6 characters long.
import type { TFunction } from 'i18next';
import { confirmPasswordError, passwordViolations } from '@ipsv/contracts/auth';
import { issueText, ruleText } from '../../lib/use-error-text';

export function passwordPairErrors(
  t: TFunction,
  values: { password: string; confirmPassword: string },
  touched: { password: boolean; confirmPassword: boolean },
): { password: string | boolean; confirmPassword: string | null } {
  // The unmet rules are listed under the field (PasswordRules); the field itself only turns red.
  const password = values.password.length === 0 ? touched.password && ruleText(t, 'required') : passwordViolations(values.password).length > 0;
  const mismatch = confirmPasswordError(values.password, values.confirmPassword, touched.password || touched.confirmPassword);
  return { password, confirmPassword: mismatch ? issueText(t, { message: mismatch }) : null };
}

/** True when the pair may be submitted. */
export function passwordPairValid(values: { password: string; confirmPassword: string }): boolean {
  return passwordViolations(values.password).length === 0 && values.password === values.confirmPassword;
}
