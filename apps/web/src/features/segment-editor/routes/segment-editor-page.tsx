// /segment-editor: the provider's videos whose segments can be edited — published ones and any
// whose details have been saved (segments can be prepared while the video is still processing).
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Video } from '@ipsv/contracts/videos';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/use-error-text';
import { myVideosQuery } from '../api/segment-calls';

export const editableForSegments = (videos: readonly Video[]): Video[] =>
  videos.filter((v) => v.status === 'published' || v.detailsSaved);

export function SegmentEditorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const videos = useQuery(myVideosQuery);
  const list = editableForSegments(videos.data?.videos ?? []);

  return (
    <Page title={t('pages.segmentEditor.title')}>
      {videos.isError && (
        <Text role="alert" c="red.8">
          {errorText(videos.error)}
        </Text>
      )}
      {videos.isPending && <Text role="status">{t('common.loading')}</Text>}
      {videos.isSuccess && list.length === 0 && <EmptyState title={t('segmentEditor.list.emptyTitle')} hint={t('pages.segmentEditor.empty')} />}
      {list.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('segmentEditor.list.label')}>
          {list.map((video) => (
            <Card key={video.id} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/edit-segments/${encodeURIComponent(video.id)}`} fw={600}>
                  {video.details.title || video.details.fileName}
                </Anchor>
                <Badge variant="light" color={video.status === 'published' ? 'teal' : 'gray'}>
                  {t(`segmentEditor.list.status.${video.status}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
