// 'Sign in to your account': email and password, forgot-password link, federated buttons.
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { emailSchema, type SignInStep } from '@ipsv/contracts/auth';
import { ruleText, schemaText } from '../../../lib/use-error-text';
import { useProviders } from '../api/get-providers';
import { useSignIn } from '../api/sign-in';
import { useStartFederatedSignIn } from '../api/start-federated-sign-in';
import { FederatedButtons } from './federated-buttons';
import { AuthCard, ConfigurationError } from './form-parts';

export function SignInForm(props: { onStep: (step: SignInStep, context: { email?: string; challenge?: string }) => void; onForgotPassword: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const federated = useStartFederatedSignIn();
  const providers = useProviders();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: {
      email: (value) => schemaText(t, emailSchema, value),
      password: (value) => (value.length === 0 ? ruleText(t, 'required') : null),
    },
  });

  const submit = form.onSubmit((values) => {
    const email = emailSchema.parse(values.email);
    federated.reset();
    signIn.mutate({ email, password: values.password }, { onSuccess: (result) => props.onStep(result.step, { email, challenge: result.challenge }) });
  });

  return (
    <AuthCard title={t('auth.signIn.title')} error={signIn.error ?? federated.error}>
      {providers.isError && <ConfigurationError error={providers.error} />}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            placeholder={t('auth.placeholders.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            placeholder={t('auth.placeholders.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" mt="xs">
            <Anchor component="button" type="button" size="sm" onClick={props.onForgotPassword}>
              {t('auth.signIn.forgotPassword')}
            </Anchor>
            <Button type="submit" loading={signIn.isPending}>
              {t('auth.signIn.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {providers.data && providers.data.providers.length > 0 && (
        <>
          <Divider label={t('auth.or')} labelPosition="center" />
          <FederatedButtons
            providers={providers.data.providers}
            pending={federated.isPending || federated.isSuccess ? federated.variables : undefined}
            onChoose={(provider) => {
              signIn.reset();
              federated.mutate(provider, { onSuccess: (url) => window.location.assign(url) });
            }}
          />
        </>
      )}
    </AuthCard>
  );
}
