// /analytics/content → Licences: the licence requests viewers sent for my videos, accepted with
// terms or declined here, and the accepted ones with their printable record.
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LicenceRequest } from '@ipsv/contracts/licences';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { useDecideLicence, useLicenceRequests } from '../api/licences';

function Answer({ request }: { request: LicenceRequest }) {
  const { t } = useTranslation();
  const decide = useDecideLicence();
  const [terms, setTerms] = useState('');
  return (
    <Stack gap={6}>
      <Textarea
        size="xs"
        label={t('licences.terms')}
        description={t('licences.termsHint')}
        value={terms}
        onChange={(e) => setTerms(e.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
      />
      <ErrorAlert error={decide.error} />
      <Group gap="xs">
        <Button
          size="xs"
          disabled={terms.trim() === ''}
          loading={decide.isPending && decide.variables?.decision.decision === 'accept'}
          onClick={() => decide.mutate({ requestId: request.id, decision: { decision: 'accept', terms } })}
        >
          {t('licences.accept')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={decide.isPending && decide.variables?.decision.decision === 'decline'}
          onClick={() => decide.mutate({ requestId: request.id, decision: { decision: 'decline' } })}
        >
          {t('licences.decline')}
        </Button>
      </Group>
    </Stack>
  );
}

export function LicenceRequests() {
  const { t, i18n } = useTranslation();
  const requests = useLicenceRequests();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const list = requests.data?.requests ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="licences-heading" id="licences">
      <Stack gap="sm">
        <Title order={2} size="h3" id="licences-heading">
          {t('licences.providerTitle')}
        </Title>
        <ErrorAlert error={requests.error} />
        {requests.isSuccess && list.length === 0 && <EmptyState title={t('licences.noRequests')} />}
        {list.length > 0 && (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="xs" aria-label={t('licences.providerTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('licences.video')}</Table.Th>
                  <Table.Th>{t('licences.requester')}</Table.Th>
                  <Table.Th>{t('licences.request')}</Table.Th>
                  <Table.Th>{t('licences.statusLabel')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r.id} data-testid={`licence-request-${r.id}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/video/${encodeURIComponent(r.videoId)}`}>
                        {r.videoTitle}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {date.format(new Date(r.createdAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.requester.name}
                      <Text size="xs">{r.requester.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t('licences.institution')}: {r.institution}
                      </Text>
                      <Text size="sm">
                        {t('licences.purpose')}: {r.purpose}
                      </Text>
                      <Text size="sm">
                        {t('licences.duration')}: {r.duration}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.status === 'pending' ? (
                        <Answer request={r} />
                      ) : (
                        <Stack gap={4}>
                          <Badge variant="outline" color={r.status === 'accepted' ? 'teal.9' : 'gray.9'} c={r.status === 'accepted' ? 'teal.9' : 'gray.9'}>
                            {t(`licences.status.${r.status}`)}
                          </Badge>
                          {r.status === 'accepted' && (
                            <Anchor component={Link} to={`/licence-record/${r.id}`} size="sm">
                              {t('licences.record')}
                            </Anchor>
                          )}
                        </Stack>
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
