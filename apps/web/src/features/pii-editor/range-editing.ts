// The editing rules of the personal-information editor, kept pure so they can be tested without a
// browser: ranges stay sorted, inside [0, duration] and apart; every change goes through a history.
import type { PrivacyRange, RangeReason } from '@ipsv/contracts/privacy-review';

/** The shortest range an edit may leave (seconds); shorter ones could not be seen or grabbed. */
export const MIN_RANGE_SECONDS = 0.1;
/** Length of a range added with 'Add range' or started by 'Split Video' outside a range. */
export const DEFAULT_RANGE_SECONDS = 5;

export type Edge = 'start' | 'end';

/** The ranges after an edit and which one is selected (its index in the sorted list), if any. */
export interface EditResult {
  ranges: readonly PrivacyRange[];
  selected: number | null;
}

// Times are kept to the millisecond so repeated 0.1 s nudges do not drift (0.30000000000000004).
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const byStart = (a: PrivacyRange, b: PrivacyRange) => a.start - b.start;

function mergeTwo(a: PrivacyRange, b: PrivacyRange): PrivacyRange {
  const reasons = [...new Set<RangeReason>([...a.reasons, ...b.reasons])];
  const scores = [a.confidence, b.confidence].filter((c): c is number => c !== null);
  return {
    start: Math.min(a.start, b.start),
    end: Math.max(a.end, b.end),
    reasons,
    confidence: scores.length ? Math.max(...scores) : null,
  };
}

/**
 * Sorts, clamps to the video, drops ranges too short to keep, and merges overlapping ones (their
 * reasons joined, the highest confidence kept). The result always passes rangeProblem().
 */
export function normalizeRanges(ranges: readonly PrivacyRange[], duration: number): PrivacyRange[] {
  const clamped = ranges
    .map((r) => ({ ...r, start: ms(clamp(r.start, 0, duration)), end: ms(clamp(r.end, 0, duration)) }))
    .filter((r) => r.end - r.start >= MIN_RANGE_SECONDS - 1e-9)
    .sort(byStart);
  const out: PrivacyRange[] = [];
  for (const range of clamped) {
    const last = out.at(-1);
    if (last && range.start < last.end) out[out.length - 1] = mergeTwo(last, range);
    else out.push(range);
  }
  return out;
}

/** Index of the range that contains `time` (start inclusive, end exclusive), or -1. */
export function rangeAt(ranges: readonly PrivacyRange[], time: number): number {
  return ranges.findIndex((r) => time >= r.start && time < r.end);
}

/** Where a range may go without touching its neighbours or leaving the video. */
function room(ranges: readonly PrivacyRange[], index: number, duration: number) {
  return { low: ranges[index - 1]?.end ?? 0, high: ranges[index + 1]?.start ?? duration };
}

/** Moves a whole range by `delta` seconds; it stops at its neighbours and at the video's ends. */
export function moveRange(ranges: readonly PrivacyRange[], index: number, delta: number, duration: number): EditResult {
  const range = ranges[index];
  if (!range) return { ranges, selected: null };
  const { low, high } = room(ranges, index, duration);
  const length = range.end - range.start;
  const start = ms(clamp(range.start + delta, low, high - length));
  const next = [...ranges];
  next[index] = { ...range, start, end: ms(start + length) };
  return { ranges: next, selected: index };
}

/** Sets one edge of a range to `time`; it cannot cross a neighbour nor come closer than the minimum to its other edge. */
export function resizeRange(ranges: readonly PrivacyRange[], index: number, edge: Edge, time: number, duration: number): EditResult {
  const range = ranges[index];
  if (!range) return { ranges, selected: null };
  const { low, high } = room(ranges, index, duration);
  const next = [...ranges];
  next[index] =
    edge === 'start'
      ? { ...range, start: ms(clamp(time, low, range.end - MIN_RANGE_SECONDS)) }
      : { ...range, end: ms(clamp(time, range.start + MIN_RANGE_SECONDS, high)) };
  return { ranges: next, selected: index };
}

/** Moves one edge by `delta` seconds (the keyboard's arrows). */
export function nudgeEdge(ranges: readonly PrivacyRange[], index: number, edge: Edge, delta: number, duration: number): EditResult {
  const range = ranges[index];
  if (!range) return { ranges, selected: null };
  return resizeRange(ranges, index, edge, range[edge] + delta, duration);
}

export function deleteRange(ranges: readonly PrivacyRange[], index: number): EditResult {
  if (!ranges[index]) return { ranges, selected: null };
  return { ranges: ranges.filter((_, i) => i !== index), selected: null };
}

/**
 * 'Add range': a manual range of `length` seconds from `time`, kept inside the video. In a gap it
 * stops at the next range; started inside a range it merges with it (extending it).
 */
export function addRange(ranges: readonly PrivacyRange[], time: number, duration: number, length = DEFAULT_RANGE_SECONDS): EditResult {
  if (duration < MIN_RANGE_SECONDS) return { ranges, selected: null };
  let start = ms(clamp(time, 0, duration));
  let end = ms(Math.min(duration, start + length));
  // At the very end of the video the range grows backwards instead of vanishing.
  if (end - start < MIN_RANGE_SECONDS) start = ms(Math.max(0, end - length));
  const inside = rangeAt(ranges, start);
  if (inside === -1) {
    const nextStart = ranges.find((r) => r.start >= start)?.start ?? duration;
    end = Math.min(end, nextStart);
    if (end - start < MIN_RANGE_SECONDS) {
      // Too little room before the next range: extend that one back to here instead.
      end = nextStart + MIN_RANGE_SECONDS;
    }
  }
  const added: PrivacyRange = { start, end, reasons: ['manual'], confidence: null };
  const next = normalizeRanges([...ranges, added], duration);
  return { ranges: next, selected: rangeAt(next, start) === -1 ? null : rangeAt(next, start) };
}

/**
 * 'Split Video' at `time`: the range under it becomes two that meet there (both keep its reasons).
 * Outside every range it starts a new manual range there instead.
 */
export function splitAt(ranges: readonly PrivacyRange[], time: number, duration: number): EditResult {
  const index = rangeAt(ranges, time);
  const range = ranges[index];
  if (!range) return addRange(ranges, time, duration);
  const at = ms(time);
  // Too close to an edge to leave two visible parts: nothing to split.
  if (at - range.start < MIN_RANGE_SECONDS || range.end - at < MIN_RANGE_SECONDS) return { ranges, selected: index };
  const next = [...ranges];
  next.splice(index, 1, { ...range, end: at }, { ...range, start: at });
  return { ranges: next, selected: index + 1 };
}

/** If `time` falls in a range that will be removed, where playback should jump to; else null. */
export function skipTarget(ranges: readonly PrivacyRange[], time: number): number | null {
  const index = rangeAt(ranges, time);
  if (index === -1) return null;
  // Ranges that meet (after a split) are skipped in one jump.
  let end = ranges[index]!.end;
  for (let i = index + 1; i < ranges.length && ranges[i]!.start <= end; i++) end = ranges[i]!.end;
  return end;
}

/** An immutable undo/redo stack. */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

export const createHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** Records a change; a change to the same value is not one. Redo is lost after a new change. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: [...history.past, history.present], present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

/** Same ranges (start, end, reasons)? Used to say whether there is anything to save. */
export function sameRanges(a: readonly PrivacyRange[], b: readonly PrivacyRange[]): boolean {
  return a.length === b.length && a.every((r, i) => r.start === b[i]!.start && r.end === b[i]!.end && r.reasons.join() === b[i]!.reasons.join());
}
