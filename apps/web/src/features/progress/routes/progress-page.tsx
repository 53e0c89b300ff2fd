// /progress: every video of the caller with its processing state, kept live over the WebSocket.
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROCESSING_MINUTES_MAX } from '@ipsv/contracts/videos';
import { useMyVideos } from '../../../api/get-my-videos';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { VideoProgressCard } from '../components/video-progress-card';
import { useProgressSocket } from '../progress-socket';

const POLL_MS = 10_000;

export function ProgressPage() {
  const { t } = useTranslation();
  const polling = useProgressSocket();
  const videos = useMyVideos({ refetchInterval: polling ? POLL_MS : false });
  return (
    <Page title={t('pages.progress.title')}>
      <Text>{t('progress.note', { max: PROCESSING_MINUTES_MAX })}</Text>
      {videos.isError ? (
        <ErrorAlert error={videos.error} />
      ) : !videos.data ? (
        <Loader aria-label={t('common.loading')} />
      ) : videos.data.videos.length === 0 ? (
        <Stack align="center">
          <EmptyState title={t('progress.emptyTitle')} hint={t('progress.emptyHint')} />
          <Button component={Link} to="/upload">
            {t('progress.upload')}
          </Button>
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('progress.listLabel')}>
          {videos.data.videos.map((video) => (
            <VideoProgressCard key={video.id} video={video} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
