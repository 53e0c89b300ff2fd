// The access requests viewers sent from the no-access message box: who, which video, their
// message and when; pending ones are answered with Grant (optionally until a date) or Deny.
import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '@ipsv/contracts/dashboard';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { useDecideRequest } from '../api/access';

/** The end of the chosen day in the viewer's time zone, as the server wants it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

function PendingActions({ request }: { request: AccessRequest }) {
  const { t } = useTranslation();
  const [until, setUntil] = useState('');
  const decide = useDecideRequest();
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          size="xs"
          label={t('dashboard.requests.until')}
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
          aria-label={t('dashboard.requests.untilFor', { name: request.requester.name })}
        />
        <Button
          size="xs"
          loading={decide.isPending && decide.variables?.decision === 'grant'}
          onClick={() => decide.mutate({ requestId: request.id, decision: 'grant', ...(until ? { until: endOfDay(until) } : {}) })}
        >
          {t('dashboard.requests.grant')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={decide.isPending && decide.variables?.decision === 'deny'}
          onClick={() => decide.mutate({ requestId: request.id, decision: 'deny' })}
        >
          {t('dashboard.requests.deny')}
        </Button>
      </Group>
      <ErrorAlert error={decide.error} mt="xs" />
    </>
  );
}

export function AccessRequests({ requests }: { requests: AccessRequest[] }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (requests.length === 0) return <EmptyState title={t('dashboard.requests.emptyTitle')} hint={t('dashboard.requests.emptyHint')} />;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped aria-label={t('dashboard.requests.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dashboard.requests.who')}</Table.Th>
            <Table.Th>{t('dashboard.requests.video')}</Table.Th>
            <Table.Th>{t('dashboard.requests.message')}</Table.Th>
            <Table.Th>{t('dashboard.requests.when')}</Table.Th>
            <Table.Th>{t('dashboard.requests.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {request.requester.name}
                </Text>
                <Text size="sm">{request.requester.email}</Text>
              </Table.Td>
              <Table.Td>{request.videoTitle}</Table.Td>
              <Table.Td>{request.message || '—'}</Table.Td>
              <Table.Td>{format.format(new Date(request.createdAt))}</Table.Td>
              <Table.Td>
                {request.status === 'pending' ? (
                  <PendingActions request={request} />
                ) : (
                  <Badge variant="outline" color={request.status === 'granted' ? 'teal.9' : 'gray.9'} c={request.status === 'granted' ? 'teal.9' : 'gray.9'}>
                    {request.status === 'granted' && request.grantedUntil
                      ? t('dashboard.requests.grantedUntil', { date: format.format(new Date(request.grantedUntil)) })
                      : t(`dashboard.requests.status.${request.status}`)}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
