// /edit-video/:surgeryId: the same details form for a video that already has details.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import { VideoDetailsView } from '../components/video-details-view';

export function EditVideoPage() {
  const { t } = useTranslation();
  const { surgeryId = '' } = useParams();
  return (
    <Page title={t('pages.editVideo.title')}>
      <VideoDetailsView videoId={surgeryId} onSaved={() => undefined} />
    </Page>
  );
}
