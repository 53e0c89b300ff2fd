// /licences: the licence requests I sent, their answers and, once accepted, the printable record.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useMyLicences } from '../api/licences';

export function MyLicencesPage() {
  const { t, i18n } = useTranslation();
  const licences = useMyLicences();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const list = licences.data?.requests ?? [];
  return (
    <Page title={t('pages.licences.title')}>
      <ErrorAlert error={licences.error} />
      {licences.isPending && <Text role="status">{t('common.loading')}</Text>}
      {licences.isSuccess && list.length === 0 && <EmptyState title={t('licences.noneSent')} hint={t('pages.licences.empty')} />}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="xs" aria-label={t('pages.licences.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('licences.video')}</Table.Th>
                <Table.Th>{t('licences.provider')}</Table.Th>
                <Table.Th>{t('licences.request')}</Table.Th>
                <Table.Th>{t('licences.statusLabel')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id} data-testid={`my-licence-${r.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/video/${encodeURIComponent(r.videoId)}`}>
                      {r.videoTitle}
                    </Anchor>
                    <Text size="xs">{date.format(new Date(r.createdAt))}</Text>
                  </Table.Td>
                  <Table.Td>{r.provider.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.institution}</Text>
                    <Text size="sm">{r.duration}</Text>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
