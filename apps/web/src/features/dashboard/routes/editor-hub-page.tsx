// /editor: the editor hub. Each of my videos with its state and the tools it can open now: the
// privacy review (waiting for review, or published for a re-review), the segment editor (details
// saved or published) and the details form.
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Video } from '@ipsv/contracts/videos';
import { useMyVideos } from '../../../api/get-my-videos';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';

export const canReview = (video: Video) => video.status === 'review' || video.status === 'published';
export const canSegment = (video: Video) => video.status === 'published' || video.detailsSaved;
const STATUS_COLOR: Partial<Record<Video['status'], string>> = { published: 'teal.9', review: 'orange.9', failed: 'red.9', rejected: 'red.9' };

export function EditorHubPage() {
  const { t } = useTranslation();
  const videos = useMyVideos();
  const list = videos.data?.videos ?? [];
  return (
    <Page title={t('pages.editor.title')}>
      <Text>{t('dashboard.editor.intro')}</Text>
      <Group>
        <Button component={Link} to="/pii-editor" variant="light">
          {t('pages.piiEditor.title')}
        </Button>
        <Button component={Link} to="/segment-editor" variant="light">
          {t('pages.segmentEditor.title')}
        </Button>
        <Button component={Link} to="/upload" variant="default">
          {t('pages.upload.title')}
        </Button>
      </Group>
      <ErrorAlert error={videos.error} />
      {videos.isPending && <Text role="status">{t('common.loading')}</Text>}
      {videos.isSuccess && list.length === 0 && <EmptyState title={t('dashboard.editor.emptyTitle')} hint={t('pages.editor.empty')} />}
      {list.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('dashboard.editor.listLabel')}>
          {list.map((video) => {
            const title = video.details.title || video.details.fileName;
            return (
              <Card key={video.id} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={4}>
                    <Text fw={600}>{title}</Text>
                    <Group gap="xs">
                      <Badge variant="outline" color={STATUS_COLOR[video.status] ?? 'gray.9'} c={STATUS_COLOR[video.status] ?? 'gray.9'}>
                        {t(`segmentEditor.list.status.${video.status}`)}
                      </Badge>
                      {video.publishedVersion > 0 && (
                        <Text size="sm" c="dimmed">
                          {t('dashboard.version', { version: video.publishedVersion })}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                  <Group gap="sm">
                    {canReview(video) && (
                      <Anchor component={Link} to={`/edit-pii/${encodeURIComponent(video.id)}`} aria-label={t('dashboard.editor.reviewOf', { title })}>
                        {t('dashboard.actions.privacyReview')}
                      </Anchor>
                    )}
                    {canSegment(video) && (
                      <Anchor component={Link} to={`/edit-segments/${encodeURIComponent(video.id)}`} aria-label={t('dashboard.editor.segmentsOf', { title })}>
                        {t('dashboard.actions.segments')}
                      </Anchor>
                    )}
                    <Anchor component={Link} to={`/edit-video/${encodeURIComponent(video.id)}`} aria-label={t('dashboard.editor.detailsOf', { title })}>
                      {t('dashboard.actions.details')}
                    </Anchor>
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Page>
  );
}
