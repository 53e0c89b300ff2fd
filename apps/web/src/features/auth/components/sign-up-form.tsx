// 'Create a new account': email, password pair, given and family name, optional phone number with
// its dial code (default +1). Validated on every change and blur; submit stays disabled while any
// field is wrong. Values are trimmed except the passwords.
import { Button, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_CODE, emailSchema, normalisePhoneNumber, phoneNumberSchema } from '@ipsv/contracts/auth';
import { useSignUp } from '../api/sign-up';
import { dialCodeOptions } from '../dial-codes';
import { passwordPairErrors, passwordPairValid } from '../password-pair';
import { ruleText, schemaText } from '../../../lib/use-error-text';
import { AuthCard, PasswordRules } from './form-parts';

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  dialCode: string;
  phone: string;
}

export function SignUpForm({ onCodeSent }: { onCodeSent: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const signUp = useSignUp();
  const dialCodes = useMemo(() => dialCodeOptions(i18n.language), [i18n.language]);

  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '', firstName: '', lastName: '', dialCode: DEFAULT_DIAL_CODE, phone: '' },
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: (values) => {
      const required = (value: string, field: keyof Values): string | null =>
        value.trim().length === 0 && form.isTouched(field) ? ruleText(t, 'required') : null;
      const pair = passwordPairErrors(t, values, { password: form.isTouched('password'), confirmPassword: form.isTouched('confirmPassword') });
      const phone = values.phone.trim() === '' ? null : phoneNumberSchema.safeParse(normalisePhoneNumber(values.dialCode, values.phone));
      return {
        email: values.email.trim() === '' ? required(values.email, 'email') : schemaText(t, emailSchema, values.email),
        password: pair.password || null,
        confirmPassword: pair.confirmPassword,
        firstName: required(values.firstName, 'firstName'),
        lastName: required(values.lastName, 'lastName'),
        phone: phone && !phone.success ? t('validation.phone') : null,
      };
    },
  });
  // A hidden rule (the password field only turns red) still counts as an error.
  const values = form.getValues();
  const complete =
    emailSchema.safeParse(values.email).success &&
    passwordPairValid(values) &&
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    (values.phone.trim() === '' || phoneNumberSchema.safeParse(normalisePhoneNumber(values.dialCode, values.phone)).success);
  const hasErrors = Object.values(form.errors).some(Boolean);

  const submit = form.onSubmit((submitted) => {
    const email = emailSchema.parse(submitted.email);
    signUp.mutate(
      {
        email,
        password: submitted.password,
        firstName: submitted.firstName.trim(),
        lastName: submitted.lastName.trim(),
        phoneNumber: submitted.phone.trim() ? normalisePhoneNumber(submitted.dialCode, submitted.phone) : undefined,
        language: i18n.language,
      },
      { onSuccess: () => onCodeSent(email) },
    );
  });

  return (
    <AuthCard title={t('auth.signUp.title')} error={signUp.error}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            placeholder={t('auth.placeholders.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            placeholder={t('auth.placeholders.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordRules password={values.password} />
          <PasswordInput
            label={t('auth.fields.confirmPassword')}
            placeholder={t('auth.placeholders.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput label={t('auth.fields.givenName')} autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label={t('auth.fields.familyName')} autoComplete="family-name" required {...form.getInputProps('lastName')} />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Select
              label={t('auth.fields.dialCode')}
              data={dialCodes}
              searchable
              allowDeselect={false}
              w={150}
              comboboxProps={{ width: 280, position: 'bottom-start' }}
              {...form.getInputProps('dialCode')}
            />
            <TextInput
              label={t('auth.fields.phoneNumber')}
              placeholder={t('auth.placeholders.phoneNumber')}
              type="tel"
              autoComplete="tel-national"
              style={{ flex: 1 }}
              {...form.getInputProps('phone')}
            />
          </Group>
          <Button type="submit" loading={signUp.isPending} disabled={hasErrors || !complete} mt="xs">
            {t('auth.signUp.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
