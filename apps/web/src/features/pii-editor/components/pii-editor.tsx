// The personal-information editor of one video: the original with its playhead and the privacy
// masks drawn over it, the editing toolbar, the timeline (scores, ranges, masks, filmstrip), the
// ranges and the masks as tables, and Save. Ranges and masks live in one undo history; the editing
// rules are in range-editing.ts and mask-editing.ts.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskProblem, rangeProblem, type PrivacyReview } from '@ipsv/contracts/privacy-review';
import { useFilmstrip } from '../api/get-filmstrip';
import { useDraftAutosave, type DraftState } from '../hooks/use-draft-autosave';
import { useRangeHistory } from '../hooks/use-range-history';
import { useReviewPlayer } from '../hooks/use-review-player';
import { deleteMask, normalizeMasks, setMaskTime } from '../mask-editing';
import { deleteRange, normalizeRanges } from '../range-editing';
import { ConfirmRanges } from './confirm-ranges';
import { MaskLane } from './mask-lane';
import { MaskOverlay } from './mask-overlay';
import { MasksTable } from './masks-table';
import { RangeTimeline } from './range-timeline';
import { RangeToolbar } from './range-toolbar';
import { RangesTable } from './ranges-table';
import { ReviewSummary } from './review-summary';

export function PiiEditor({ review }: { review: PrivacyReview }) {
  const { t, i18n } = useTranslation();
  const duration = review.durationSeconds;
  // Where the editor opens: the owner's unsaved edits (the draft) if any, else what was confirmed, else the proposal.
  const base = () => ({
    ranges: normalizeRanges(review.confirmed ?? review.proposed, duration),
    masks: normalizeMasks(review.confirmedMasks ?? review.proposedMasks, duration),
  });
  const history = useRangeHistory(() =>
    review.draft ? { ranges: normalizeRanges(review.draft.ranges, duration), masks: normalizeMasks(review.draft.masks, duration) } : base(),
  );
  const { ranges, masks, selected, apply } = history;
  const draft = useDraftAutosave(review.videoId, ranges, masks, (rangeProblem(ranges, duration) ?? maskProblem(masks, duration)) === null);
  const [restored, setRestored] = useState(review.draft !== null);
  const player = useReviewPlayer(ranges, duration);
  const filmstrip = useFilmstrip(review.filmstrip);
  const [aspect, setAspect] = useState<number | null>(null);
  const onDelete = (index: number) => apply(deleteRange(ranges, index));
  const onDeleteMask = (index: number) => history.applyMasks(deleteMask(masks, index));

  return (
    <Stack gap="md">
      <ReviewSummary review={review} />
      {restored && review.draft && (
        <Alert color="blue" variant="light" withCloseButton closeButtonLabel={t('piiEditor.draft.dismiss')} onClose={() => setRestored(false)}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('piiEditor.draft.restored', { time: clockTime(review.draft.savedAt, i18n.language) })}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                // One step of the history: Undo brings the draft back.
                history.applyBoth(base());
                setRestored(false);
              }}
            >
              {t('piiEditor.draft.discard')}
            </Button>
          </Group>
        </Alert>
      )}
      <MaskOverlay
        masks={masks}
        selected={history.selectedMask}
        playhead={player.playhead}
        duration={duration}
        aspect={aspect}
        onSelect={history.setSelectedMask}
        onEdit={history.applyMasks}
        onDelete={onDeleteMask}
      >
        <video
          {...player.videoProps}
          onLoadedMetadata={(event) => {
            const { videoWidth, videoHeight } = event.currentTarget;
            if (videoWidth > 0 && videoHeight > 0) setAspect(videoWidth / videoHeight);
          }}
          src={review.originalUrl}
          controls
          preload="metadata"
          aria-label={t('piiEditor.videoLabel')}
          style={{ display: 'block', width: '100%', height: aspect ? '100%' : undefined, maxHeight: aspect ? undefined : '56vh', background: '#000' }}
        />
      </MaskOverlay>
      <RangeToolbar
        history={history}
        playhead={player.playhead}
        duration={duration}
        faceMasks={review.faceMasks}
        skipRemoved={player.skipRemoved}
        onSkipRemoved={player.setSkipRemoved}
      />
      <RangeTimeline
        duration={duration}
        track={review.track}
        threshold={review.threshold}
        ranges={ranges}
        selected={selected}
        playhead={player.playhead}
        filmstrip={review.filmstrip && filmstrip.data ? { ...review.filmstrip, tiles: filmstrip.data } : null}
        onSelect={history.setSelected}
        onSeek={player.seek}
        onEdit={apply}
        onDelete={onDelete}
      />
      <MaskLane
        masks={masks}
        selected={history.selectedMask}
        duration={duration}
        playhead={player.playhead}
        onSelect={history.setSelectedMask}
        onSeek={player.seek}
        onEdit={history.applyMasks}
        onDelete={onDeleteMask}
      />
      <Text size="xs" c="dimmed">
        {review.filmstrip === null ? t('piiEditor.noFilmstrip') : t('piiEditor.keyboardHint')} {t('piiEditor.masks.keyboardHint')}
      </Text>
      <RangesTable
        ranges={ranges}
        selected={selected}
        onPick={(index) => {
          history.setSelected(index);
          player.seek(ranges[index]!.start);
        }}
        onDelete={onDelete}
      />
      <MasksTable
        masks={masks}
        selected={history.selectedMask}
        onPick={(index) => {
          history.setSelectedMask(index);
          player.seek(masks[index]!.start);
        }}
        onSetTime={(index, edge) => history.applyMasks(setMaskTime(masks, index, edge, player.playhead, duration))}
        onDelete={onDeleteMask}
      />
      <DraftStatus state={draft.state} />
      <ConfirmRanges videoId={review.videoId} ranges={ranges} masks={masks} duration={duration} beforeSave={draft.stop} onRefused={draft.resume} />
    </Stack>
  );
}

const clockTime = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/** Where the draft of the edits stands, announced politely to screen readers. */
function DraftStatus({ state }: { state: DraftState }) {
  const { t, i18n } = useTranslation();
  const text =
    state.status === 'saving'
      ? t('piiEditor.draft.saving')
      : state.status === 'saved'
        ? t('piiEditor.draft.saved', { time: clockTime(state.savedAt, i18n.language) })
        : state.status === 'failed'
          ? t('piiEditor.draft.failed')
          : '';
  return (
    <Text size="xs" c={state.status === 'failed' ? 'red' : 'dimmed'} role="status" data-testid="draft-status">
      {text}
    </Text>
  );
}
