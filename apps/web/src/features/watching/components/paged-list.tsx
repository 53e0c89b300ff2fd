// A paged list of the library: the rows, or an empty state that says what will appear, and the pager.
import { Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { LabelledPagination } from '../../../components/labelled-pagination';

export interface PagedListProps {
  query: { data?: { total: number; pageSize: number }; error: unknown; isPending: boolean; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
  empty: { title: string; hint: string };
  children: ReactNode;
}

export function PagedList({ query, page, onPage, empty, children }: PagedListProps) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (query.error) return <ErrorAlert error={query.error} onRetry={() => query.refetch()} />;
  const data = query.data!;
  if (data.total === 0) return <EmptyState title={empty.title} hint={empty.hint} />;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack gap="md">
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {children}
      </Stack>
      {pages > 1 && (
        <Center>
          <LabelledPagination total={pages} value={page} onChange={onPage} />
        </Center>
      )}
    </Stack>
  );
}
