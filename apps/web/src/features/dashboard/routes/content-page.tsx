// /analytics/content: my videos as a table (thumbnail, title, status, visibility, views, published
// date, version), sorted by a column, filtered by status, paged; per video its tools, a visibility
// change, deletion after a confirmation and my original while it is kept; and a visibility change
// for every selected video at once.
import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Image, Menu, Modal, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentRow, ContentSort } from '@ipsv/contracts/dashboard';
import { VIDEO_STATUSES, VISIBILITIES, type VideoStatus, type Visibility } from '@ipsv/contracts/videos';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FittedSelect } from '../../../components/fitted-select';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { LICENCES, LICENCE_NAMES, type Licence } from '@ipsv/contracts/licences';
import { useContent, useDeleteVideo, useOriginalLink, useSetVisibility } from '../api/content';
import { useSetLicence } from '../api/licences';
import { LicenceRequests } from '../components/licence-requests';
import { LabelledPagination } from '../../../components/labelled-pagination';

const SORTABLE: Partial<Record<ContentSort, string>> = {
  title: 'dashboard.content.columns.title',
  status: 'dashboard.content.columns.status',
  views: 'dashboard.content.columns.views',
  publishedAt: 'dashboard.content.columns.published',
  version: 'dashboard.content.columns.version',
};

