// /user/:userId (home layout): a provider's picture, name, specialty, short biography and links,
// and their published videos the viewer may watch, with the same cards and sorts as the search.
import { Anchor, Badge, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SORT_OPTIONS, type SearchSort } from '@ipsv/contracts/search';
import { usePublicProfile } from '../../../api/get-public-profile';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { useSearchVideos } from '../api/search-videos';
import { VideoGrid } from '../components/video-grid';
import { LabelledPagination } from '../../../components/labelled-pagination';

const PAGE_SIZE = 24;

export function ProviderPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { userId = '' } = useParams();
  const user = usePublicProfile(userId);
  const [sort, setSort] = useState<SearchSort>('DATE_PUBLISH_NEW');
  const [page, setPage] = useState(1);
  const videos = useSearchVideos(new URLSearchParams({ owner: userId, sort, page: String(page), pageSize: String(PAGE_SIZE) }).toString());

  if (user.isError) {
    // Only an answer that the user is not there says so; a failure to ask can be asked again.
    const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
    return (
      <Page title={t('pages.user.title')}>
        {missing ? (
          <EmptyState title={errorText(user.error)} hint={t('profile.userMissing')} />
        ) : (
          <ErrorAlert error={user.error} onRetry={() => user.refetch()} />
        )}
      </Page>
    );
  }
  const profile = user.data;
  const name = profile ? [profile.firstName, profile.details.middleName, profile.lastName].filter(Boolean).join(' ') : '';
  const total = videos.data?.total ?? 0;
  return (
    <Page title={name || t('pages.user.title')}>
      {profile && (
        <Card withBorder radius="md" padding="lg" data-testid="provider-profile">
          <Group align="flex-start" wrap="nowrap">
            <UserAvatar
              pictureUrl={profile.pictureUrl}
              firstName={profile.firstName}
              lastName={profile.lastName}
              size={96}
              alt={t('profile.pictureOf', { name })}
            />
            <Stack gap={6} miw={0}>
              <Group gap="xs">
                <Text fw={600} size="lg">
                  {name}
                </Text>
                {profile.details.nickname && <Text c="dimmed">“{profile.details.nickname}”</Text>}
                <Badge variant="light">{t(`roles.${profile.role}`)}</Badge>
              </Group>
              {profile.details.specialty && <Text fw={500}>{profile.details.specialty}</Text>}
              {profile.details.biography && (
                <Text style={{ whiteSpace: 'pre-line' }} maw={760}>
                  {profile.details.biography}
                </Text>
              )}
              <Group gap="md">
                {profile.details.website && (
                  <Anchor href={profile.details.website} target="_blank" rel="noopener noreferrer nofollow">
                    {t('discovery.website')}
                  </Anchor>
                )}
                {profile.details.profile && (
                  <Anchor href={profile.details.profile} target="_blank" rel="noopener noreferrer nofollow">
                    {t('discovery.profileLink')}
                  </Anchor>
                )}
              </Group>
            </Stack>
          </Group>
        </Card>
      )}
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {t('discovery.providerVideos', { count: total })}
        </Title>
        <Select
          label={t('discovery.sortBy')}
          data={SORT_OPTIONS.map((option) => ({ value: option, label: t(`discovery.sorts.${option}`) }))}
          value={sort}
          onChange={(value) => {
            if (value) setSort(value as SearchSort);
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
      </Group>
      <ErrorAlert error={videos.error} onRetry={() => videos.refetch()} />
      {videos.isPending && <Loader aria-label={t('common.loading')} />}
      {videos.data && videos.data.results.length === 0 && <EmptyState title={t('discovery.noProviderVideos')} hint={t('discovery.noProviderVideosHint')} />}
      {videos.data && videos.data.results.length > 0 && <VideoGrid cards={videos.data.results} label={t('discovery.providerVideos', { count: total })} />}
      {total > PAGE_SIZE && (
        <Group justify="center">
          <LabelledPagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
    </Page>
  );
}
