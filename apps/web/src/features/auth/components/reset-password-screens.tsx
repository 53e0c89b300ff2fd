// 'Forgot your password?': 'Reset your password' (email) → code and new password → sign in.
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, VERIFICATION_CODE_LENGTH } from '@ipsv/contracts/auth';
import { schemaText } from '../../../lib/use-error-text';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { passwordPairErrors, passwordPairValid } from '../password-pair';
import { AuthCard, CodeInput, NewPasswordFields } from './form-parts';

export function ForgotPasswordScreen(props: { onCodeSent: (email: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: {
      email: (value) => schemaText(t, emailSchema, value),
    },
  });
  return (
    <AuthCard title={t('auth.forgotPassword.title')} error={forgot.error}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const email = emailSchema.parse(values.email);
          forgot.mutate(email, { onSuccess: () => props.onCodeSent(email) });
        })}
      >
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            placeholder={t('auth.placeholders.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={forgot.isPending}>
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
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const [notice, setNotice] = useState<string | null>(null);
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

  if (reset.isSuccess) {
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
    <AuthCard title={t('auth.forgotPassword.title')} error={reset.error ?? resend.error}>
      <Text size="sm">{t('auth.confirmSignUp.sentTo', { email: props.email })}</Text>
      {notice && (
        <Alert color="teal" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit((submitted) => {
          resend.reset();
          reset.mutate({ email: props.email, code: submitted.code, password: submitted.password });
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
              onClick={() => {
                reset.reset();
                resend.mutate(props.email, { onSuccess: () => setNotice(t('auth.confirmSignUp.resent')) });
              }}
            >
              {t('auth.resendCode')}
            </Anchor>
            <Button type="submit" loading={reset.isPending} disabled={values.code.length !== VERIFICATION_CODE_LENGTH || !passwordPairValid(values)}>
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
