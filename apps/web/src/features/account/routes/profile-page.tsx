// /analytics/pi: personal information — name, profile picture (PNG, JPEG or WebP up to 5 MB,
// resized by the server to 256 px), and the request to become a video provider.
import { Alert, Badge, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@ipsv/contracts/errors';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type Profile } from '@ipsv/contracts/users';
import { useProfile } from '../../../api/get-profile';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { UserAvatar } from '../../../components/user-avatar';
import { codeText, ruleText, useErrorText } from '../../../lib/use-error-text';
import { useRemovePicture } from '../api/remove-picture';
import { useRequestProviderRole } from '../api/request-provider-role';
import { useUpdateName } from '../api/update-name';
import { DetailsForm } from '../components/details-form';
import { useUploadPicture } from '../api/upload-picture';

/** Keyed by the saved name, so it starts again from the new one; the save itself lives above it. */
function NameForm({ profile, updateName }: { profile: Profile; updateName: ReturnType<typeof useUpdateName> }) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: profile.firstName, lastName: profile.lastName },
    validateInputOnChange: true,
    validate: {
      firstName: (value) => (value.trim() ? null : ruleText(t, 'required')),
      lastName: (value) => (value.trim() ? null : ruleText(t, 'required')),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        updateName.mutate({ firstName: values.firstName.trim(), lastName: values.lastName.trim() }, { onSuccess: () => form.resetDirty() }),
      )}
    >
      <Stack gap="sm">
        <ErrorAlert error={updateName.error} />
        <Group grow align="flex-start">
          <TextInput label={t('auth.fields.givenName')} autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label={t('auth.fields.familyName')} autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </Group>
        <Group>
          <Button type="submit" loading={updateName.isPending} disabled={!form.isDirty() || !form.isValid()}>
            {t('common.save')}
          </Button>
          {updateName.isSuccess && (
            <Text size="sm" c="teal.8" role="status">
              {t('profile.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function PictureField({ me }: { me: Profile }) {
  const { t } = useTranslation();
  const upload = useUploadPicture(me.id);
  const remove = useRemovePicture(me.id);
  // The checks the server makes too, made before sending the file.
  const [refused, setRefused] = useState<ErrorCode | null>(null);

  const onPicture = (file: File | null) => {
    if (!file) return;
    remove.reset();
    upload.reset();
    setRefused(null);
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return setRefused('PICTURE_TYPE');
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return setRefused('PICTURE_TOO_LARGE');
    upload.mutate(file);
  };

  return (
    <>
      <Group>
        <FileButton onChange={onPicture} accept={PROFILE_PICTURE_TYPES.join(',')}>
          {(props) => (
            <Button variant="light" loading={upload.isPending} {...props}>
              {t('profile.changePicture')}
            </Button>
          )}
        </FileButton>
        {me.pictureUrl && (
          <Button
            variant="subtle"
            loading={remove.isPending}
            onClick={() => {
              upload.reset();
              setRefused(null);
              remove.mutate();
            }}
          >
            {t('profile.removePicture')}
          </Button>
        )}
        <Text size="xs">{t('profile.pictureHint')}</Text>
      </Group>
      {refused && (
        <Alert color="red" variant="light" role="alert">
          {codeText(t, refused)}
        </Alert>
      )}
      <ErrorAlert error={upload.error ?? remove.error} />
    </>
  );
}

function ProviderRequest({ me }: { me: Profile }) {
  const { t } = useTranslation();
  const request = useRequestProviderRole();
  return (
    <Card withBorder radius="md" padding="lg" id="provider">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('landing.providerTitle')}
        </Title>
        <Text size="sm">{t('profile.providerText')}</Text>
        {me.providerRequest === 'pending' ? (
          <Alert color="blue" variant="light" role="status">
            {t('profile.providerPending')}
          </Alert>
        ) : (
          <>
            {me.providerRequest === 'rejected' && <Text size="sm">{t('profile.providerRejected')}</Text>}
            <ErrorAlert error={request.error} />
            <Button w="fit-content" loading={request.isPending} onClick={() => request.mutate()}>
              {t('profile.requestProvider')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const profile = useProfile();
  const updateName = useUpdateName(profile.data?.id ?? '');

  if (profile.isError) return <Page title={t('pages.personalInformation.title')}>{errorText(profile.error)}</Page>;
  if (!profile.data) return <Page title={t('pages.personalInformation.title')} />;
  const me = profile.data;

  return (
    <Page title={t('pages.personalInformation.title')}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group>
            <UserAvatar pictureUrl={me.pictureUrl} firstName={me.firstName} lastName={me.lastName} size={96} alt={t('profile.pictureAlt')} />
            <Stack gap={4}>
              <Text fw={600}>{`${me.firstName} ${me.lastName}`}</Text>
              <Text size="sm">{me.email}</Text>
              {me.phoneNumber && <Text size="sm">{me.phoneNumber}</Text>}
              <Badge variant="light" w="fit-content">
                {t(`roles.${me.role}`)}
              </Badge>
            </Stack>
          </Group>
          <PictureField me={me} />
          <NameForm key={`${me.firstName}|${me.lastName}`} profile={me} updateName={updateName} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <DetailsForm profile={me} />
      </Card>
      {me.role === 'viewer' && <ProviderRequest me={me} />}
    </Page>
  );
}
