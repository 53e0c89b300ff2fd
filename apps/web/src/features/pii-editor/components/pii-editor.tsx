// The personal-information editor of one video: the original with its playhead, the editing
// toolbar, the timeline (scores, ranges, filmstrip), the ranges as a table, and Save. The ranges
// live in an undo history; the editing rules are in range-editing.ts.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { useFilmstrip } from '../api/get-filmstrip';
import { useRangeHistory } from '../hooks/use-range-history';
import { useReviewPlayer } from '../hooks/use-review-player';
import { deleteRange, normalizeRanges } from '../range-editing';
import { ConfirmRanges } from './confirm-ranges';
import { RangeTimeline } from './range-timeline';
import { RangeToolbar } from './range-toolbar';
import { RangesTable } from './ranges-table';
import { ReviewSummary } from './review-summary';

export function PiiEditor({ review }: { review: PrivacyReview }) {
  const { t } = useTranslation();
  const duration = review.durationSeconds;
  const history = useRangeHistory(() => normalizeRanges(review.confirmed ?? review.proposed, duration));
  const { ranges, selected, apply } = history;
  const player = useReviewPlayer(ranges, duration);
  const filmstrip = useFilmstrip(review.filmstrip);
  const onDelete = (index: number) => apply(deleteRange(ranges, index));

  return (
    <Stack gap="md">
      <ReviewSummary review={review} />
      <video
        {...player.videoProps}
        src={review.originalUrl}
        controls
        preload="metadata"
        aria-label={t('piiEditor.videoLabel')}
        style={{ width: '100%', maxHeight: '56vh', background: '#000' }}
      />
      <RangeToolbar history={history} playhead={player.playhead} duration={duration} skipRemoved={player.skipRemoved} onSkipRemoved={player.setSkipRemoved} />
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
      <Text size="xs" c="dimmed">
        {review.filmstrip === null ? t('piiEditor.noFilmstrip') : t('piiEditor.keyboardHint')}
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
      <ConfirmRanges videoId={review.videoId} ranges={ranges} duration={duration} />
    </Stack>
  );
}
