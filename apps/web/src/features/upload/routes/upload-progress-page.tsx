// /upload-progress: this tab's uploads file by file (pause, resume, cancel, "Add details" when done)
// and their total; without uploads in this tab, the caller's videos still waiting for a file or details.
import { Anchor, Badge, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyVideos } from '../../../api/get-my-videos';
import { useProfile } from '../../../api/get-profile';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { formatBytes } from '../format-bytes';
import { UploadFileRow } from '../components/upload-file-row';
import { cancelUpload, currentUploader, useUploadSnapshot, type Uploader } from '../upload-store';

function TabUploads({ uppy, userId }: { uppy: Uploader; userId: string }) {
  const { t, i18n } = useTranslation();
  const { files, cancelled } = useUploadSnapshot(userId);
  const totalBytes = files.reduce((sum, file) => sum + (file.progress.bytesTotal || file.size || 0), 0);
  const sentBytes = files.reduce(
    (sum, file) => sum + (file.progress.uploadComplete ? file.progress.bytesTotal || file.size || 0 : file.progress.bytesUploaded || 0),
    0,
  );
  const total = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : files.length > 0 ? 100 : 0;
  return (
    <Stack gap="md">
      {files.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Group gap="sm" wrap="nowrap">
            <Text fw={600} id="upload-total-label">
              {t('upload.progress.total')}
            </Text>
            <Progress value={total} flex={1} aria-labelledby="upload-total-label" />
            <Text fw={600} aria-live="polite" data-testid="upload-total">
              {`${total}%`}
            </Text>
          </Group>
        </Paper>
      )}
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('upload.progress.listLabel')}>
        {files.map((file) => (
          <UploadFileRow
            key={file.id}
            file={file}
            onPauseResume={() => uppy.pauseResume(file.id)}
            onCancel={() => cancelUpload(uppy, file.id)}
            onRetry={() => void uppy.retryUpload(file.id).catch(() => undefined)}
          />
        ))}
        {cancelled.map((file) => (
          <Paper key={`cancelled-${file.id}`} withBorder p="md" radius="md" component="li">
            <Group justify="space-between">
              <Text fw={600}>{file.name}</Text>
              <Group gap="xs">
                <Text size="sm">{formatBytes(file.size, i18n.language)}</Text>
                <Badge color="gray" variant="light">
                  {t('upload.states.cancelled')}
                </Badge>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button component={Link} to="/upload" variant="light">
          {t('upload.progress.uploadMore')}
        </Button>
        <Button component={Link} to="/progress" variant="subtle">
          {t('upload.progress.seeProcessing')}
        </Button>
      </Group>
    </Stack>
  );
}

/** No upload in this tab: the caller's videos whose upload or details are unfinished. */
function UnfinishedVideos() {
  const { t } = useTranslation();
  const videos = useMyVideos();
  if (videos.isError) return <ErrorAlert error={videos.error} />;
  if (!videos.data) return <Loader aria-label={t('common.loading')} />;
  const unfinished = videos.data.videos.filter((video) => video.status === 'uploading' || video.status === 'awaiting_details');
  if (unfinished.length === 0) {
    return (
      <Stack align="center">
        <EmptyState title={t('upload.progress.noneTitle')} hint={t('upload.progress.noneHint')} />
        <Button component={Link} to="/upload">
          {t('upload.progress.goUpload')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text>{t('upload.progress.unfinishedIntro')}</Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {unfinished.map((video) => (
          <Paper key={video.id} withBorder p="md" radius="md" component="li">
            <Group justify="space-between">
              <Text fw={600}>{video.details.title || video.details.fileName}</Text>
              {video.status === 'awaiting_details' ? (
                <Anchor component={Link} to={`/upload-finished?video=${encodeURIComponent(video.id)}`}>
                  {t('upload.progress.addDetails')}
                </Anchor>
              ) : (
                <Group gap="xs">
                  <Text size="sm">{t('upload.progress.interrupted')}</Text>
                  <Anchor component={Link} to="/upload">
                    {t('upload.progress.resumeByChoosing')}
                  </Anchor>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

export function UploadProgressPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const userId = profile.data?.id;
  // Subscribed so the page switches to the tab's uploads as soon as they exist.
  const snapshot = useUploadSnapshot(userId);
  const uppy = currentUploader(userId);
  const hasTabUploads = uppy !== null && (snapshot.files.length > 0 || snapshot.cancelled.length > 0);
  return (
    <Page title={t('pages.uploadProgress.title')}>
      {!profile.data && !profile.isError ? (
        <Loader aria-label={t('common.loading')} />
      ) : hasTabUploads && userId ? (
        <TabUploads uppy={uppy} userId={userId} />
      ) : (
        <UnfinishedVideos />
      )}
    </Page>
  );
}
