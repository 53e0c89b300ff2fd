// Sign-in challenges: 'Confirm Sign In' (authenticator code) and the forced new password of an
// account created by an administrator.
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInStep } from '@ipsv/contracts/auth';
import { useConfirmSignIn } from '../api/confirm-sign-in';
import { useSetNewPassword } from '../api/set-new-password';
import { passwordPairErrors, passwordPairValid } from '../password-pair';
import { AuthCard, NewPasswordFields } from './form-parts';

type OnStep = (step: SignInStep, context: { email?: string; challenge?: string }) => void;

export function ConfirmSignInScreen({ onStep, onBack }: { onStep: OnStep; onBack: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmSignIn();
  const [code, setCode] = useState('');
  const usable = /^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/.test(code.trim());
  return (
    <AuthCard title={t('auth.confirmSignIn.title')} error={confirm.error}>
      <Text size="sm">{t('auth.confirmSignIn.hint')}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(code.trim(), { onSuccess: (result) => onStep(result.step, {}) });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.confirmationCode')}
            placeholder={t('auth.placeholders.confirmationCode')}
            description={t('auth.confirmSignIn.backupHint')}
            autoComplete="one-time-code"
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button type="submit" loading={confirm.isPending} disabled={!usable}>
            {t('auth.confirm')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function ForceNewPasswordScreen(props: { challenge: string; onStep: OnStep; onBack: () => void }) {
  const { t } = useTranslation();
  const newPassword = useSetNewPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: (values) => {
      const pair = passwordPairErrors(t, values, { password: form.isTouched('password'), confirmPassword: form.isTouched('confirmPassword') });
      return { password: pair.password || null, confirmPassword: pair.confirmPassword };
    },
  });
  const values = form.getValues();
  return (
    <AuthCard title={t('auth.forceNewPassword.title')} error={newPassword.error}>
      <Text size="sm">{t('auth.forceNewPassword.hint')}</Text>
      <form
        noValidate
        onSubmit={form.onSubmit((submitted) =>
          newPassword.mutate({ challenge: props.challenge, password: submitted.password }, { onSuccess: (result) => props.onStep(result.step, {}) }),
        )}
      >
        <Stack gap="sm">
          <NewPasswordFields password={form.getInputProps('password')} confirm={form.getInputProps('confirmPassword')} passwordValue={values.password} />
          <Button type="submit" loading={newPassword.isPending} disabled={!passwordPairValid(values)}>
            {t('auth.forceNewPassword.submit')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
