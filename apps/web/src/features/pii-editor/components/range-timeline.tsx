// The timeline under the video: the detector scores with their threshold, the ranges to remove
// (select, drag the body to move, drag an edge to resize, or the same with the keyboard), the
// filmstrip, the playhead and the time scale. Editing rules live in range-editing.ts; this only
// draws and reports.
import { Box, Text } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyRange, PrivacyReview } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import { useRangeDrag } from '../hooks/use-range-drag';
import { moveRange, nudgeEdge, type Edge, type EditResult } from '../range-editing';
import { useReasonsText } from '../range-reasons';
import { FilmstripLane, type FilmstripProps } from './filmstrip-lane';
import { ScoreTrack } from './score-track';
import { percent, reasonColor } from './timeline-scale';

export interface RangeTimelineProps {
  duration: number;
  track: PrivacyReview['track'];
  threshold: number;
  ranges: readonly PrivacyRange[];
  selected: number | null;
  playhead: number;
  filmstrip: FilmstripProps | null;
  onSelect: (index: number | null) => void;
  onSeek: (time: number) => void;
  onEdit: (result: EditResult) => void;
  onDelete: (index: number) => void;
}

/** Arrow keys step 0.1 s, with Shift 1 s. */
function stepOf(event: KeyboardEvent): number | null {
  const size = event.shiftKey ? 1 : 0.1;
  if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') return -size;
  if (event.key === 'ArrowRight' || event.key === 'ArrowUp') return size;
  return null;
}

export function RangeTimeline(props: RangeTimelineProps) {
  const { t } = useTranslation();
  const { duration, ranges, selected } = props;
  const laneRef = useRef<HTMLDivElement>(null);
  const { shown, timeAt, startDrag, moveDrag, endDrag, cancelDrag } = useRangeDrag({
    laneRef,
    ranges,
    duration,
    onSelect: props.onSelect,
    onSeek: props.onSeek,
    onEdit: props.onEdit,
  });

  const reasonsText = useReasonsText();
  const describe = (range: PrivacyRange) =>
    t('piiEditor.timeline.rangeLabel', {
      start: editorClock(range.start),
      end: editorClock(range.end),
      reasons: reasonsText(range),
    }) + (range.confidence === null ? '' : ` · ${t('piiEditor.confidence', { percent: Math.round(range.confidence * 100) })}`);

  const onRangeKey = (event: KeyboardEvent, index: number) => {
    const step = stepOf(event);
    if (step !== null) {
      event.preventDefault();
      props.onEdit(moveRange(ranges, index, step, duration));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete(index);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onSelect(index);
      props.onSeek(ranges[index]!.start);
    }
  };
  const onEdgeKey = (event: KeyboardEvent, index: number, edge: Edge) => {
    const step = stepOf(event);
    if (step !== null) {
      event.preventDefault();
      props.onEdit(nudgeEdge(ranges, index, edge, step, duration));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete(index);
    }
  };

  return (
    <Box
      pos="relative"
      style={{ userSelect: 'none', touchAction: 'none' }}
      onPointerMove={moveDrag}
      onPointerUp={endDrag}
      onPointerCancel={cancelDrag}
      data-testid="range-timeline"
    >
      <Box ref={laneRef} pos="relative" onPointerDown={(event) => event.button === 0 && props.onSeek(timeAt(event.clientX))}>
        <ScoreTrack track={props.track} threshold={props.threshold} duration={duration} />

        {/* The ranges to remove. */}
        <Box pos="relative" h={40} bg="gray.1" role="group" aria-label={t('piiEditor.timeline.rangesLabel')}>
          {shown.map((range, index) => {
            const isSelected = index === selected;
            const reason = range.reasons[0];
            return (
              <Box
                // Keyed by position so a range keeps keyboard focus while it moves.
                key={index}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={describe(range)}
                title={describe(range)}
                onPointerDown={(event) => startDrag(event, index, 'move')}
                onKeyDown={(event) => onRangeKey(event, index)}
                onFocus={() => props.onSelect(index)}
                pos="absolute"
                top={2}
                bottom={2}
                style={{
                  left: percent(range.start, duration),
                  width: percent(range.end - range.start, duration),
                  minWidth: 4,
                  background: reasonColor(reason, isSelected ? 7 : 5),
                  outline: isSelected ? '2px solid var(--mantine-color-dark-7)' : undefined,
                  outlineOffset: 1,
                  borderRadius: 3,
                  cursor: 'grab',
                  overflow: 'hidden',
                }}
              >
                <Text size="xs" c="white" fw={600} px={8} truncate lh="36px">
                  {reasonsText(range)}
                  {range.confidence !== null && ` ${Math.round(range.confidence * 100)}%`}
                </Text>
              </Box>
            );
          })}
          {/* Edge handles of the selected range: siblings of its block, never nested in it. */}
          {selected !== null &&
            shown[selected] &&
            (['start', 'end'] as const).map((edge) => {
              const range = shown[selected]!;
              const index = selected;
              return (
                <Box
                  key={edge}
                  role="slider"
                  tabIndex={0}
                  aria-label={t(`piiEditor.timeline.${edge}Edge`)}
                  aria-valuemin={0}
                  aria-valuemax={duration}
                  aria-valuenow={range[edge]}
                  aria-valuetext={editorClock(range[edge])}
                  onPointerDown={(event) => startDrag(event, index, edge)}
                  onKeyDown={(event) => onEdgeKey(event, index, edge)}
                  pos="absolute"
                  top={0}
                  bottom={0}
                  w={10}
                  style={{
                    left: percent(range[edge], duration),
                    transform: edge === 'start' ? 'translateX(-2px)' : 'translateX(-8px)',
                    background: 'var(--mantine-color-dark-7)',
                    borderRadius: 2,
                    cursor: 'ew-resize',
                  }}
                />
              );
            })}
        </Box>

        {props.filmstrip && <FilmstripLane filmstrip={props.filmstrip} duration={duration} />}

        {/* Playhead across every lane. */}
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          w={2}
          bg="red.8"
          data-testid="playhead"
          style={{ left: percent(props.playhead, duration), pointerEvents: 'none', transform: 'translateX(-1px)' }}
        />
      </Box>
      {/* The time scale: start, middle and end of the video (the playhead's time is in the toolbar). */}
      <Box style={{ display: 'flex', justifyContent: 'space-between' }} data-testid="time-scale">
        <Text size="xs">{editorClock(0)}</Text>
        <Text size="xs">{editorClock(duration / 2)}</Text>
        <Text size="xs">{editorClock(duration)}</Text>
      </Box>
    </Box>
  );
}
