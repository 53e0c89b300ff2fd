// Add this video, or a clip of it (a start-end range, by default the current segment), to one of my
// playlists or to a new one.
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playlistItemInputSchema } from '@ipsv/contracts/watching';
import { ErrorAlert } from '../../../components/error-alert';
import { schemaText } from '../../../lib/use-error-text';
import { useAddToPlaylist, useCreatePlaylist, usePlaylists } from '../api/playlists';

const NEW = '__new__';

export interface AddToPlaylistProps {
  opened: boolean;
  onClose: () => void;
  videoId: string;
  /** The clip offered first: the current segment, or from the position to the end. */
  clip: { start: number; end: number; title: string };
  durationSeconds: number;
}

export function AddToPlaylist({ opened, onClose, videoId, clip, durationSeconds }: AddToPlaylistProps) {
  const { t } = useTranslation();
  const playlists = usePlaylists(1);
  const create = useCreatePlaylist();
  const add = useAddToPlaylist();
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'video' | 'clip'>('clip');
  const [start, setStart] = useState<number>(Math.floor(clip.start));
  const [end, setEnd] = useState<number>(Math.ceil(clip.end));
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const choice = target ?? (playlists.data?.items[0]?.id || NEW);

  const submit = async () => {
    const item = kind === 'video' ? { videoId, start: null, end: null, title: '' } : { videoId, start, end, title: clip.title };
    const refused = schemaText(t, playlistItemInputSchema, item);
    setProblem(refused);
    if (refused) return;
    const playlistId = choice === NEW ? (await create.mutateAsync({ name: name.trim() || clip.title || t('watching.playlists.untitled') })).id : choice;
    await add.mutateAsync({ playlistId, ...item });
    setDone(true);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('watching.playlists.addTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Select
          label={t('watching.playlists.choose')}
          data={[...(playlists.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })), { value: NEW, label: t('watching.playlists.newOne') }]}
          value={choice}
          onChange={(value) => setTarget(value)}
          allowDeselect={false}
        />
        {choice === NEW && <TextInput label={t('watching.playlists.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />}
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as 'video' | 'clip')}
          data={[
            { value: 'clip', label: t('watching.playlists.clip') },
            { value: 'video', label: t('watching.playlists.wholeVideo') },
          ]}
          aria-label={t('watching.playlists.what')}
        />
        {kind === 'clip' && (
          <Group grow>
            <NumberInput label={t('watching.playlists.start')} value={start} min={0} max={durationSeconds} onChange={(v) => setStart(Number(v) || 0)} />
            <NumberInput
              label={t('watching.playlists.end')}
              value={end}
              min={0}
              max={durationSeconds}
              onChange={(v) => setEnd(Number(v) || 0)}
              error={problem}
            />
          </Group>
        )}
        <ErrorAlert error={create.error ?? add.error} />
        {done && <ErrorFreeNotice text={t('watching.playlists.added')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void submit().catch(() => undefined)} loading={create.isPending || add.isPending}>
            {t('watching.playlists.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ErrorFreeNotice({ text }: { text: string }) {
  return (
    <div role="status" style={{ color: 'var(--mantine-color-green-8)' }}>
      {text}
    </div>
  );
}
