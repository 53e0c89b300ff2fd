// /analytics/whitelist: who may watch my videos. The access requests viewers sent (answered here),
// my named lists, and each video's visibility and lists; `?video=<id>` shows that video first.
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useAccessOverview } from '../api/access';
import { AccessLists } from '../components/access-lists';
import { AccessRequests } from '../components/access-requests';
import { VideoAccessCard } from '../components/video-access-card';

export function WhitelistPage() {
  const { t } = useTranslation();
  const overview = useAccessOverview();
  const [params] = useSearchParams();
  const first = params.get('video');
  const data = overview.data;
  const videos = data ? [...data.videos].sort((a, b) => Number(b.id === first) - Number(a.id === first)) : [];
  return (
    <Page title={t('pages.whitelist.title')}>
      <ErrorAlert error={overview.error} />
      {overview.isPending && <Text role="status">{t('common.loading')}</Text>}
      {data && (
        <>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('dashboard.requests.title')}
            </Title>
            <AccessRequests requests={data.requests} />
          </Stack>
          <AccessLists lists={data.lists} />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('dashboard.videosTitle')}
            </Title>
            {videos.length === 0 ? (
              <EmptyState title={t('dashboard.content.emptyTitle')} hint={t('pages.whitelist.empty')} />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {videos.map((video) => (
                  <VideoAccessCard key={`${video.id}:${video.visibility}:${video.whitelist.join()}:${video.listIds.join()}`} video={video} lists={data.lists} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      )}
    </Page>
  );
}