function SortHeader({ column, sort, order, onSort }: { column: ContentSort; sort: ContentSort; order: 'asc' | 'desc'; onSort: (c: ContentSort) => void }) {
  const { t } = useTranslation();
  const active = sort === column;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {t(SORTABLE[column]!)}
          {active && (order === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function ContentPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<VideoStatus | undefined>();
  const [sort, setSort] = useState<ContentSort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkVisibility, setBulkVisibility] = useState<Visibility>('private');
  const [deleting, setDeleting] = useState<ContentRow | null>(null);
  const [licensing, setLicensing] = useState<{ row: ContentRow; licence: Licence } | null>(null);
  const setLicence = useSetLicence();
  const licenceOptions = LICENCES.map((l) => ({
    value: l,
    label: l === 'cc_by_nc_nd' || l === 'cc_by_nc_sa' ? LICENCE_NAMES[l] : t(`licences.names.${l}`),
  }));
  const content = useContent({ status, sort, order, page });
  const setVisibility = useSetVisibility();
  const remove = useDeleteVideo();
  const original = useOriginalLink();
  const rows = content.data?.rows ?? [];
  const visibilityOptions = VISIBILITIES.map((v) => ({ value: v, label: t(`videoDetails.visibilities.${v}`) }));
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const onSort = (column: ContentSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'title' ? 'asc' : 'desc');
    }
    setPage(1);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const download = (id: string) =>
    original.mutate(id, {
      onSuccess: (link) => {
        window.location.assign(link.url);
      },
    });

  return (
    <Page title={t('pages.content.title')}>
      <Group align="flex-end" justify="space-between">
        <Select
          label={t('dashboard.content.statusFilter')}
          data={[
            { value: '', label: t('dashboard.content.allStatuses') },
            ...VIDEO_STATUSES.map((s) => ({ value: s, label: t(`segmentEditor.list.status.${s}`) })),
          ]}
          value={status ?? ''}
          onChange={(value) => {
            setStatus((value || undefined) as VideoStatus | undefined);
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
        {selected.size > 0 && (
          <Group align="flex-end" gap="xs" role="group" aria-label={t('dashboard.content.bulkLabel')}>
            <Text size="sm" pb={8}>
              {t('dashboard.content.selected', { count: selected.size })}
            </Text>
            <FittedSelect
              label={t('dashboard.content.bulkVisibility')}
              data={visibilityOptions}
              value={bulkVisibility}
              onChange={(value) => value && setBulkVisibility(value as Visibility)}
              allowDeselect={false}
              minWidth={200}
              maxWidth={320}
            />
            <Button
              loading={setVisibility.isPending}
              onClick={() => setVisibility.mutate({ videoIds: [...selected], visibility: bulkVisibility }, { onSuccess: () => setSelected(new Set()) })}
            >
              {t('dashboard.content.apply')}
            </Button>
          </Group>
        )}
      </Group>
      <ErrorAlert error={content.error ?? setVisibility.error ?? original.error} />
      {content.isPending && <Text role="status">{t('common.loading')}</Text>}
      {content.isSuccess && rows.length === 0 && <EmptyState title={t('dashboard.content.emptyTitle')} hint={t('pages.content.empty')} />}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" aria-label={t('dashboard.content.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label={t('dashboard.content.selectAll')}
                    checked={rows.every((r) => selected.has(r.video.id))}
                    onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.video.id)) : new Set())}
                  />
                </Table.Th>
                <Table.Th>{t('dashboard.content.columns.thumbnail')}</Table.Th>
                {(['title', 'status'] as const).map((c) => (
                  <SortHeader key={c} column={c} sort={sort} order={order} onSort={onSort} />
                ))}
                <Table.Th>{t('dashboard.content.columns.visibility')}</Table.Th>
                {(['views', 'publishedAt', 'version'] as const).map((c) => (
                  <SortHeader key={c} column={c} sort={sort} order={order} onSort={onSort} />
                ))}
                <Table.Th>{t('dashboard.content.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const { video } = row;
                const title = video.details.title || video.details.fileName;
                return (
                  <Table.Tr key={video.id}>
                    <Table.Td>
                      <Checkbox aria-label={t('dashboard.content.select', { title })} checked={selected.has(video.id)} onChange={() => toggle(video.id)} />
                    </Table.Td>
                    <Table.Td>
                      {video.thumbnailUrl ? <Image src={video.thumbnailUrl} alt="" w={96} h={54} radius="sm" fit="cover" /> : <Text c="dimmed">—</Text>}
                    </Table.Td>
                    <Table.Td>
                      {video.status === 'published' ? (
                        <Anchor component={Link} to={`/video/${encodeURIComponent(video.id)}`}>
                          {title}
                        </Anchor>
                      ) : (
                        title
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="outline"
                        color={video.status === 'published' ? 'teal.9' : 'gray.9'}
                        c={video.status === 'published' ? 'teal.9' : 'gray.9'}
                      >
                        {t(`segmentEditor.list.status.${video.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <FittedSelect
                        size="xs"
                        minWidth={160}
                        maxWidth={300}
                        aria-label={t('dashboard.content.visibilityOf', { title })}
                        data={visibilityOptions}
                        value={video.details.visibility}
                        allowDeselect={false}
                        onChange={(value) =>
                          value && value !== video.details.visibility && setVisibility.mutate({ videoIds: [video.id], visibility: value as Visibility })
                        }
                      />
                    </Table.Td>
                    <Table.Td>{row.views.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td>{video.publishedAt ? dateFormat.format(new Date(video.publishedAt)) : '—'}</Table.Td>
                    <Table.Td>{video.publishedVersion || '—'}</Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('dashboard.content.actionsOf', { title })}>
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item component={Link} to={`/edit-video/${encodeURIComponent(video.id)}`}>
                            {t('dashboard.actions.details')}
                          </Menu.Item>
                          {(video.status === 'review' || video.status === 'published') && (
                            <Menu.Item component={Link} to={`/edit-pii/${encodeURIComponent(video.id)}`}>
                              {t('dashboard.actions.privacyReview')}
                            </Menu.Item>
                          )}
                          {(video.status === 'published' || video.detailsSaved) && (
                            <Menu.Item component={Link} to={`/edit-segments/${encodeURIComponent(video.id)}`}>
                              {t('dashboard.actions.segments')}
                            </Menu.Item>
                          )}
                          <Menu.Item component={Link} to={`/analytics/whitelist?video=${encodeURIComponent(video.id)}`}>
                            {t('dashboard.actions.access')}
                          </Menu.Item>
                          <Menu.Item onClick={() => setLicensing({ row, licence: row.licence })}>{t('licences.title')}</Menu.Item>
                          {row.originalKept && video.status !== 'uploading' && (
                            <Menu.Item onClick={() => download(video.id)}>{t('dashboard.actions.original')}</Menu.Item>
                          )}
                          <Menu.Item color="red" onClick={() => setDeleting(row)}>
                            {t('dashboard.actions.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {content.data && content.data.total > content.data.pageSize && (
        <Stack align="center">
          <LabelledPagination total={Math.ceil(content.data.total / content.data.pageSize)} value={page} onChange={setPage} />
        </Stack>
      )}
      <LicenceRequests />
      <Modal opened={licensing !== null} onClose={() => setLicensing(null)} title={t('licences.chooseTitle')} centered>
        {licensing && (
          <Stack>
            <Select
              label={t('licences.choose', { title: licensing.row.video.details.title || licensing.row.video.details.fileName })}
              data={licenceOptions}
              value={licensing.licence}
              onChange={(value) => value && setLicensing({ ...licensing, licence: value as Licence })}
              allowDeselect={false}
            />
            <Text size="sm">{t(`licences.meanings.${licensing.licence}`)}</Text>
            <ErrorAlert error={setLicence.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setLicensing(null)}>
                {t('dashboard.cancel')}
              </Button>
              <Button
                loading={setLicence.isPending}
                onClick={() => setLicence.mutate({ videoId: licensing.row.video.id, licence: licensing.licence }, { onSuccess: () => setLicensing(null) })}
              >
                {t('licences.save')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('dashboard.content.deleteTitle')}
        message={t('dashboard.content.deleteConfirm', { title: deleting ? deleting.video.details.title || deleting.video.details.fileName : '' })}
        confirmLabel={t('dashboard.actions.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.video.id, {
            onSuccess: () => {
              setSelected((s) => new Set([...s].filter((id) => id !== deleting.video.id)));
              setDeleting(null);
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </Page>
  );
}
