// The editing rules of the privacy masks (regions covered with a solid box in every rendition), kept
// pure like range-editing.ts: a mask stays inside the picture with a visible size, and its time
// range inside the video.
import { MIN_MASK_SIZE, type PrivacyMask, type PrivacyRange } from '@ipsv/contracts/privacy-review';
import { MIN_RANGE_SECONDS } from './range-editing';

/** Size and length of a mask added with 'Add mask' (fractions of the frame, seconds). */
export const DEFAULT_MASK = { x: 0.35, y: 0.35, width: 0.3, height: 0.3 } as const;
export const DEFAULT_MASK_SECONDS = 10;

export interface MaskEditResult {
  masks: readonly PrivacyMask[];
  selected: number | null;
}

const unit = (v: number) => Math.round(v * 10000) / 10000;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A mask moved and shrunk until it fits the picture and the video (or null when nothing is left). */
export function fitMask(mask: PrivacyMask, duration: number): PrivacyMask | null {
  const width = clamp(mask.width, MIN_MASK_SIZE, 1);
  const height = clamp(mask.height, MIN_MASK_SIZE, 1);
  const start = ms(clamp(mask.start, 0, duration));
  const end = ms(clamp(mask.end, 0, duration));
  if (end - start < MIN_RANGE_SECONDS - 1e-9) return null;
  return { ...mask, x: unit(clamp(mask.x, 0, 1 - width)), y: unit(clamp(mask.y, 0, 1 - height)), width: unit(width), height: unit(height), start, end };
}

export function normalizeMasks(masks: readonly PrivacyMask[], duration: number): PrivacyMask[] {
  return masks.map((m) => fitMask(m, duration)).filter((m): m is PrivacyMask => m !== null);
}

/** Whether a mask covers the picture at `time` (its range is inclusive, as in the render). */
export const maskActive = (mask: PrivacyMask, time: number) => time >= mask.start && time <= mask.end;

/** 'Add mask': a box in the middle of the picture from `time` for DEFAULT_MASK_SECONDS (backwards at the very end). */
export function addMask(masks: readonly PrivacyMask[], time: number, duration: number): MaskEditResult {
  if (duration < MIN_RANGE_SECONDS) return { masks, selected: null };
  let start = clamp(time, 0, duration);
  const end = Math.min(duration, start + DEFAULT_MASK_SECONDS);
  if (end - start < MIN_RANGE_SECONDS) start = Math.max(0, end - DEFAULT_MASK_SECONDS);
  const added = fitMask({ ...DEFAULT_MASK, start, end, reason: 'manual', confidence: null }, duration)!;
  return { masks: [...masks, added], selected: masks.length };
}

/** Moves a mask by (dx, dy) fractions of the picture; it stops at the picture's edges. */
export function moveMask(masks: readonly PrivacyMask[], index: number, dx: number, dy: number, duration: number): MaskEditResult {
  const mask = masks[index];
  if (!mask) return { masks, selected: null };
  const next = [...masks];
  next[index] = fitMask({ ...mask, x: mask.x + dx, y: mask.y + dy }, duration) ?? mask;
  return { masks: next, selected: index };
}

/** Resizes a mask from its bottom-right corner by (dw, dh); its top-left corner stays, it stays inside the picture. */
export function resizeMask(masks: readonly PrivacyMask[], index: number, dw: number, dh: number, duration: number): MaskEditResult {
  const mask = masks[index];
  if (!mask) return { masks, selected: null };
  const width = clamp(mask.width + dw, MIN_MASK_SIZE, 1 - mask.x);
  const height = clamp(mask.height + dh, MIN_MASK_SIZE, 1 - mask.y);
  const next = [...masks];
  next[index] = fitMask({ ...mask, width, height }, duration) ?? mask;
  return { masks: next, selected: index };
}

/** Sets one end of a mask's time range; it keeps at least MIN_RANGE_SECONDS and stays inside the video. */
export function setMaskTime(masks: readonly PrivacyMask[], index: number, edge: 'start' | 'end', time: number, duration: number): MaskEditResult {
  const mask = masks[index];
  if (!mask) return { masks, selected: null };
  const next = [...masks];
  next[index] =
    edge === 'start'
      ? { ...mask, start: ms(clamp(time, 0, mask.end - MIN_RANGE_SECONDS)) }
      : { ...mask, end: ms(clamp(time, mask.start + MIN_RANGE_SECONDS, duration)) };
  return { masks: next, selected: index };
}

/** Shifts a mask's whole time range by `delta` seconds, stopping at the video's ends. */
export function shiftMaskTime(masks: readonly PrivacyMask[], index: number, delta: number, duration: number): MaskEditResult {
  const mask = masks[index];
  if (!mask) return { masks, selected: null };
  const length = mask.end - mask.start;
  const start = ms(clamp(mask.start + delta, 0, duration - length));
  const next = [...masks];
  next[index] = { ...mask, start, end: ms(start + length) };
  return { masks: next, selected: index };
}

export function deleteMask(masks: readonly PrivacyMask[], index: number): MaskEditResult {
  if (!masks[index]) return { masks, selected: null };
  return { masks: masks.filter((_, i) => i !== index), selected: null };
}

/**
 * 'Mask faces instead of removing': the faces found in an otherwise endoscopic picture become
 * masks, and the ranges removed only for a face that one of them covers are kept instead. Each
 * face mask is stretched over the whole range it replaces (privacy first).
 */
export function maskFacesInstead(
  ranges: readonly PrivacyRange[],
  masks: readonly PrivacyMask[],
  faces: readonly PrivacyMask[],
  duration: number,
): { ranges: readonly PrivacyRange[]; masks: readonly PrivacyMask[] } {
  const stretched = faces.map((f) => ({ ...f }));
  const kept: PrivacyRange[] = [];
  for (const range of ranges) {
    const faceOnly = range.reasons.every((r) => r === 'face');
    const covering = stretched.filter((f) => f.start < range.end && f.end > range.start);
    if (!faceOnly || covering.length === 0) {
      kept.push(range);
      continue;
    }
    for (const face of covering) {
      face.start = Math.min(face.start, range.start);
      face.end = Math.max(face.end, range.end);
    }
  }
  // A face already masked at the same place over its time is not added twice.
  const added = normalizeMasks(stretched, duration).filter(
    (f) =>
      !masks.some(
        (m) => m.reason === 'face' && m.x === f.x && m.y === f.y && m.width === f.width && m.height === f.height && m.start <= f.start && m.end >= f.end,
      ),
  );
  return { ranges: kept.length === ranges.length ? ranges : kept, masks: added.length ? [...masks, ...added] : masks };
}
