// The optional profile fields (spec section 2's field labels) and the provider page's specialty
// and short biography, on /analytics/pi.
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { BIOGRAPHY_MAX, profileDetailsSchema, type Profile } from '@ipsv/contracts/users';
import { ErrorAlert } from '../../../components/error-alert';
import { schemaText } from '../../../lib/use-error-text';
import { useUpdateDetails } from '../api/update-details';

export function DetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateDetails(profile.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: profile.details,
    validateInputOnBlur: true,
    validate: {
      website: (value) => schemaText(t, profileDetailsSchema.shape.website, value),
      profile: (value) => schemaText(t, profileDetailsSchema.shape.profile, value),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        update.mutate({ firstName: profile.firstName, lastName: profile.lastName, ...values }, { onSuccess: () => form.resetDirty(values) }),
      )}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.detailsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.detailsHint')}
        </Text>
        <ErrorAlert error={update.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('auth.fields.middleName')} autoComplete="additional-name" maxLength={100} {...form.getInputProps('middleName')} />
          <TextInput label={t('auth.fields.nickname')} autoComplete="nickname" maxLength={100} {...form.getInputProps('nickname')} />
          <TextInput label={t('auth.fields.preferredUsername')} autoComplete="username" maxLength={100} {...form.getInputProps('preferredUsername')} />
          <TextInput label={t('profile.specialty')} maxLength={100} {...form.getInputProps('specialty')} />
          <TextInput label={t('auth.fields.website')} type="url" autoComplete="url" maxLength={500} {...form.getInputProps('website')} />
          <TextInput label={t('auth.fields.profile')} type="url" maxLength={500} {...form.getInputProps('profile')} />
        </SimpleGrid>
        <Textarea
          label={t('profile.biography')}
          description={t('profile.biographyHint', { max: BIOGRAPHY_MAX })}
          autosize
          minRows={3}
          maxLength={BIOGRAPHY_MAX}
          {...form.getInputProps('biography')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty() || !form.isValid()}>
            {t('common.save')}
          </Button>
          {update.isSuccess && !form.isDirty() && (
            <Text size="sm" c="teal.8" role="status">
              {t('profile.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
