// The signed-in user's sessions: where and when each was last used, revoke one, or sign out
// everywhere (revokes them all, this one included).
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useErrorText } from '../../../lib/use-error-text';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

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
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const signOutEverywhere = useSignOutEverywhere();
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
            // Still loading once it succeeded: the browser is leaving for /login.
            loading={signOutEverywhere.isPending || signOutEverywhere.isSuccess}
            onClick={() => {
              revoke.reset();
              signOutEverywhere.mutate(undefined, { onSuccess: () => window.location.assign('/login') });
            }}
          >
            {t('security.sessions.signOutEverywhere')}
          </Button>
        </Group>
        <ErrorAlert error={signOutEverywhere.error ?? revoke.error} />
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
                          loading={revoke.isPending && revoke.variables === session.id}
                          onClick={() => {
                            signOutEverywhere.reset();
                            revoke.mutate(session.id);
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
