// /analytics/pi: personal information — name, profile picture (PNG, JPEG or WebP up to 5 MB,
// resized by the server to 256 px), and the request to become a video provider.
import { Alert, Badge, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRED_MESSAGE } from '@ipsv/contracts/auth';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type Profile } from '@ipsv/contracts/users';
import { Page } from '../../../components/page';
import { UserAvatar } from '../../../components/user-avatar';
import { sessionQuery } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { translateMessage } from '../../../lib/validation-messages';
import { accountCalls, profileQuery } from '../api/account-calls';

function NameForm({ profile, onSaved }: { profile: Profile; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: profile.firstName, lastName: profile.lastName },
    validateInputOnChange: true,
    validate: {
      firstName: (value) => (value.trim() ? null : translateMessage(t, REQUIRED_MESSAGE)),
      lastName: (value) => (value.trim() ? null : translateMessage(t, REQUIRED_MESSAGE)),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        setError(null);
        setSaved(false);
        try {
          await accountCalls.updateName(profile.id, values.firstName.trim(), values.lastName.trim());
          setSaved(true);
          form.resetDirty();
          await onSaved();
        } catch (caught) {
          setError(errorText(caught));
        }
      })}
    >
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput label={t('auth.fields.givenName')} autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label={t('auth.fields.familyName')} autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </Group>
        <Group>
          <Button type="submit" disabled={!form.isDirty() || !form.isValid()}>
            {t('common.save')}
          </Button>
          {saved && (
            <Text size="sm" c="teal.8" role="status">
              {t('profile.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'picture' | 'request' | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  };

  if (profile.isError) return <Page title={t('pages.personalInformation.title')}>{errorText(profile.error)}</Page>;
  if (!profile.data) return <Page title={t('pages.personalInformation.title')} />;
  const me = profile.data;

  const onPicture = async (file: File | null) => {
    if (!file) return;
    setPictureError(null);
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return setPictureError(t('profile.pictureType'));
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return setPictureError(t('profile.pictureTooLarge'));
    setBusy('picture');
    try {
      await accountCalls.uploadPicture(me.id, file);
      await refresh();
    } catch (caught) {
      setPictureError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

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
          <Group>
            <FileButton onChange={onPicture} accept={PROFILE_PICTURE_TYPES.join(',')}>
              {(props) => (
                <Button variant="light" loading={busy === 'picture'} {...props}>
                  {t('profile.changePicture')}
                </Button>
              )}
            </FileButton>
            {me.pictureUrl && (
              <Button
                variant="subtle"
                onClick={async () => {
                  try {
                    await accountCalls.removePicture(me.id);
                    await refresh();
                  } catch (caught) {
                    setPictureError(errorText(caught));
                  }
                }}
              >
                {t('profile.removePicture')}
              </Button>
            )}
            <Text size="xs">{t('profile.pictureHint')}</Text>
          </Group>
          {pictureError && (
            <Alert color="red" variant="light" role="alert">
              {pictureError}
            </Alert>
          )}
          <NameForm key={`${me.firstName}|${me.lastName}`} profile={me} onSaved={refresh} />
        </Stack>
      </Card>
      {me.role === 'viewer' && (
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
                <Button
                  w="fit-content"
                  loading={busy === 'request'}
                  onClick={async () => {
                    setBusy('request');
                    try {
                      await accountCalls.requestProviderRole();
                      await refresh();
                    } finally {
                      setBusy(null);
                    }
                  }}
                >
                  {t('profile.requestProvider')}
                </Button>
              </>
            )}
          </Stack>
        </Card>
      )}
    </Page>
  );
}
