// Take Notes / Notes (spec section 2 "Video page"): my private notes on this video in time order,
// taken at the player's position (button or the 'n' key), edited and deleted in place; a click on a
// note's time seeks there; the whole list exports as Markdown.
import { ActionIcon, Button, Checkbox, Group, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX_CHARS, noteInputSchema, type Note } from '@ipsv/contracts/watching';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { schemaText } from '../../../lib/use-error-text';
import { useDeleteNote, useEditNote, useNotes, useTakeNote } from '../api/notes';
import { clock, notesMarkdown } from '../watch-math';

function NoteRow({ note, videoId, onSeek }: { note: Note; videoId: string; onSeek: (time: number) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [text, setText] = useState(note.text);
  const edit = useEditNote(videoId);
  const remove = useDeleteNote(videoId);
  return (
    <Stack component="li" gap={4} data-testid="note">
      <Group justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={() => onSeek(note.time)} aria-label={t('watching.notes.seek', { time: clock(note.time) })}>
          <Text ff="monospace" c="blue" size="sm">
            {clock(note.time)}
          </Text>
        </UnstyledButton>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            onClick={() => {
              // Opening starts from the saved text; closing drops what was not saved.
              setText(note.text);
              setEditing((on) => !on);
            }}
            aria-label={t('watching.notes.edit')}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(true)} aria-label={t('watching.notes.delete')}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <ConfirmDialog
        opened={deleting}
        title={t('watching.notes.deleteTitle')}
        message={t('watching.notes.deleteConfirm', { time: clock(note.time) })}
        confirmLabel={t('watching.notes.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(note.id, { onSuccess: () => setDeleting(false) })}
        onCancel={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate({ id: note.id, text }, { onSuccess: () => setEditing(false) });
          }}
        >
          <Stack gap={4}>
            <Textarea
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={2}
              aria-label={t('watching.notes.editLabel')}
              maxLength={NOTE_MAX_CHARS}
            />
            <ErrorAlert error={edit.error} />
            <Group>
              <Button type="submit" size="xs" loading={edit.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.text}
        </Text>
      )}
    </Stack>
  );
}

export interface NotesPanelProps {
  videoId: string;
  title: string;
  position: () => number;
  onSeek: (time: number) => void;
  onPause: () => void;
  composerRef: RefObject<HTMLTextAreaElement | null>;
}

export function NotesPanel({ videoId, title, position, onSeek, onPause, composerRef }: NotesPanelProps) {
  const { t } = useTranslation();
  const notes = useNotes(videoId, true);
  const take = useTakeNote(videoId);
  const [text, setText] = useState('');
  const [time, setTime] = useState<number | null>(null);
  const [pauseWhileTyping, setPauseWhileTyping] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const exportMarkdown = () => {
    const markdown = notesMarkdown(title, notes.data ?? [], {
      heading: t('watching.notes.title'),
      link: (at) => `${window.location.origin}/video/${videoId}?t=${Math.floor(at)}`,
    });
    const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${title.replace(/[^\w .-]/g, '').trim() || 'notes'} - notes.md`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const at = time ?? position();
          const input = { time: Math.round(at * 10) / 10, text };
          const refused = schemaText(t, noteInputSchema, input);
          setProblem(refused);
          if (refused) return;
          take.mutate(input, {
            onSuccess: () => {
              setText('');
              setTime(null);
            },
          });
        }}
      >
        <Stack gap="xs">
          <Textarea
            ref={composerRef}
            label={t('watching.notes.newLabel', { time: clock(time ?? position()) })}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onFocus={() => {
              if (time === null) setTime(position());
              if (pauseWhileTyping) onPause();
            }}
            autosize
            minRows={2}
            error={problem}
            data-testid="note-input"
          />
          <ErrorAlert error={take.error} />
          <Group justify="space-between">
            <Checkbox label={t('watching.notes.pauseWhileTyping')} checked={pauseWhileTyping} onChange={(e) => setPauseWhileTyping(e.currentTarget.checked)} />
            <Button type="submit" loading={take.isPending}>
              {t('watching.notes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert error={notes.error} />
      {notes.data && notes.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('watching.notes.empty')}
        </Text>
      )}
      {notes.data && notes.data.length > 0 && (
        <>
          <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="notes-list">
            {notes.data.map((note) => (
              <NoteRow key={note.id} note={note} videoId={videoId} onSeek={onSeek} />
            ))}
          </Stack>
          <Group>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportMarkdown}>
              {t('watching.notes.export')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
