// Plans a cut that re-encodes only the pictures around each cut and copies whole untouched GOPs
// (groups of pictures that start at a keyframe) from the source as they are.
import { type TimeRange } from './ranges.js';

export interface CutPart {
  kind: 'copy' | 'encode';
  start: number;
  end: number;
}

/** Copying a sliver shorter than this gains nothing over re-encoding it. */
const MIN_COPY_SECONDS = 0.5;
/** Two times closer than this are the same frame boundary (timestamps carry rounding). */
const EPSILON = 1e-4;

/**
 * For each kept range: encode from its start to the first keyframe inside it, copy from there to
 * the last keyframe inside it, encode the rest. `keyframes` must be sorted.
 */
export const planCopyCut = (kept: readonly TimeRange[], keyframes: readonly number[]): CutPart[] => {
  const parts: CutPart[] = [];
  const push = (kind: CutPart['kind'], start: number, end: number) => {
    if (end - start <= EPSILON) return;
    const last = parts.at(-1);
    if (last && last.kind === kind && Math.abs(last.end - start) <= EPSILON) last.end = end;
    else parts.push({ kind, start, end });
  };
  for (const { start, end } of kept) {
    const inside = keyframes.filter((k) => k >= start - EPSILON && k <= end + EPSILON);
    const first = inside[0];
    const last = inside.at(-1);
    if (first === undefined || last === undefined || last - first < MIN_COPY_SECONDS) {
      push('encode', start, end);
      continue;
    }
    push('encode', start, first);
    push('copy', Math.max(start, first), Math.min(end, last));
    push('encode', last, end);
  }
  return parts;
};

/**
 * Encoded parts much longer than `pieceSeconds` (a mask over minutes of the video) are split at
 * keyframes into pieces of about that length, so that the machine's cores encode them side by
 * side: at standard definition x264's own threads use two cores poorly (a mask over ten minutes of
 * 360p: one two-threaded encode 22.7 s, two single-threaded halves side by side 16.7 s). A piece
 * never ends less than half a piece before its part does.
 */
export const splitLongEncodes = (parts: readonly CutPart[], keyframes: readonly number[], pieceSeconds: number): CutPart[] =>
  parts.flatMap((part) => {
    if (part.kind !== 'encode' || part.end - part.start <= pieceSeconds * 1.5) return [{ ...part }];
    const pieces: CutPart[] = [];
    let start = part.start;
    for (const keyframe of keyframes) {
      if (keyframe - start >= pieceSeconds - EPSILON && part.end - keyframe >= pieceSeconds / 2) {
        pieces.push({ kind: 'encode', start, end: keyframe });
        start = keyframe;
      }
    }
    pieces.push({ kind: 'encode', start, end: part.end });
    return pieces;
  });
