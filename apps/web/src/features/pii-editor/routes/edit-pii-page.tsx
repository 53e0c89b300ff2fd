// /edit-pii/:surgeryId: "Video editor for personal-information removal" (Undo, Redo, Save, Split
// Video). The provider checks the ranges the analysis proposes and confirms what is cut before publication.
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  confirmReviewInputSchema,
  rangeProblem,
  REVIEW_NOT_READY_MESSAGE,
  type PrivacyRange,
  type PrivacyReview,
} from '@ipsv/contracts/privacy-review';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import { filmstripQuery, myVideosQuery, reviewCalls, reviewQuery } from '../api/review-calls';
import { RangeTimeline } from '../components/range-timeline';
import { editorClock } from '../filmstrip';
import { useRangeMessage } from '../range-messages';
import {
  addRange,
  canRedo,
  canUndo,
  commit,
  createHistory,
  deleteRange,
  normalizeRanges,
  redo,
  skipTarget,
  splitAt,
  undo,
  type EditResult,
  type History,
} from '../range-editing';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function PiiEditor({ review }: { review: PrivacyReview }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const rangeMessage = useRangeMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const duration = review.durationSeconds;
  const videoRef = useRef<HTMLVideoElement>(null);

  const [history, setHistory] = useState<History<readonly PrivacyRange[]>>(() =>
    createHistory(normalizeRanges(review.confirmed ?? review.proposed, duration)),
  );
  const ranges = history.present;
  const [selected, setSelected] = useState<number | null>(null);
  const [playhead, setPlayhead] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [skipRemoved, setSkipRemoved] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const filmstrip = useQuery({ ...filmstripQuery(review.filmstrip?.vttUrl ?? ''), enabled: review.filmstrip !== null });

  const apply = (result: EditResult) => {
    setHistory((h) => commit(h, result.ranges));
    setSelected(result.selected);
  };
  const onUndo = useCallback(() => {
    setHistory(undo);
    setSelected(null);
  }, []);
  const onRedo = useCallback(() => {
    setHistory(redo);
    setSelected(null);
  }, []);

  const seek = (time: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = time;
    setPlayhead(time);
  };

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page except while typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        onUndo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        onRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo, onRedo]);

  // 'Preview without removed parts': while playing, jump over every range at frame rate
  // (timeupdate fires only a few times a second, which would flash the removed frames).
  useEffect(() => {
    if (!playing || !skipRemoved) return;
    let frame = 0;
    const tick = () => {
      const video = videoRef.current;
      if (video) {
        const target = skipTarget(ranges, video.currentTime);
        if (target !== null) video.currentTime = Math.min(target, duration);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, skipRemoved, ranges, duration]);

  const problem = rangeProblem(ranges, duration);

  const save = async () => {
    setConfirmEmpty(false);
    setError(null);
    const parsed = confirmReviewInputSchema.safeParse({ ranges });
    if (!parsed.success || problem) {
      setError(problem ? rangeMessage(problem) : (parsed.error?.issues[0]?.message ?? ''));
      return;
    }
    setSaving(true);
    try {
      await reviewCalls.confirm(review.videoId, parsed.data);
      await queryClient.invalidateQueries({ queryKey: myVideosQuery.queryKey });
      queryClient.removeQueries({ queryKey: reviewQuery(review.videoId).queryKey });
      await navigate('/progress');
    } catch (caught) {
      // The server re-checks with rangeProblem(); its message is one of ours.
      setError(rangeMessage(errorText(caught)));
      setSaving(false);
    }
  };

  const reasons = (range: PrivacyRange) => range.reasons.map((r) => t(`piiEditor.reasons.${r}`)).join(', ');
  const dateText = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <Stack gap="md">
      <Text fw={600} size="lg">
        {review.title}
      </Text>
      {review.confirmed && review.confirmedAt && (
        <Text size="sm" data-testid="confirmed-by">
          {t('piiEditor.confirmedBy', { name: review.confirmedBy ?? '—', date: dateText(review.confirmedAt) })}
        </Text>
      )}
      {review.nextVersion > 1 && (
        <Alert variant="light" color="blue">
          {t('piiEditor.newVersion', { version: review.nextVersion })}
        </Alert>
      )}

      <video
        ref={videoRef}
        src={review.originalUrl}
        controls
        preload="metadata"
        aria-label={t('piiEditor.videoLabel')}
        style={{ width: '100%', maxHeight: '56vh', background: '#000' }}
        onTimeUpdate={(event) => setPlayhead(event.currentTarget.currentTime)}
        onSeeked={(event) => setPlayhead(event.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />

      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={onUndo} disabled={!canUndo(history)} aria-keyshortcuts="Control+Z">
          {t('piiEditor.undo')}
        </Button>
        <Button variant="default" onClick={onRedo} disabled={!canRedo(history)} aria-keyshortcuts="Control+Shift+Z">
          {t('piiEditor.redo')}
        </Button>
        <Button variant="default" onClick={() => apply(splitAt(ranges, playhead, duration))}>
          {t('piiEditor.split')}
        </Button>
        <Button variant="default" onClick={() => apply(addRange(ranges, playhead, duration))}>
          {t('piiEditor.addRange')}
        </Button>
        <Button
          variant="default"
          color="red"
          disabled={selected === null}
          onClick={() => selected !== null && apply(deleteRange(ranges, selected))}
        >
          {t('piiEditor.deleteRange')}
        </Button>
        <Switch
          ml="auto"
          label={t('piiEditor.skipRemoved')}
          checked={skipRemoved}
          onChange={(event) => setSkipRemoved(event.currentTarget.checked)}
        />
      </Group>

      <RangeTimeline
        duration={duration}
        track={review.track}
        threshold={review.threshold}
        ranges={ranges}
        selected={selected}
        playhead={playhead}
        filmstrip={
          review.filmstrip && filmstrip.data
            ? { spriteUrl: review.filmstrip.spriteUrl, columns: review.filmstrip.columns, tileWidth: review.filmstrip.tileWidth, tiles: filmstrip.data }
            : null
        }
        onSelect={setSelected}
        onSeek={seek}
        onEdit={apply}
        onDelete={(index) => apply(deleteRange(ranges, index))}
      />
      <Text size="xs" c="dimmed">
        {review.filmstrip === null ? t('piiEditor.noFilmstrip') : t('piiEditor.keyboardHint')}
      </Text>

      <Card withBorder padding="sm">
        {ranges.length === 0 ? (
          <Text size="sm">{t('piiEditor.noRanges')}</Text>
        ) : (
          <Table striped highlightOnHover aria-label={t('piiEditor.rangesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('piiEditor.columns.start')}</Table.Th>
                <Table.Th>{t('piiEditor.columns.end')}</Table.Th>
                <Table.Th>{t('piiEditor.columns.reasons')}</Table.Th>
                <Table.Th>{t('piiEditor.columns.confidence')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('piiEditor.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranges.map((range, index) => (
                <Table.Tr key={index} data-selected={index === selected || undefined} bg={index === selected ? 'blue.0' : undefined}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => {
                        setSelected(index);
                        seek(range.start);
                      }}
                    >
                      {editorClock(range.start)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{editorClock(range.end)}</Table.Td>
                  <Table.Td>{reasons(range)}</Table.Td>
                  <Table.Td>{range.confidence === null ? '—' : t('piiEditor.confidence', { percent: Math.round(range.confidence * 100) })}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('piiEditor.deleteRangeAt', { start: editorClock(range.start) })}
                      onClick={() => apply(deleteRange(ranges, index))}
                    >
                      {t('piiEditor.deleteRange')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      {problem && (
        <Alert color="red" variant="light" role="alert">
          {rangeMessage(problem)}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between" align="center">
        <Text size="sm">{t('piiEditor.saveHint')}</Text>
        <Button loading={saving} disabled={problem !== null} onClick={() => (ranges.length === 0 ? setConfirmEmpty(true) : void save())}>
          {t('piiEditor.save')}
        </Button>
      </Group>

      <Modal opened={confirmEmpty} onClose={() => setConfirmEmpty(false)} title={t('piiEditor.emptyConfirm.title')} centered size="sm">
        <Text>{t('piiEditor.emptyConfirm.message')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmEmpty(false)}>
            {t('piiEditor.emptyConfirm.cancel')}
          </Button>
          <Button onClick={() => void save()} data-autofocus>
            {t('piiEditor.emptyConfirm.publish')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

export function EditPiiPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rangeMessage = useRangeMessage();
  const { surgeryId = '' } = useParams();
  const review = useQuery(reviewQuery(surgeryId));
  const notReady = review.error instanceof ApiError && review.error.status === 409;

  return (
    <Page title={t('pages.editPii.title')}>
      <Text size="sm">{t('piiEditor.specTitle')}</Text>
      {review.isPending && <Text role="status">{t('common.loading')}</Text>}
      {notReady && (
        <Alert color="yellow" variant="light" role="status">
          <Stack gap={6}>
            <Text>{rangeMessage(REVIEW_NOT_READY_MESSAGE)}</Text>
            <Anchor component={Link} to="/progress">
              {t('piiEditor.toProgress')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {review.isError && !notReady && (
        <Alert color="red" variant="light" role="alert">
          {errorText(review.error)}
        </Alert>
      )}
      {review.data && <PiiEditor key={review.data.videoId} review={review.data} />}
    </Page>
  );
}
