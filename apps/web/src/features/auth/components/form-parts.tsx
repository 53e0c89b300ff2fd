// Pieces every auth screen shares: the card with its heading and error alert, the code field, the
// password rules shown as the user types, and the sign-up-style password pair.
import { Alert, List, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordViolations, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { ErrorAlert } from '../../../components/error-alert';
import { ruleText } from '../../../lib/use-error-text';

/** `error` is the failed call of the screen (shown through useErrorText), if any. */
export function AuthCard({ title, error, children }: { title: string; error?: unknown; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <ErrorAlert error={error} icon={<IconAlertCircle size={18} />} />
        {children}
      </Stack>
    </Paper>
  );
}

export function CodeInput(props: { value: string; onChange: (value: string) => void; error?: ReactNode; autoFocus?: boolean; description?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.fields.confirmationCode')}
      placeholder={t('auth.placeholders.confirmationCode')}
      description={props.description}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
      required
      autoFocus={props.autoFocus}
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}

/** The unmet password rules, each only while it is unmet (spec section 5). */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  if (password.length === 0) return null;
  const violations = passwordViolations(password);
  if (violations.length === 0) return null;
  return (
    <List size="sm" c="red.8" spacing={2} aria-live="polite" data-testid="password-rules">
      {violations.map((violation) => (
        <List.Item key={violation.code}>{ruleText(t, `password.${violation.code}`)}</List.Item>
      ))}
    </List>
  );
}

export function NewPasswordFields(props: {
  /** Input props of the two fields (from the form). */
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  passwordValue: string;
  passwordLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={props.passwordLabel ?? t('auth.fields.password')}
        placeholder={t('auth.placeholders.password')}
        autoComplete="new-password"
        required
        {...props.password}
      />
      <PasswordRules password={props.passwordValue} />
      <PasswordInput
        label={t('auth.fields.confirmPassword')}
        placeholder={t('auth.placeholders.confirmPassword')}
        autoComplete="new-password"
        required
        {...props.confirm}
      />
    </>
  );
}

/** Spec section 8: the sign-in service is missing or broken. Details go to the console. */
export function ConfigurationError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error('The sign-in service could not be reached or is misconfigured:', error);
  }, [error]);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {t('auth.errors.configuration')}
    </Alert>
  );
}
