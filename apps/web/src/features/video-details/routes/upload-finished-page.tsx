// /upload-finished?video=<id>: the details of a freshly uploaded video; the first save starts the
// privacy analysis, so the provider is then taken to /progress.
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { VideoDetailsView } from '../components/video-details-view';

export function UploadFinishedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const videoId = params.get('video');
  return (
    <Page title={t('pages.uploadFinished.title')}>
      {videoId ? (
        <VideoDetailsView
          videoId={videoId}
          onSaved={(_saved, firstSave) => {
            if (firstSave) void navigate('/progress');
          }}
        />
      ) : (
        <Stack align="center">
          <EmptyState title={t('videoDetails.noVideo')} />
          <Anchor component={Link} to="/upload-progress">
            {t('videoDetails.toUploads')}
          </Anchor>
        </Stack>
      )}
    </Page>
  );
}
