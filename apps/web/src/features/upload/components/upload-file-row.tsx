// One file on /upload-progress: name, size, progress with percentage, state and its actions.
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../lib/use-error-text';
import { formatBytes } from '../format-bytes';
import { uploadUrlOf, videoIdFromUploadUrl, type UploadFile } from '../upload-store';

export type UploadState = 'waiting' | 'uploading' | 'paused' | 'error' | 'complete';

export function uploadStateOf(file: UploadFile): UploadState {
  if (file.progress.uploadComplete) return 'complete';
  if (file.error) return 'error';
  if (file.isPaused) return 'paused';
  return file.progress.uploadStarted ? 'uploading' : 'waiting';
}

export function filePercent(file: UploadFile): number {
  if (file.progress.uploadComplete) return 100;
  const total = file.progress.bytesTotal || file.size || 0;
  return total > 0 ? Math.floor(((file.progress.bytesUploaded || 0) / total) * 100) : 0;
}

const STATE_COLOR: Record<UploadState, string> = { waiting: 'gray', uploading: 'blue', paused: 'yellow', error: 'red', complete: 'teal' };

export function UploadFileRow({
  file,
  onPauseResume,
  onCancel,
  onRetry,
}: {
  file: UploadFile;
  onPauseResume: () => void;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const state = uploadStateOf(file);
  const percent = filePercent(file);
  const videoId = state === 'complete' ? videoIdFromUploadUrl(uploadUrlOf(file)) : null;
  const labelId = `upload-row-${file.id.replace(/[^\w-]/g, '_')}`;
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-labelledby={labelId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id={labelId} truncate>
            {file.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm">{formatBytes(file.size, i18n.language)}</Text>
            <Badge color={STATE_COLOR[state]} variant="light">
              {t(`upload.states.${state}`)}
            </Badge>
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={percent} flex={1} color={STATE_COLOR[state]} aria-label={t('upload.progress.fileProgress', { name: file.name })} />
          <Text size="sm" w={48} ta="right" aria-live="polite">
            {`${percent}%`}
          </Text>
        </Group>
        {state === 'error' && (
          <Text size="sm" c="red.8" role="alert">
            {file.meta.refusal ? errorText(file.meta.refusal) : file.error}
          </Text>
        )}
        <Group gap="xs">
          {(state === 'uploading' || state === 'paused') && (
            <Button
              size="xs"
              variant="light"
              onClick={onPauseResume}
              aria-label={t(state === 'paused' ? 'upload.progress.resumeFile' : 'upload.progress.pauseFile', { name: file.name })}
            >
              {t(state === 'paused' ? 'upload.progress.resume' : 'upload.progress.pause')}
            </Button>
          )}
          {state === 'error' && (
            <Button size="xs" variant="light" onClick={onRetry} aria-label={t('upload.progress.retryFile', { name: file.name })}>
              {t('common.retry')}
            </Button>
          )}
          {state !== 'complete' && (
            <Button size="xs" variant="subtle" color="red" onClick={onCancel} aria-label={t('upload.progress.cancelFile', { name: file.name })}>
              {t('upload.progress.cancel')}
            </Button>
          )}
          {videoId && (
            <Button
              size="xs"
              component={Link}
              to={`/upload-finished?video=${encodeURIComponent(videoId)}`}
              aria-label={t('upload.progress.addDetailsFor', { name: file.name })}
            >
              {t('upload.progress.addDetails')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
