// /pii-editor: the provider's videos whose personal-information ranges can be edited — those waiting
// for their first review first, then published ones (a re-review renders a new version).
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Video } from '@ipsv/contracts/videos';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/use-error-text';
import { myVideosQuery } from '../api/review-calls';

/** Review first (they block publication), then published; the server's newest-first order within each. */
export function editableForPrivacy(videos: readonly Video[]): Video[] {
  return [...videos.filter((v) => v.status === 'review'), ...videos.filter((v) => v.status === 'published')];
}

export function PiiEditorPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const videos = useQuery(myVideosQuery);
  const list = editableForPrivacy(videos.data?.videos ?? []);

  return (
    <Page title={t('pages.piiEditor.title')}>
      {videos.isError && (
        <Text role="alert" c="red.8">
          {errorText(videos.error)}
        </Text>
      )}
      {videos.isPending && <Text role="status">{t('common.loading')}</Text>}
      {videos.isSuccess && list.length === 0 && <EmptyState title={t('piiEditor.list.emptyTitle')} hint={t('pages.piiEditor.empty')} />}
      {list.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('piiEditor.list.label')}>
          {list.map((video) => (
            <Card key={video.id} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Anchor component={Link} to={`/edit-pii/${encodeURIComponent(video.id)}`} fw={600}>
                    {video.details.title || video.details.fileName}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {video.status === 'review' ? t('piiEditor.list.reviewHint') : t('piiEditor.list.publishedHint', { version: video.publishedVersion })}
                  </Text>
                </Stack>
                <Badge variant="light" color={video.status === 'review' ? 'orange' : 'teal'}>
                  {t(`piiEditor.list.status.${video.status as 'review' | 'published'}`)}
                </Badge>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
