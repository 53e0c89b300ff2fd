// The timeline under the video: the detector scores with their threshold, the ranges to remove
// (select, drag the body to move, drag an edge to resize, or the same with the keyboard), the
// playhead, and the filmstrip. Editing rules live in range-editing.ts; this only draws and reports.
import { Box, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_REASONS, type PrivacyRange, type PrivacyReview, type RangeReason } from '@ipsv/contracts/privacy-review';
import { editorClock, type FilmstripTile } from '../filmstrip';
import { moveRange, nudgeEdge, resizeRange, type Edge, type EditResult } from '../range-editing';

export const REASON_COLORS: Record<RangeReason, string> = {
  out_of_body: 'red',
  face: 'orange',
  person: 'grape',
  text: 'blue',
  manual: 'teal',
};

const color = (reason: RangeReason | undefined, shade = 6) => `var(--mantine-color-${REASON_COLORS[reason ?? 'manual']}-${shade})`;
const percent = (time: number, duration: number) => `${duration > 0 ? (time / duration) * 100 : 0}%`;
/** Pointer travel below which a press on a range is a click (select and seek), not a drag. */
const CLICK_PIXELS = 3;
const TILE_HEIGHT = 44;

interface Drag {
  index: number;
  kind: 'move' | Edge;
  originX: number;
  moved: boolean;
  preview: EditResult | null;
}

export interface RangeTimelineProps {
  duration: number;
  track: PrivacyReview['track'];
  threshold: number;
  ranges: readonly PrivacyRange[];
  selected: number | null;
  playhead: number;
  filmstrip: { spriteUrl: string; columns: number; tileWidth: number; tiles: readonly FilmstripTile[] } | null;
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
  const [drag, setDrag] = useState<Drag | null>(null);
  const shown = drag?.preview?.ranges ?? ranges;

  const secondsPerPixel = () => {
    const width = laneRef.current?.getBoundingClientRect().width ?? 0;
    return width > 0 ? duration / width : 0;
  };
  const timeAt = (clientX: number) => {
    const rect = laneRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    return Math.min(duration, Math.max(0, ((clientX - rect.left) / rect.width) * duration));
  };

  const reasonsText = (range: PrivacyRange) => range.reasons.map((r) => t(`piiEditor.reasons.${r}`)).join(', ');
  const describe = (range: PrivacyRange) =>
    t('piiEditor.timeline.rangeLabel', {
      start: editorClock(range.start),
      end: editorClock(range.end),
      reasons: reasonsText(range),
    }) + (range.confidence === null ? '' : ` · ${t('piiEditor.confidence', { percent: Math.round(range.confidence * 100) })}`);

  const startDrag = (event: PointerEvent<HTMLElement>, index: number, kind: Drag['kind']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    props.onSelect(index);
    setDrag({ index, kind, originX: event.clientX, moved: false, preview: null });
  };
  const onDragMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const dx = event.clientX - drag.originX;
    if (!drag.moved && Math.abs(dx) < CLICK_PIXELS) return;
    const preview =
      drag.kind === 'move'
        ? moveRange(ranges, drag.index, dx * secondsPerPixel(), duration)
        : resizeRange(ranges, drag.index, drag.kind, timeAt(event.clientX), duration);
    setDrag({ ...drag, moved: true, preview });
  };
  const endDrag = () => {
    if (!drag) return;
    const range = ranges[drag.index];
    if (drag.moved && drag.preview) props.onEdit(drag.preview);
    else if (range) props.onSeek(drag.kind === 'end' ? range.end : range.start);
    setDrag(null);
  };

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

  // One polyline per detector so each reason keeps its colour.
  const lines = RANGE_REASONS.map((reason) => ({
    reason,
    points: props.track
      .filter((p) => p.reason === reason)
      .map((p) => `${p.time},${1 - Math.min(1, Math.max(0, p.score))}`)
      .join(' '),
  })).filter((line) => line.points);
  const strip = props.filmstrip;
  const scale = strip ? TILE_HEIGHT / (strip.tiles[0]?.height || TILE_HEIGHT) : 1;

  return (
    <Box
      pos="relative"
      style={{ userSelect: 'none', touchAction: 'none' }}
      onPointerMove={onDragMove}
      onPointerUp={endDrag}
      onPointerCancel={() => setDrag(null)}
      data-testid="range-timeline"
    >
      <Box ref={laneRef} pos="relative" onPointerDown={(event) => event.button === 0 && props.onSeek(timeAt(event.clientX))}>
        {/* Detector scores: x in seconds, y flipped so 1 is at the top. */}
        <svg
          role="img"
          aria-label={t('piiEditor.timeline.scoresLabel', { threshold: Math.round(props.threshold * 100) })}
          viewBox={`0 0 ${Math.max(duration, 0.001)} 1`}
          preserveAspectRatio="none"
          width="100%"
          height={64}
          style={{ display: 'block', background: 'var(--mantine-color-gray-0)' }}
        >
          {lines.map((line) => (
            <polyline key={line.reason} points={line.points} fill="none" stroke={color(line.reason)} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
          ))}
          <line
            x1={0}
            x2={duration}
            y1={1 - props.threshold}
            y2={1 - props.threshold}
            stroke="var(--mantine-color-dark-4)"
            strokeDasharray="4 3"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
            data-testid="threshold-line"
          />
        </svg>

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
                  background: color(reason, isSelected ? 7 : 5),
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

        {/* Filmstrip: each tile cut from the sprite by its xywh fragment, placed at its time. */}
        {strip && strip.tiles.length > 0 && (
          <Box pos="relative" h={TILE_HEIGHT} bg="dark.8" aria-hidden data-testid="filmstrip" style={{ overflow: 'hidden' }}>
            {strip.tiles.map((tile) => (
              <Box
                key={`${tile.start}-${tile.x}-${tile.y}`}
                pos="absolute"
                top={0}
                h={TILE_HEIGHT}
                data-xywh={`${tile.x},${tile.y},${tile.width},${tile.height}`}
                style={{
                  left: percent(tile.start, duration),
                  width: Math.round(tile.width * scale),
                  backgroundImage: `url("${strip.spriteUrl}")`,
                  backgroundRepeat: 'no-repeat',
                  backgroundSize: `${Math.round(strip.columns * strip.tileWidth * scale)}px auto`,
                  backgroundPosition: `-${Math.round(tile.x * scale)}px -${Math.round(tile.y * scale)}px`,
                }}
              />
            ))}
          </Box>
        )}

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
      <Box style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Text size="xs">{editorClock(0)}</Text>
        <Text size="xs" aria-live="off">
          {editorClock(props.playhead)}
        </Text>
        <Text size="xs">{editorClock(duration)}</Text>
      </Box>
    </Box>
  );
}
