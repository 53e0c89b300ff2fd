// One of the caller's videos on /progress: its state in words, how far the current stage is, why
// it failed or was refused, and where to go next. A video is published as soon as its
// standard-definition version exists; until its HD versions are made too, it says so and the bar
// measures that work.
import { Alert, Anchor, Badge, Button, Group, List, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Video, VideoStatus } from '@ipsv/contracts/videos';
import { ErrorAlert } from '../../../components/error-alert';
import { useViolationText } from '../../../lib/use-violation-text';
import { useRetryVideo } from '../api/retry-video';

const STATUS_COLOR: Record<VideoStatus, string> = {
  uploading: 'blue',
  uploaded: 'blue',
  validating: 'blue',
  rejected: 'red',
  awaiting_details: 'yellow',
  analysing: 'blue',
  review: 'grape',
  rendering: 'blue',
  published: 'teal',
  failed: 'red',
};

export function VideoProgressCard({ video }: { video: Video }) {
  const { t } = useTranslation();
  const retry = useRetryVideo(video.id);
  const violationText = useViolationText();
  const name = video.details.title || video.details.fileName;
  const headingId = `video-${video.id}`;
  const makingHd = video.status === 'published' && !video.renditionComplete;

  return (
    <Paper withBorder p="md" radius="md" component="li" aria-labelledby={headingId} data-testid="video-progress">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id={headingId} truncate>
            {name}
          </Text>
          <Badge color={STATUS_COLOR[video.status]} variant="light" data-testid="video-status">
            {makingHd ? t('progress.statuses.publishedMakingHd') : t(`progress.statuses.${video.status}`)}
          </Badge>
        </Group>
        {video.percent !== null && (
          <Group gap="sm" wrap="nowrap">
            <Progress value={video.percent} flex={1} aria-label={makingHd ? t('progress.hdProgress', { name }) : t('progress.stageProgress', { name })} />
            <Text size="sm" w={48} ta="right" aria-live="polite">
              {`${Math.round(video.percent)}%`}
            </Text>
          </Group>
        )}
        {video.status === 'failed' && (
          <Alert color="red" variant="light" title={t('progress.failedTitle')}>
            <Stack gap="xs">
              {video.failureReason && <Text size="sm">{video.failureReason}</Text>}
              <Button size="xs" w="fit-content" loading={retry.isPending} onClick={() => retry.mutate()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        <ErrorAlert error={retry.error} />
        {video.status === 'rejected' && video.violations.length > 0 && (
          <Alert color="red" variant="light" title={t('progress.rejectedTitle')}>
            <List size="sm">
              {video.violations.map((violation) => (
                <List.Item key={violation.code}>{violationText(violation)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group gap="md">
          {video.status === 'awaiting_details' ? (
            <Anchor component={Link} to={`/upload-finished?video=${encodeURIComponent(video.id)}`} size="sm">
              {t('progress.links.addDetails')}
            </Anchor>
          ) : (
            <Anchor component={Link} to={`/edit-video/${encodeURIComponent(video.id)}`} size="sm">
              {t('progress.links.details')}
            </Anchor>
          )}
          {(video.status === 'review' || video.status === 'published') && (
            <Anchor component={Link} to={`/edit-pii/${encodeURIComponent(video.id)}`} size="sm">
              {t('progress.links.privacy')}
            </Anchor>
          )}
          {video.status === 'published' && (
            <Anchor component={Link} to={`/edit-segments/${encodeURIComponent(video.id)}`} size="sm">
              {t('progress.links.segments')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
