// /edit-segments/:surgeryId: the segment editor (File Type, Category, 'This content is public',
// AI Analysis, Confirm; each description shows how many of its 20 words remain).
import {
  Alert,
  Button,
  Card,
  Fieldset,
  Group,
  Notification,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  FILE_TYPES,
  SEGMENT_CATEGORIES,
  segmentClock,
  segmentsInputSchema,
  segmentsProblem,
  TOO_MANY_WORDS_MESSAGE,
  wordsRemaining,
  type Segments,
  type SegmentCategory,
} from '@ipsv/contracts/segments';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/use-error-text';
import { segmentCalls, segmentsQuery } from '../api/segment-calls';
import { useSegmentMessage } from '../segment-messages';
import { parseClock, rowAt, rowFrom, sortRows, toInput, type SegmentRow } from '../segment-rows';

type FileType = (typeof FILE_TYPES)[number];
type Suggestion = { start: number; end: number };

function SegmentEditor({ initial }: { initial: Segments }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const message = useSegmentMessage();
  const queryClient = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const duration = initial.durationSeconds;

  const [fileType, setFileType] = useState<FileType | null>(initial.fileType);
  const [category, setCategory] = useState<SegmentCategory | null>(initial.category);
  const [isPublic, setIsPublic] = useState(initial.isPublic);
  const [rows, setRows] = useState<SegmentRow[]>(() => sortRows(initial.segments.map(rowFrom)));
  const [playhead, setPlayhead] = useState(0);
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const update = (id: string, patch: Partial<SegmentRow>) => {
    setSaved(false);
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  };
  const setTime = (row: SegmentRow, edge: 'start' | 'end', text: string) => {
    const seconds = parseClock(text);
    update(row.id, edge === 'start' ? { startText: text, ...(seconds !== null && { start: seconds }) } : { endText: text, ...(seconds !== null && { end: seconds }) });
  };
  // Once a time is settled the text shows the canonical m:ss and the list re-sorts.
  const settle = (row: SegmentRow, edge: 'start' | 'end') => {
    setRows((current) =>
      sortRows(
        current.map((r) =>
          r.id !== row.id || parseClock(edge === 'start' ? r.startText : r.endText) === null
            ? r
            : { ...r, [`${edge}Text`]: segmentClock(r[edge]) },
        ),
      ),
    );
    setTouched((current) => new Set(current).add(`${row.id}.${edge}`));
  };
  const toPlayhead = (row: SegmentRow, edge: 'start' | 'end') => {
    const time = Math.min(duration, playhead);
    setSaved(false);
    setRows((current) =>
      sortRows(current.map((r) => (r.id === row.id ? { ...r, [edge]: time, [`${edge}Text`]: segmentClock(time) } : r))),
    );
  };
  const addRows = (added: SegmentRow[]) => {
    setSaved(false);
    setRows((current) => sortRows([...current, ...added]));
  };

  const input = toInput(rows, { fileType, category, isPublic });
  const parsed = segmentsInputSchema.safeParse(input);
  const fieldErrors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      if (!fieldErrors.has(key)) fieldErrors.set(key, message(issue.message));
    }
  }
  const timeInvalid = rows.some((r) => parseClock(r.startText) === null || parseClock(r.endText) === null);
  const problem = segmentsProblem(rows, duration);

  const runAnalysis = async () => {
    setSuggesting(true);
    setError(null);
    try {
      const answer = await segmentCalls.suggest(initial.videoId);
      setSuggestions(answer.segments);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSuggesting(false);
    }
  };
  const accept = (chosen: Suggestion[]) => {
    addRows(chosen.map((s) => rowFrom({ start: s.start, end: s.end })));
    const rest = (suggestions ?? []).filter((s) => !chosen.includes(s));
    setSuggestions(rest.length ? rest : null);
  };

  const confirm = async () => {
    setShowErrors(true);
    setSaved(false);
    setError(null);
    if (!parsed.success || problem || timeInvalid) return;
    setSaving(true);
    try {
      const answer = await segmentCalls.save(initial.videoId, parsed.data);
      queryClient.setQueryData(segmentsQuery(initial.videoId).queryKey, answer);
      setRows(sortRows(answer.segments.map(rowFrom)));
      setTouched(new Set());
      setShowErrors(false);
      setSaved(true);
    } catch (caught) {
      // A 400 carries the contracts' message (overlap, outside the video...): show it translated.
      setError(message(errorText(caught)));
    } finally {
      setSaving(false);
    }
  };

  const visible = (key: string, rowId: string, field: string) => (showErrors || touched.has(`${rowId}.${field}`) ? fieldErrors.get(key) : undefined);
  const categoryOptions = SEGMENT_CATEGORIES.map((c) => ({ value: c, label: t(`segmentEditor.categories.${c}`) }));

  return (
    <Stack gap="md">
      <Text fw={600} size="lg">
        {initial.title}
      </Text>
      {initial.previewUrl ? (
        <video
          ref={videoRef}
          src={initial.previewUrl}
          controls
          preload="metadata"
          aria-label={t('segmentEditor.previewLabel')}
          style={{ width: '100%', maxHeight: '50vh', background: '#000' }}
          onTimeUpdate={(event) => setPlayhead(event.currentTarget.currentTime)}
          onSeeked={(event) => setPlayhead(event.currentTarget.currentTime)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('segmentEditor.noPreview')}
        </Text>
      )}

      <Group grow align="flex-start">
        <Select
          label={t('segmentEditor.fileType')}
          data={FILE_TYPES.map((f) => ({ value: f, label: t(`segmentEditor.fileTypes.${f}`) }))}
          value={fileType}
          onChange={(value) => setFileType(value as FileType | null)}
          clearable
        />
        <Select label={t('segmentEditor.category')} data={categoryOptions} value={category} onChange={(value) => setCategory(value as SegmentCategory | null)} clearable />
      </Group>
      <Switch label={t('segmentEditor.isPublic')} checked={isPublic} onChange={(event) => setIsPublic(event.currentTarget.checked)} />

      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('segmentEditor.segmentsTitle')}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => addRows([rowAt(rows, playhead, duration)])}>
            {t('segmentEditor.addSegment')}
          </Button>
          <Button variant="light" loading={suggesting} onClick={() => void runAnalysis()}>
            {t('segmentEditor.aiAnalysis')}
          </Button>
        </Group>
      </Group>

      {suggestions && (
        <Card withBorder padding="sm" role="region" aria-label={t('segmentEditor.suggestions.title')}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} aria-live="polite">
                {suggestions.length === 0 ? t('segmentEditor.suggestions.none') : t('segmentEditor.suggestions.found', { count: suggestions.length })}
              </Text>
              <Group gap="xs">
                {suggestions.length > 0 && (
                  <Button size="xs" onClick={() => accept(suggestions)}>
                    {t('segmentEditor.suggestions.acceptAll')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => setSuggestions(null)}>
                  {t('segmentEditor.suggestions.discard')}
                </Button>
              </Group>
            </Group>
            {suggestions.map((s) => {
              const span = t('segmentEditor.span', { start: segmentClock(s.start), end: segmentClock(s.end) });
              return (
                <Group key={`${s.start}-${s.end}`} justify="space-between">
                  <Text size="sm">{span}</Text>
                  <Button size="compact-xs" variant="light" aria-label={t('segmentEditor.suggestions.acceptOne', { span })} onClick={() => accept([s])}>
                    {t('segmentEditor.suggestions.accept')}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </Card>
      )}

      {rows.length === 0 && <Text size="sm">{t('segmentEditor.noSegments')}</Text>}
      {rows.map((row, index) => {
        const remaining = wordsRemaining(row.description);
        const startError = parseClock(row.startText) === null ? t('segmentEditor.invalidTime') : undefined;
        const endError = parseClock(row.endText) === null ? t('segmentEditor.invalidTime') : undefined;
        return (
          <Fieldset key={row.id} legend={t('segmentEditor.segmentN', { n: index + 1 })}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={t('segmentEditor.start')}
                  value={row.startText}
                  error={startError}
                  w={110}
                  onChange={(event) => setTime(row, 'start', event.currentTarget.value)}
                  onBlur={() => settle(row, 'start')}
                />
                <Button variant="subtle" size="xs" aria-label={t('segmentEditor.startToPlayheadOf', { n: index + 1 })} onClick={() => toPlayhead(row, 'start')}>
                  {t('segmentEditor.toPlayhead')}
                </Button>
                <TextInput
                  label={t('segmentEditor.end')}
                  value={row.endText}
                  error={endError}
                  w={110}
                  onChange={(event) => setTime(row, 'end', event.currentTarget.value)}
                  onBlur={() => settle(row, 'end')}
                />
                <Button variant="subtle" size="xs" aria-label={t('segmentEditor.endToPlayheadOf', { n: index + 1 })} onClick={() => toPlayhead(row, 'end')}>
                  {t('segmentEditor.toPlayhead')}
                </Button>
                <Button
                  ml="auto"
                  variant="subtle"
                  color="red"
                  size="xs"
                  aria-label={t('segmentEditor.removeN', { n: index + 1 })}
                  onClick={() => {
                    setSaved(false);
                    setRows((current) => current.filter((r) => r.id !== row.id));
                  }}
                >
                  {t('segmentEditor.remove')}
                </Button>
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={t('segmentEditor.title')}
                  required
                  value={row.title}
                  error={visible(`segments.${index}.title`, row.id, 'title')}
                  onChange={(event) => update(row.id, { title: event.currentTarget.value })}
                  onBlur={() => setTouched((current) => new Set(current).add(`${row.id}.title`))}
                />
                <Select
                  label={t('segmentEditor.segmentCategory')}
                  data={categoryOptions}
                  value={row.category}
                  onChange={(value) => update(row.id, { category: value as SegmentCategory | null })}
                  clearable
                />
              </Group>
              <Textarea
                label={t('segmentEditor.description')}
                autosize
                minRows={2}
                value={row.description}
                onChange={(event) => update(row.id, { description: event.currentTarget.value })}
                description={remaining >= 0 ? t('segmentEditor.wordsRemain', { count: remaining }) : undefined}
                error={remaining < 0 ? message(TOO_MANY_WORDS_MESSAGE) : undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            </Stack>
          </Fieldset>
        );
      })}

      {problem && (
        <Alert color="red" variant="light" role="alert">
          {message(problem)}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {saved && (
        <Notification color="teal" role="status" withCloseButton closeButtonProps={{ 'aria-label': t('common.close') }} onClose={() => setSaved(false)}>
          {t('segmentEditor.saved')}
        </Notification>
      )}
      <Group justify="flex-end">
        <Button loading={saving} disabled={problem !== null || timeInvalid} onClick={() => void confirm()}>
          {t('segmentEditor.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

export function EditSegmentsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { surgeryId = '' } = useParams();
  const segments = useQuery(segmentsQuery(surgeryId));

  return (
    <Page title={t('pages.editSegments.title')}>
      {segments.isPending && <Text role="status">{t('common.loading')}</Text>}
      {segments.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorText(segments.error)}
        </Alert>
      )}
      {segments.data && <SegmentEditor key={segments.data.videoId} initial={segments.data} />}
    </Page>
  );
}
