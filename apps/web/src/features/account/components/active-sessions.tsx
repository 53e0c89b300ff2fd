// The signed-in user's sessions: where and when each was last used, revoke one, or sign out
// everywhere (revokes them all, this one included).
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { accountCalls, sessionsQuery } from '../api/account-calls';

/** A readable device name from the user agent, without guessing more than it says. */
function deviceName(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace('Edg', 'Edge') ?? null;
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS') ?? null;
  return [browser, system].filter(Boolean).join(', ') || userAgent.slice(0, 60);
}

export function ActiveSessions() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('security.sessions.title')}
          </Title>
          <Button
            color="red"
            loading={busy === 'all'}
            onClick={async () => {
              setBusy('all');
              try {
                await accountCalls.signOutEverywhere();
                window.location.assign('/login');
              } catch (caught) {
                setError(errorText(caught));
                setBusy(null);
              }
            }}
          >
            {t('security.sessions.signOutEverywhere')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {sessions.isError && <Text c="red.8">{errorText(sessions.error)}</Text>}
        {sessions.data && (
          <Table.ScrollContainer minWidth={520}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('security.sessions.device')}</Table.Th>
                  <Table.Th>{t('security.sessions.address')}</Table.Th>
                  <Table.Th>{t('security.sessions.lastActive')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.sessions.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{deviceName(session.userAgent, t('security.sessions.unknownDevice'))}</Text>
                        {session.current && <Badge variant="light">{t('security.sessions.thisDevice')}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{session.ipAddress ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(session.lastActiveAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {!session.current && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={busy === session.id}
                          onClick={async () => {
                            setBusy(session.id);
                            try {
                              await accountCalls.revokeSession(session.id);
                              await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
                            } catch (caught) {
                              setError(errorText(caught));
                            } finally {
                              setBusy(null);
                            }
                          }}
                        >
                          {t('security.sessions.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
