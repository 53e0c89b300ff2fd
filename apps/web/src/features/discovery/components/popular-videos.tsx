// The landing page's 'Popular videos' (spec section 2): the sort/specialty strip (Popular, New,
// specialties; shown here, the spec hides it) over the grid of cards, with "Show more".
import { Button, Chip, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCard } from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import { useSurgeryTypes } from '../../../api/get-surgery-types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { useSearchVideos } from '../api/search-videos';
import { VideoGrid } from './video-grid';
import classes from './popular-videos.module.css';

const GRID_PAGE = 12;

export function PopularVideos() {
  const { t } = useTranslation();
  const [strip, setStrip] = useState<string>('popular');
  const [pages, setPages] = useState(1);
  const specialties = (useSurgeryTypes().data?.surgeryTypes ?? []).filter((type) => type.kind === 'specialty');
  const sort = strip === 'new' ? 'DATE_PUBLISH_NEW' : 'POPULAR';
  const surgeryType = strip.startsWith('type-') ? Number(strip.slice(5)) : SURGERY_TYPE_ALL;
  const query = new URLSearchParams({ sort, pageSize: String(GRID_PAGE * pages), ...(surgeryType ? { surgeryType: String(surgeryType) } : {}) }).toString();
  const result = useSearchVideos(query);
  const cards: VideoCard[] = result.data?.results ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="popular-heading">
      <Title order={2} size="h3" id="popular-heading">
        {t('landing.popularVideos')}
      </Title>
      <Chip.Group
        value={strip}
        onChange={(value) => {
          setStrip(value as string);
          setPages(1);
        }}
      >
        <Group gap="xs" role="radiogroup" aria-label={t('discovery.strip')} className={classes.strip} data-testid="landing-strip">
          <Chip value="popular">{t('discovery.popular')}</Chip>
          <Chip value="new">{t('discovery.new')}</Chip>
          {specialties.map((type) => (
            <Chip key={type.id} value={`type-${type.id}`}>
              {t(`surgeryTypes.${type.id}`, { defaultValue: type.name })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <ErrorAlert error={result.error} onRetry={() => result.refetch()} />
      {result.isPending && <Loader aria-label={t('common.loading')} />}
      {result.data && cards.length === 0 && <EmptyState title={t('discovery.noVideosYet')} hint={t('landing.popularEmpty')} />}
      {cards.length > 0 && <VideoGrid cards={cards} label={t('landing.popularVideos')} />}
      {result.data && cards.length === GRID_PAGE * pages && (
        <Button variant="light" onClick={() => setPages((n) => n + 1)} loading={result.isFetching} w="fit-content">
          {t('discovery.showMore')}
        </Button>
      )}
    </Stack>
  );
}
