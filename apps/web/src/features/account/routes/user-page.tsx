// /user/:userId: a user's public profile (name, picture, role). Their videos join it later.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { UserAvatar } from '../../../components/user-avatar';
import { useErrorText } from '../../../lib/use-error-text';
import { usePublicProfile } from '../api/get-public-profile';

export function UserPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { userId = '' } = useParams();
  const user = usePublicProfile(userId);
  if (user.isError) {
    return (
      <Page title={t('pages.user.title')}>
        <EmptyState title={errorText(user.error)} hint={t('profile.userMissing')} />
      </Page>
    );
  }
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : '';
  return (
    <Page title={name || t('pages.user.title')}>
      {user.data && (
        <Card withBorder radius="md" padding="lg">
          <Group>
            <UserAvatar
              pictureUrl={user.data.pictureUrl}
              firstName={user.data.firstName}
              lastName={user.data.lastName}
              size={96}
              alt={t('profile.pictureOf', { name })}
            />
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
              <Badge variant="light" w="fit-content">
                {t(`roles.${user.data.role}`)}
              </Badge>
            </Stack>
          </Group>
        </Card>
      )}
      <EmptyState title={t('common.nothingHereYet')} hint={t('pages.user.empty')} />
    </Page>
  );
}
