// 'Forgot your password?': 'Reset your password' (email) → code and new password → sign in.
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, REQUIRED_MESSAGE, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { authCalls } from '../api/auth-calls';
import { passwordPairErrors, passwordPairValid } from '../password-pair';
import { translateMessage } from '../../../lib/validation-messages';
import { AuthCard, CodeInput, NewPasswordFields} from './form-parts';
import { useErrorText } from '../../../lib/use-error-text';

export function ForgotPasswordScreen(props: { onCodeSent: (email: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: {
      email: (value) => {
        const result = emailSchema.safeParse(value);
        return result.success ? null : translateMessage(t, result.error.issues[0]?.message ?? REQUIRED_MESSAGE);
      },
    },
  });
  return (
    <AuthCard title={t('auth.forgotPassword.title')} error={error}>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          setBusy(true);
          setError(null);
          try {
            const email = emailSchema.parse(values.email);
            await authCalls.forgotPassword(email);
            props.onCodeSent(email);
          } catch (caught) {
            setError(errorText(caught));
          } finally {
            setBusy(false);
          }
        })}
      >
        <Stack gap="sm">
          <TextInput label={t('auth.fields.email')} placeholder={t('auth.placeholders.email')} type="email" autoComplete="username" required autoFocus {...form.getInputProps('email')} />
          <Button type="submit" loading={busy}>
            {t('auth.forgotPassword.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ConfirmResetPasswordScreen(props: { email: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: (values) => {
      const pair = passwordPairErrors(t, values, { password: form.isTouched('password'), confirmPassword: form.isTouched('confirmPassword') });
      return { password: pair.password || null, confirmPassword: pair.confirmPassword };
    },
  });
  const values = form.getValues();

  if (done) {
    return (
      <AuthCard title={t('auth.forgotPassword.title')}>
        <Alert color="teal" variant="light" role="status">
          {t('auth.forgotPassword.changed')}
        </Alert>
        <Button onClick={props.onDone}>{t('auth.backToSignIn')}</Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.forgotPassword.title')} error={error}>
      <Text size="sm">{t('auth.confirmSignUp.sentTo', { email: props.email })}</Text>
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(async (submitted) => {
          setBusy(true);
          setError(null);
          try {
            await authCalls.resetPassword(props.email, submitted.code, submitted.password);
            setDone(true);
          } catch (caught) {
            setError(errorText(caught));
          } finally {
            setBusy(false);
          }
        })}
      >
        <Stack gap="sm">
          <CodeInput value={values.code} onChange={(code) => form.setFieldValue('code', code)} autoFocus description={t('auth.codeHint')} />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
            passwordValue={values.password}
            passwordLabel={t('auth.fields.newPassword')}
          />
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={async () => {
                setError(null);
                try {
                  await authCalls.forgotPassword(props.email);
                  setNotice(t('auth.confirmSignUp.resent'));
                } catch (caught) {
                  setError(errorText(caught));
                }
              }}
            >
              {t('auth.resendCode')}
            </Anchor>
            <Button type="submit" loading={busy} disabled={values.code.length !== VERIFICATION_CODE_LENGTH || !passwordPairValid(values)}>
              {t('auth.submit')}
            </Button>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
