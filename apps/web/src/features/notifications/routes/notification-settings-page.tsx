// /analytics/notification: per kind of notification, whether it also comes by email — at once, in
// a daily digest, or not at all. In the app every notification always shows.
import { Alert, Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHOICES, type EmailChoice, type NotificationType } from '@ipsv/contracts/notifications';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications-api';

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  /** The user's unsaved changes over what is stored (null: nothing changed). */
  const [draft, setDraft] = useState<Partial<Record<NotificationType, EmailChoice>> | null>(null);
  const saved: Partial<Record<NotificationType, EmailChoice>> = Object.fromEntries((preferences.data?.email ?? []).map((item) => [item.type, item.choice]));
  const choices = { ...saved, ...draft };
  const changed = Object.entries(choices).some(([type, choice]) => saved[type as NotificationType] !== choice);
  const setChoices = (update: (current: Partial<Record<NotificationType, EmailChoice>>) => Partial<Record<NotificationType, EmailChoice>>) =>
    setDraft(update(choices));

  return (
    <Page title={t('pages.notifications.title')}>
      <Text c="dimmed">{t('notifications.settingsIntro')}</Text>
      <ErrorAlert error={preferences.error ?? save.error} />
      {save.isSuccess && !changed && (
        <Alert color="teal" variant="light" role="status">
          {t('notifications.saved')}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.columns.type')}</Table.Th>
                <Table.Th>{t('notifications.columns.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(preferences.data?.email ?? []).map(({ type }) => (
                <Table.Tr key={type}>
                  <Table.Td>
                    <Text size="sm" id={`notification-type-${type}`}>
                      {t(`notifications.typeNames.${type}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-labelledby={`notification-type-${type}`}
                      value={choices[type] ?? 'off'}
                      onChange={(value) => setChoices((current) => ({ ...current, [type]: value as EmailChoice }))}
                      data={EMAIL_CHOICES.map((choice) => ({ value: choice, label: t(`notifications.choices.${choice}`) }))}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" disabled={!changed} onClick={() => setDraft(null)}>
              {t('notifications.undo')}
            </Button>
            <Button disabled={!changed} loading={save.isPending} onClick={() => save.mutate({ email: choices }, { onSuccess: () => setDraft(null) })}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
