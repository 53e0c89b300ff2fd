// /edit-segments/:surgeryId: the segment editor of one of the provider's videos. An unknown video
// shows the not-found page.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { notFoundWhenMissing } from '../../../lib/not-found';
import { useSegments } from '../api/get-segments';
import { SegmentEditor } from '../components/segment-editor';

export function EditSegmentsPage() {
  const { t } = useTranslation();
  const { surgeryId = '' } = useParams();
  const segments = useSegments(surgeryId);
  notFoundWhenMissing(segments.error);

  return (
    <Page title={t('pages.editSegments.title')}>
      {segments.isPending && <Text role="status">{t('common.loading')}</Text>}
      <ErrorAlert error={segments.error} />
      {segments.data && <SegmentEditor key={segments.data.videoId} initial={segments.data} />}
    </Page>
  );
}
