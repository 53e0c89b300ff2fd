// /video-search (home layout): the search box, the sidebar's filters with counts (behind a Filters
// button on a phone), the sort, the results with paging. The whole state is the URL: back and
// forward move through searches, a reload or a shared link shows the same results.
import { Box, Button, Grid, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SEARCH_PAGE_MAX, SORT_OPTIONS, type SearchSort } from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { ErrorAlert } from '../../../components/error-alert';
import { useSearchVideos } from '../api/search-videos';
import { ResultItem } from '../components/result-item';
import { SearchFilters } from '../components/search-filters';
import { useOpenVideo } from '../components/use-open-video';
import { activeFilterCount, readSearchState, searchParamsOf, withChange, type SearchState } from '../search-state';
import { setSearchValues } from '../search-values';
import { LabelledPagination } from '../../../components/labelled-pagination';
import classes from './video-search-page.module.css';

export function VideoSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const apiQuery = useMemo(() => {
    const query = searchParamsOf(state);
    query.set('facets', 'true');
    return query.toString();
  }, [state]);
  const result = useSearchVideos(apiQuery);
  const { open, checking, messageBox } = useOpenVideo();
  const [text, setText] = useState(state.q);
  const [shownQ, setShownQ] = useState(state.q);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const now = new Date();

  // The page's box follows back and forward (and the header's search).
  if (shownQ !== state.q) {
    setShownQ(state.q);
    // Not while typing: the URL keeps the trimmed text of what is still being typed.
    if (text.trim() !== state.q) setText(state.q);
  }
  // The header's search box follows the page.
  useEffect(() => setSearchValues({ surgeryType: state.surgeryType, searchInput: state.q }), [state.surgeryType, state.q]);

  const go = (next: SearchState, replace = false) => setParams(searchParamsOf(next), { replace });
  // Results follow the text while typing (one history entry per search, not per key).
  const typed = useDebouncedCallback((value: string) => go(withChange(state, { q: value }), true), 350);

  const sortValue = state.sort ?? (state.q.trim() ? 'RELEVANCE' : 'DATE_PUBLISH_NEW');
  const sortOptions = [
    ...(state.q.trim() ? [{ value: 'RELEVANCE', label: t('discovery.sorts.RELEVANCE') }] : []),
    ...SORT_OPTIONS.map((sort) => ({ value: sort, label: t(`discovery.sorts.${sort}`) })),
  ];
  const data = result.data;
  const pages = data ? Math.min(SEARCH_PAGE_MAX, Math.max(1, Math.ceil((data.total ?? 0) / data.pageSize))) : 1;
  const activeFilters = activeFilterCount(state);
  const filtered = activeFilters > 0;

  return (
    <Page title={t('pages.videoSearch.title')}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          typed.cancel();
          go(withChange(state, { q: text }));
        }}
      >
        <TextInput
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            typed(event.currentTarget.value);
          }}
          placeholder={t('discovery.searchPlaceholder')}
          aria-label={t('discovery.searchLabel')}
          leftSection={<IconSearch size={16} />}
          maxLength={200}
          size="md"
          data-testid="search-page-input"
        />
      </form>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Button
            hiddenFrom="md"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={filtersOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
            mb={filtersOpen ? 'md' : 0}
          >
            {activeFilters > 0 ? `${t('discovery.filters')} (${activeFilters})` : t('discovery.filters')}
          </Button>
          <Box id="search-filters" className={filtersOpen ? undefined : classes.filtersClosed}>
            <SearchFilters state={state} facets={data?.facets ?? null} onChange={(next) => go(next)} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <Text role="status" aria-live="polite" data-testid="result-count">
                {result.isPending ? t('discovery.searching') : data ? t('discovery.resultCount', { count: data.total ?? data.results.length }) : ''}
              </Text>
              <Select
                label={t('discovery.sortBy')}
                data={sortOptions}
                value={sortValue}
                onChange={(value) => go(withChange(state, { sort: value === 'RELEVANCE' || value === null ? null : (value as SearchSort) }))}
                allowDeselect={false}
                w={240}
                data-testid="sort-select"
              />
            </Group>
            {result.isError && <ErrorAlert error={result.error} onRetry={() => result.refetch()} />}
            {result.isPending && (
              <Group justify="center" py="xl">
                <Loader aria-label={t('discovery.searching')} />
              </Group>
            )}
            {data && data.results.length === 0 && (
              <EmptyState
                title={t('discovery.noResults')}
                hint={[
                  state.q.trim() ? t('discovery.tryOtherWords') : null,
                  filtered ? t('discovery.tryFewerFilters') : null,
                  state.surgeryType !== SURGERY_TYPE_ALL ? t('discovery.tryAllTypes') : null,
                  !state.q.trim() && !filtered ? t('discovery.nothingPublished') : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
              />
            )}
            {data && data.results.length > 0 && (
              <Box style={{ opacity: result.isPlaceholderData ? 0.5 : 1 }} aria-busy={result.isFetching}>
                <Stack gap="lg" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('discovery.results')}>
                  {data.results.map((card) => (
                    <li key={card.id}>
                      <ResultItem card={card} open={open} checking={checking === card.id} now={now} />
                    </li>
                  ))}
                </Stack>
              </Box>
            )}
            {data && pages > 1 && (
              <Group justify="center">
                <LabelledPagination
                  total={pages}
                  value={state.page}
                  onChange={(page) => {
                    go({ ...state, page });
                    window.scrollTo({ top: 0 });
                  }}
                />
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {messageBox}
    </Page>
  );
}
