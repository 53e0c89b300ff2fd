// /admin/settings: what this instance allows, for its administrators. Read-only: the environment
// sets each policy at start (.env.example), so the page says which variable changes it.
import { Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../api/get-session';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useInstanceSettings } from '../api/get-instance-settings';

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const isAdmin = useSessionUser()?.role === 'admin';
  const settings = useInstanceSettings(isAdmin);
  if (!isAdmin) {
    return (
      <Page title={t('pages.adminSettings.title')}>
        <EmptyState title={t('admin.onlyAdmins')} />
      </Page>
    );
  }
  return (
    <Page title={t('pages.adminSettings.title')}>
      <ErrorAlert error={settings.error} />
      {settings.isPending && <Text role="status">{t('common.loading')}</Text>}
      {settings.data && (
        <Card withBorder padding="md" component="section" aria-labelledby="setting-auto-publish">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4" id="setting-auto-publish">
                {t('admin.settings.autoPublish')}
              </Title>
              <Badge color={settings.data.autoPublish ? 'orange.9' : 'teal.9'} variant="outline" data-testid="auto-publish-state">
                {settings.data.autoPublish ? t('admin.settings.on') : t('admin.settings.off')}
              </Badge>
            </Group>
            <Text>
              {settings.data.autoPublish ? t('admin.settings.autoPublishOn', { score: settings.data.autoPublishMaxScore }) : t('admin.settings.autoPublishOff')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('admin.settings.setBy')} <Code>AUTO_PUBLISH</Code>
            </Text>
          </Stack>
        </Card>
      )}
    </Page>
  );
}
