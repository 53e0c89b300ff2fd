// 'Sign in to your account': email and password, forgot-password link, federated buttons.
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema, REQUIRED_MESSAGE, type SignInStep } from '@ipsv/contracts/auth';
import { authCalls, providersQuery } from '../api/auth-calls';
import { translateMessage } from '../../../lib/validation-messages';
import { AuthCard, ConfigurationError} from './form-parts';
import { useErrorText } from '../../../lib/use-error-text';
import { FederatedButtons } from './federated-buttons';

export function SignInForm(props: {
  onStep: (step: SignInStep, context: { email?: string; challenge?: string }) => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const providers = useQuery(providersQuery);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: {
      email: (value) => {
        const result = emailSchema.safeParse(value);
        return result.success ? null : translateMessage(t, result.error.issues[0]?.message ?? REQUIRED_MESSAGE);
      },
      password: (value) => (value.length === 0 ? translateMessage(t, REQUIRED_MESSAGE) : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const email = emailSchema.parse(values.email);
      const result = await authCalls.signIn(email, values.password);
      props.onStep(result.step, { email, challenge: result.challenge });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title={t('auth.signIn.title')} error={error}>
      {providers.isError && <ConfigurationError error={providers.error} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.fields.email')} placeholder={t('auth.placeholders.email')} type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput label={t('auth.fields.password')} placeholder={t('auth.placeholders.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between" mt="xs">
            <Anchor component="button" type="button" size="sm" onClick={props.onForgotPassword}>
              {t('auth.signIn.forgotPassword')}
            </Anchor>
            <Button type="submit" loading={busy}>
              {t('auth.signIn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {providers.data && providers.data.providers.length > 0 && (
        <>
          <Divider label={t('auth.or')} labelPosition="center" />
          <FederatedButtons providers={providers.data.providers} onError={(caught) => setError(errorText(caught))} />
        </>
      )}
    </AuthCard>
  );
}
