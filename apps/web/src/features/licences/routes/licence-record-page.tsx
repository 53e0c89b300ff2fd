// /licence-record/:requestId: the printable record of a licence (who, what, terms, when) for its
// requester, the video's provider and administrators.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LICENCE_NAMES } from '@ipsv/contracts/licences';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useLicenceRecord } from '../api/licences';

export function LicenceRecordPage() {
  const { t, i18n } = useTranslation();
  const { requestId = '' } = useParams();
  const record = useLicenceRecord(requestId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const r = record.data;
  const rows: [string, string][] = r
    ? [
        [t('licences.video'), `${r.videoTitle} (${r.videoId})`],
        [t('licences.title'), r.licence === 'cc_by_nc_nd' || r.licence === 'cc_by_nc_sa' ? LICENCE_NAMES[r.licence] : t(`licences.names.${r.licence}`)],
        [t('licences.provider'), `${r.provider.name} <${r.provider.email}>`],
        [t('licences.requester'), `${r.requester.name} <${r.requester.email}>`],
        [t('licences.institution'), r.institution],
        [t('licences.purpose'), r.purpose],
        [t('licences.duration'), r.duration],
        [t('licences.statusLabel'), t(`licences.status.${r.status}`)],
        [t('licences.terms'), r.terms ?? '—'],
        [t('licences.requestedAt'), date.format(new Date(r.createdAt))],
        [t('licences.decidedAt'), r.decidedAt ? date.format(new Date(r.decidedAt)) : '—'],
      ]
    : [];
  return (
    <Page title={t('pages.licenceRecord.title')}>
      <ErrorAlert error={record.error} />
      {record.isPending && <Text role="status">{t('common.loading')}</Text>}
      {r && (
        <Stack gap="md" maw={760}>
          <Table withTableBorder variant="vertical" aria-label={t('pages.licenceRecord.title')} data-testid="licence-record">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={200}>{label}</Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group className="no-print">
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {t('licences.print')}
            </Button>
          </Group>
        </Stack>
      )}
    </Page>
  );
}
