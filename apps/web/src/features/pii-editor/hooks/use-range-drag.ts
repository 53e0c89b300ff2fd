// Dragging on the timeline's range lane: the body of a range moves it, an edge resizes it. While
// the pointer moves, the ranges are previewed; on release the edit is reported once (one step of
// the undo history). A press that hardly moves is a click: it seeks to the range instead.
import { useState, type PointerEvent, type RefObject } from 'react';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';
import { moveRange, resizeRange, type Edge, type EditResult } from '../range-editing';

/** Pointer travel below which a press on a range is a click (select and seek), not a drag. */
const CLICK_PIXELS = 3;

interface Drag {
  index: number;
  kind: 'move' | Edge;
  originX: number;
  moved: boolean;
  preview: EditResult | null;
}

export function useRangeDrag(options: {
  laneRef: RefObject<HTMLDivElement | null>;
  ranges: readonly PrivacyRange[];
  duration: number;
  onSelect: (index: number) => void;
  onSeek: (time: number) => void;
  onEdit: (result: EditResult) => void;
}) {
  const { laneRef, ranges, duration } = options;
  const [drag, setDrag] = useState<Drag | null>(null);

  const secondsPerPixel = () => {
    const width = laneRef.current?.getBoundingClientRect().width ?? 0;
    return width > 0 ? duration / width : 0;
  };
  /** The video time under a pointer position. */
  const timeAt = (clientX: number) => {
    const rect = laneRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    return Math.min(duration, Math.max(0, ((clientX - rect.left) / rect.width) * duration));
  };

  const startDrag = (event: PointerEvent<HTMLElement>, index: number, kind: Drag['kind']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    options.onSelect(index);
    setDrag({ index, kind, originX: event.clientX, moved: false, preview: null });
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
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
    if (drag.moved && drag.preview) options.onEdit(drag.preview);
    else if (range) options.onSeek(drag.kind === 'end' ? range.end : range.start);
    setDrag(null);
  };

  return {
    /** The ranges to draw: the preview while dragging. */
    shown: drag?.preview?.ranges ?? ranges,
    timeAt,
    startDrag,
    moveDrag,
    endDrag,
    cancelDrag: () => setDrag(null),
  };
}
