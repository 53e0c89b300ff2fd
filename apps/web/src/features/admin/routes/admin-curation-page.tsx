// /admin/curation: an administrator names collections of published videos (ordered, with a
// description) and picks the highlight of each month; the landing page shows them.
import { ActionIcon, Button, Card, Group, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, COLLECTION_VIDEOS_MAX, HIGHLIGHT_NOTE_MAX, type AdminCollection } from '@ipsv/contracts/search';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { ruleText } from '../../../lib/use-error-text';
import { useDeleteCollection } from '../api/delete-collection';
import { useDeleteHighlight } from '../api/delete-highlight';
import { useFindPublished } from '../api/find-published';
import { useCuration } from '../api/get-curation';
import { useSaveCollection } from '../api/save-collection';
import { useSetHighlight } from '../api/set-highlight';

/** A searchable picker of published videos. */
function VideoPicker({ label, onPick, exclude = [] }: { label: string; onPick: (video: { id: string; title: string }) => void; exclude?: string[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const found = useFindPublished(debounced).data?.results ?? [];
  return (
    <Select
      label={label}
      placeholder={t('curation.findVideo')}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      data={found.filter((card) => !exclude.includes(card.id)).map((card) => ({ value: card.id, label: `${card.title} — ${card.ownerName}` }))}
      value={null}
      onChange={(value) => {
        const card = found.find((c) => c.id === value);
        if (card) onPick({ id: card.id, title: card.title });
        setText('');
      }}
      nothingFoundMessage={t('curation.noVideoFound')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type Draft = { id: number | null; name: string; description: string; videos: { id: string; title: string }[] };

function CollectionEditor({ draft, onDone }: { draft: Draft; onDone?: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCollection();
  const remove = useDeleteCollection();
  const [values, setValues] = useState(draft);
  const move = (index: number, by: number) => {
    const videos = [...values.videos];
    const [item] = videos.splice(index, 1);
    videos.splice(index + by, 0, item!);
    setValues({ ...values, videos });
  };
  const nameError = values.name.trim() ? null : ruleText(t, 'required');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="collection-editor">
      <Stack gap="sm">
        <ErrorAlert error={save.error ?? remove.error} />
        <TextInput
          label={t('curation.name')}
          required
          maxLength={COLLECTION_NAME_MAX}
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          error={save.isIdle ? null : nameError}
        />
        <Textarea
          label={t('curation.description')}
          autosize
          minRows={2}
          maxLength={COLLECTION_DESCRIPTION_MAX}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
        />
        {values.videos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('curation.noVideosYet')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {values.videos.map((video, index) => (
                <Table.Tr key={video.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{video.title || t('curation.unavailableVideo')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        aria-label={t('curation.moveUp', { title: video.title })}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === values.videos.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={t('curation.moveDown', { title: video.title })}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setValues({ ...values, videos: values.videos.filter((v) => v.id !== video.id) })}
                        aria-label={t('curation.removeVideo', { title: video.title })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {values.videos.length < COLLECTION_VIDEOS_MAX && (
          <VideoPicker
            label={t('curation.addVideo')}
            exclude={values.videos.map((v) => v.id)}
            onPick={(video) => setValues({ ...values, videos: [...values.videos, video] })}
          />
        )}
        <Group>
          <Button
            loading={save.isPending}
            disabled={!!nameError}
            onClick={() =>
              save.mutate(
                { id: values.id, body: { name: values.name.trim(), description: values.description.trim(), videoIds: values.videos.map((v) => v.id) } },
                { onSuccess: () => onDone?.() },
              )
            }
          >
            {values.id === null ? t('curation.create') : t('common.save')}
          </Button>
          {values.id !== null && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(values.id!)}>
              {t('curation.deleteCollection')}
            </Button>
          )}
          {save.isSuccess && (
            <Text size="sm" c="teal.8" role="status">
              {t('profile.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

const draftOf = (collection: AdminCollection): Draft => {
  const titles = new Map(collection.videos.map((card) => [card.id, card.title]));
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    videos: collection.videoIds.map((id) => ({ id, title: titles.get(id) ?? '' })),
  };
};

function HighlightForm() {
  const { t } = useTranslation();
  const setHighlight = useSetHighlight();
  const [month, setMonth] = useState(new Date().toISOString().slice(0, 7));
  const [video, setVideo] = useState<{ id: string; title: string } | null>(null);
  const [note, setNote] = useState('');
  return (
    <Stack gap="sm">
      <ErrorAlert error={setHighlight.error} />
      <Group align="flex-end" grow>
        <TextInput type="month" label={t('curation.month')} value={month} onChange={(event) => setMonth(event.currentTarget.value)} required />
        <VideoPicker label={t('curation.video')} onPick={setVideo} />
      </Group>
      {video && <Text size="sm">{t('curation.chosen', { title: video.title })}</Text>}
      <Textarea
        label={t('curation.note')}
        autosize
        minRows={2}
        maxLength={HIGHLIGHT_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Button
        w="fit-content"
        disabled={!video || !/^\d{4}-\d{2}$/.test(month)}
        loading={setHighlight.isPending}
        onClick={() => video && setHighlight.mutate({ month, videoId: video.id, note: note.trim() }, { onSuccess: () => setVideo(null) })}
      >
        {t('curation.setHighlight')}
      </Button>
    </Stack>
  );
}

export function AdminCurationPage() {
  const { t } = useTranslation();
  const curation = useCuration();
  const removeHighlight = useDeleteHighlight();
  const [adding, setAdding] = useState(0);
  return (
    <Page title={t('pages.adminCuration.title')}>
      <ErrorAlert error={curation.error ?? removeHighlight.error} />
      <Stack gap="sm" component="section" aria-labelledby="highlights-heading">
        <Title order={2} size="h3" id="highlights-heading">
          {t('landing.highlightTitle')}
        </Title>
        <Card withBorder radius="md" padding="lg">
          <HighlightForm />
        </Card>
        {curation.data && curation.data.highlights.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('curation.month')}</Table.Th>
                <Table.Th>{t('curation.video')}</Table.Th>
                <Table.Th>{t('curation.note')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {curation.data.highlights.map((highlight) => (
                <Table.Tr key={highlight.month}>
                  <Table.Td>{highlight.month}</Table.Td>
                  <Table.Td>{highlight.title}</Table.Td>
                  <Table.Td>{highlight.note}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => removeHighlight.mutate(highlight.month)}
                      aria-label={t('curation.removeHighlight', { month: highlight.month })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="collections-heading">
        <Title order={2} size="h3" id="collections-heading">
          {t('landing.collectionsTitle')}
        </Title>
        {curation.data && curation.data.collections.length === 0 && <EmptyState title={t('curation.noCollections')} hint={t('curation.noCollectionsHint')} />}
        {curation.data?.collections.map((collection) => (
          <CollectionEditor key={`${collection.id}-${collection.videoIds.join()}-${collection.name}`} draft={draftOf(collection)} />
        ))}
        <Title order={3} size="h4">
          {t('curation.newCollection')}
        </Title>
        <CollectionEditor key={`new-${adding}`} draft={{ id: null, name: '', description: '', videos: [] }} onDone={() => setAdding((n) => n + 1)} />
      </Stack>
    </Page>
  );
}
