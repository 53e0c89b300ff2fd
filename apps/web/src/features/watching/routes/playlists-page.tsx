// /video-playlist: my playlists (create, rename, describe, delete) and, for the one chosen
// (?id=), its videos and clips in order: reorder by drag and drop (dnd-kit) or by keyboard (the
// drag handle takes space and the arrow keys, and each row has move up and down buttons), remove,
// and play all (each clip ends where it was cut, then the next item plays).
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, arrayMove } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { playlistInputSchema, type PlaylistItem, type PlaylistSummary } from '@ipsv/contracts/watching';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { schemaText } from '../../../lib/use-error-text';
import { useCreatePlaylist, useDeletePlaylist, useMoveItem, usePlaylist, usePlaylists, useRemoveItem, useUpdatePlaylist } from '../api/playlists';
import { LibraryVideoRow } from '../components/library-video';
import { PagedList } from '../components/paged-list';
import { clock } from '../watch-math';

function PlaylistForm({
  initial,
  submitLabel,
  onSubmit,
  pending,
  error,
}: {
  initial: { name: string; description: string };
  submitLabel: string;
  onSubmit: (value: { name: string; description: string }) => void;
  pending: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const refused = schemaText(t, playlistInputSchema, { name, description });
        setProblem(refused);
        if (!refused) onSubmit({ name: name.trim(), description: description.trim() });
      }}
    >
      <Stack gap="xs">
        <TextInput label={t('watching.playlists.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={problem} required />
        <Textarea
          label={t('watching.playlists.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <ErrorAlert error={error} />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SortableItem({
  item,
  index,
  count,
  onMove,
  onRemove,
}: {
  item: PlaylistItem;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: item.id });
  const label = item.title || (item.video.available ? item.video.title : t('watching.unavailable.title'));
  return (
    <LibraryVideoRow
      rootRef={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      video={item.video}
      time={item.start ?? undefined}
      actions={
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('watching.playlists.moveUp', { title: label })} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('watching.playlists.moveDown', { title: label })}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('watching.playlists.removeItem', { title: label })} onClick={onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('watching.playlists.drag', { title: label })}
            {...attributes}
            {...listeners}
            style={{ cursor: 'grab' }}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        </Group>
      }
    >
      <Text size="sm">
        {index + 1}. {item.title && <strong>{item.title} </strong>}
        {item.start !== null && item.end !== null
          ? t('watching.playlists.clipRange', { start: clock(item.start), end: clock(item.end) })
          : t('watching.playlists.wholeVideo')}
      </Text>
    </LibraryVideoRow>
  );
}

