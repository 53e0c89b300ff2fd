// /progress: every video of the caller with its processing state, kept live over the WebSocket.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROCESSING_MINUTES_MAX } from '@ipsv/contracts/videos';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/use-error-text';
import { progressVideosQuery } from '../api/progress-calls';
import { VideoProgressCard } from '../components/video-progress-card';
import { useProgressSocket } from '../progress-socket';

const POLL_MS = 10_000;

export function ProgressPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const polling = useProgressSocket();
  const videos = useQuery({ ...progressVideosQuery, refetchInterval: polling ? POLL_MS : false });
  return (
    <Page title={t('pages.progress.title')}>
      <Text>{t('progress.note', { max: PROCESSING_MINUTES_MAX })}</Text>
      {videos.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(videos.error)}
        </Alert>
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
