// Time-range arithmetic shared by cut and render: which parts of a file to keep once the
// privacy ranges are removed, and the ffmpeg filter graph that keeps exactly those frames.
import { MediaError } from './errors.js';

export interface TimeRange {
  start: number;
  end: number;
}

/** Sorts, clamps to [0, duration] and merges overlapping or touching ranges. */
export const normaliseRanges = (ranges: readonly TimeRange[], duration: number): TimeRange[] => {
  for (const r of ranges) {
    if (!Number.isFinite(r.start) || !Number.isFinite(r.end) || r.end < r.start) {
      throw new MediaError('bad_argument', `Invalid time range ${r.start}-${r.end}: the end must come after the start`);
    }
  }
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(duration, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const merged: TimeRange[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
};

/** The complement of `removed` in [0, duration]. */
export const keptRanges = (removed: readonly TimeRange[], duration: number): TimeRange[] => {
  const kept: TimeRange[] = [];
  let cursor = 0;
  for (const r of normaliseRanges(removed, duration)) {
    if (r.start > cursor) kept.push({ start: cursor, end: r.start });
    cursor = r.end;
  }
  if (duration > cursor) kept.push({ start: cursor, end: duration });
  return kept;
};

const seconds = (value: number) => value.toFixed(6);

/**
 * A region of the picture covered from `start` to `end` (seconds of the source, inclusive): x, y,
 * width and height are fractions of the frame (x, y = top-left corner).
 */
export interface MaskRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  start: number;
  end: number;
}

/** Checks masks and clamps them to the frame; a mask with no area or no time is an error. */
export const normaliseMasks = (masks: readonly MaskRegion[]): MaskRegion[] =>
  masks.map((m) => {
    const values = [m.x, m.y, m.width, m.height, m.start, m.end];
    if (!values.every(Number.isFinite) || !(m.width > 0 && m.height > 0) || !(m.end > m.start)) {
      throw new MediaError('bad_argument', `Invalid mask ${values.join(',')}: it needs a size and must end after it starts`);
    }
    const x = Math.min(1, Math.max(0, m.x));
    const y = Math.min(1, Math.max(0, m.y));
    return { x, y, width: Math.min(1 - x, m.width), height: Math.min(1 - y, m.height), start: Math.max(0, m.start), end: m.end };
  });

const fraction = (value: number) => value.toFixed(6);

/**
 * ffmpeg filters that cover each mask with a solid black box in the frames whose time (of the
 * source, minus `offset`) lies in its range: whole pixels, rounded outwards so the box never falls
 * short of the region. Empty for no masks.
 */
export const maskFilters = (masks: readonly MaskRegion[], offset = 0): string =>
  normaliseMasks(masks)
    .map(({ x, y, width, height, start, end }) => {
      const left = `floor(iw*${fraction(x)})`;
      const top = `floor(ih*${fraction(y)})`;
      const w = `ceil(iw*${fraction(x + width)})-${left}`;
      const h = `ceil(ih*${fraction(y + height)})-${top}`;
      return `drawbox=x=${left}:y=${top}:w=${w}:h=${h}:color=black@1:t=fill:enable='between(t,${seconds(start - offset)},${seconds(end - offset)})'`;
    })
    .join(',');

/**
 * A filter graph that keeps `kept` from input 0 and joins the parts, frame-exactly for video
 * and sample-exactly for audio. The input is decoded once; `split` feeds one trim per part.
 * `masks` are drawn over the picture before the cuts (times of the source). Outputs are labelled [vout] and, with audio, [aout].
 */
export const keepFilterGraph = (kept: readonly TimeRange[], withAudio: boolean, videoTail = '', masks: readonly MaskRegion[] = []): string => {
  if (kept.length === 0) throw new MediaError('bad_argument', 'Nothing would be left of the video after removing these ranges');
  const n = kept.length;
  const parts: string[] = [];
  const tail = videoTail ? `,${videoTail}` : '';
  // Masks first, on the source's own timeline, so their times are those of the review.
  const covered = masks.length ? `${maskFilters(masks)},` : '';
  if (n === 1) {
    const [{ start, end }] = kept as [TimeRange];
    parts.push(`[0:v:0]${covered}trim=start=${seconds(start)}:end=${seconds(end)},setpts=PTS-STARTPTS${tail}[vout]`);
    if (withAudio) parts.push(`[0:a:0]atrim=start=${seconds(start)}:end=${seconds(end)},asetpts=PTS-STARTPTS[aout]`);
    return parts.join(';');
  }
  parts.push(`[0:v:0]${covered}split=${n}${kept.map((_, i) => `[vs${i}]`).join('')}`);
  if (withAudio) parts.push(`[0:a:0]asplit=${n}${kept.map((_, i) => `[as${i}]`).join('')}`);
  kept.forEach(({ start, end }, i) => {
    parts.push(`[vs${i}]trim=start=${seconds(start)}:end=${seconds(end)},setpts=PTS-STARTPTS[v${i}]`);
    if (withAudio) parts.push(`[as${i}]atrim=start=${seconds(start)}:end=${seconds(end)},asetpts=PTS-STARTPTS[a${i}]`);
  });
  const inputs = kept.map((_, i) => (withAudio ? `[v${i}][a${i}]` : `[v${i}]`)).join('');
  parts.push(`${inputs}concat=n=${n}:v=1:a=${withAudio ? 1 : 0}${withAudio ? `[vcat][aout]` : '[vcat]'}`);
  parts.push(`[vcat]null${tail}[vout]`);
  return parts.join(';');
};

/** Output options that leave no container or stream metadata (creation time, device, GPS, title, comments). */
export const STRIP_METADATA = [
  '-map_metadata',
  '-1',
  '-map_metadata:s',
  '-1',
  '-map_chapters',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];

/** Where a time of the original lands in the cut video, or null when it was removed. */
export function timeAfterCuts(time: number, removed: readonly TimeRange[]): number | null {
  let shift = 0;
  for (const r of [...removed].sort((a, b) => a.start - b.start)) {
    if (time >= r.end) shift += r.end - r.start;
    else if (time >= r.start) return null;
  }
  return time - shift;
}