function PlaylistView({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const playlist = usePlaylist(id, page);
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist();
  const move = useMoveItem();
  const removeItem = useRemoveItem();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The order shown: the server's, or the one just moved to while the move is saved (kept only for
  // the answer it was made from, so a refetch shows the server's again).
  const [moved, setMoved] = useState<{ from: PlaylistItem[] | undefined; items: PlaylistItem[] } | null>(null);
  const served = playlist.data?.items;
  const order = moved && moved.from === served ? moved.items : (served ?? []);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const offset = ((playlist.data?.page ?? 1) - 1) * (playlist.data?.pageSize ?? 0);

  const moveTo = (item: PlaylistItem, from: number, to: number) => {
    if (to < 0 || to >= order.length || to === from) return;
    setMoved({ from: served, items: arrayMove(order, from, to) });
    // A move that was not saved shows the saved order again, beside the error.
    move.mutate({ playlistId: id, itemId: item.id, index: offset + to }, { onError: () => setMoved(null) });
  };
  // Leaving the page (a reload, a closed tab) while a move is being saved would lose it: the browser asks first.
  useEffect(() => {
    if (!move.isPending) return;
    const hold = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [move.isPending]);
  const onDragEnd = (event: DragEndEvent) => {
    const from = order.findIndex((i) => i.id === event.active.id);
    const to = order.findIndex((i) => i.id === event.over?.id);
    if (from >= 0 && to >= 0) moveTo(order[from]!, from, to);
  };

  if (!playlist.data) return <ErrorAlert error={playlist.error} />;
  const { playlist: summary } = playlist.data;
  const first = order[0];
  return (
    <Stack gap="md" data-testid="playlist-view">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {summary.name}
          </Title>
          {summary.description && <Text c="dimmed">{summary.description}</Text>}
          <Text size="sm" c="dimmed">
            {t('watching.playlists.count', { count: summary.itemCount })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!first?.video.available}
            onClick={() => first && navigate(`/video/${first.video.id}?playlist=${id}&item=${first.id}`)}
          >
            {t('watching.playlists.playAll')}
          </Button>
          <Button variant="default" onClick={() => setEditing((on) => !on)}>
            {t('watching.playlists.edit')}
          </Button>
          <Button variant="default" color="red" onClick={() => setDeleting(true)}>
            {t('watching.playlists.delete')}
          </Button>
        </Group>
      </Group>
      {editing && (
        <Paper withBorder p="md">
          <PlaylistForm
            initial={{ name: summary.name, description: summary.description }}
            submitLabel={t('common.save')}
            pending={update.isPending}
            error={update.error}
            onSubmit={(value) => update.mutate({ id, ...value }, { onSuccess: () => setEditing(false) })}
          />
        </Paper>
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('watching.playlists.deleteTitle')}
        message={t('watching.playlists.deleteConfirm', { name: summary.name })}
        confirmLabel={t('watching.playlists.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(id, { onSuccess: () => navigate('/video-playlist') })}
        onCancel={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
      <ErrorAlert error={move.error ?? removeItem.error} />
      <PagedList query={playlist} page={page} onPage={setPage} empty={{ title: t('watching.playlists.emptyOne'), hint: t('watching.playlists.emptyOneHint') }}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            {order.map((item, index) => (
              <SortableItem
                key={item.id}
                item={item}
                index={index}
                count={order.length}
                onMove={(to) => moveTo(item, index, to)}
                onRemove={() => removeItem.mutate({ playlistId: id, itemId: item.id })}
              />
            ))}
          </SortableContext>
        </DndContext>
      </PagedList>
    </Stack>
  );
}

function PlaylistRow({ playlist }: { playlist: PlaylistSummary }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Anchor component={Link} to={`/video-playlist?id=${playlist.id}`} fw={600}>
        {playlist.name}
      </Anchor>
      {playlist.description && (
        <Text size="sm" c="dimmed">
          {playlist.description}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('watching.playlists.count', { count: playlist.itemCount })}
      </Text>
    </Paper>
  );
}

export function PlaylistsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = usePlaylists(page);
  const create = useCreatePlaylist();
  const [formKey, setFormKey] = useState(0);
  const selected = searchParams.get('id');
  return (
    <Page title={t('pages.videoPlaylist.title')}>
      {selected ? (
        <>
          <Anchor component={Link} to="/video-playlist">
            {t('watching.playlists.back')}
          </Anchor>
          <PlaylistView key={selected} id={selected} />
        </>
      ) : (
        <>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="xs">
              {t('watching.playlists.create')}
            </Title>
            <PlaylistForm
              key={formKey}
              initial={{ name: '', description: '' }}
              submitLabel={t('watching.playlists.create')}
              pending={create.isPending}
              error={create.error}
              onSubmit={(value) =>
                create.mutate(value, {
                  onSuccess: (made) => {
                    setFormKey((k) => k + 1);
                    navigate(`/video-playlist?id=${made.id}`);
                  },
                })
              }
            />
          </Paper>
          <PagedList query={list} page={page} onPage={setPage} empty={{ title: t('watching.playlists.empty'), hint: t('pages.videoPlaylist.empty') }}>
            {list.data?.items.map((playlist) => (
              <PlaylistRow key={playlist.id} playlist={playlist} />
            ))}
          </PagedList>
        </>
      )}
    </Page>
  );
}
