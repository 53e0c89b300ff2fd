// The segment editor's rows as pure functions: times typed as m:ss, rows kept sorted by start, and
// the body Confirm sends.
import { segmentClock, type Segment, type SegmentCategory, type SegmentsInput } from '@ipsv/contracts/segments';

export interface SegmentRow {
  /** Stable key while rows move around when sorted. */
  id: string;
  start: number;
  end: number;
  /** What the provider types; `start`/`end` follow it whenever it parses. */
  startText: string;
  endText: string;
  title: string;
  category: SegmentCategory | null;
  description: string;
}

/** Length of a segment added with 'Add segment' (it stops earlier at the next segment or the end). */
export const NEW_SEGMENT_SECONDS = 30;

let nextId = 0;
const newId = () => `row-${++nextId}`;

/** Reads "m:ss", "h:mm:ss" or plain seconds (decimals allowed); null when it is none of those. */
export function parseClock(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(trimmed)) return null;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((p) => p >= 60)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function rowFrom(segment: Pick<Segment, 'start' | 'end'> & Partial<Segment>): SegmentRow {
  return {
    id: newId(),
    start: segment.start,
    end: segment.end,
    startText: segmentClock(segment.start),
    endText: segmentClock(segment.end),
    title: segment.title ?? '',
    category: segment.category ?? null,
    description: segment.description ?? '',
  };
}

export const sortRows = (rows: readonly SegmentRow[]): SegmentRow[] => [...rows].sort((a, b) => a.start - b.start);

/** A new row at `time`: it ends after NEW_SEGMENT_SECONDS, at the next segment's start or at the end of the video. */
export function rowAt(rows: readonly SegmentRow[], time: number, duration: number): SegmentRow {
  const start = Math.min(Math.max(0, Math.round(time)), Math.max(0, Math.floor(duration) - 1));
  const nextStart = rows.filter((r) => r.start > start).reduce((low, r) => Math.min(low, r.start), duration);
  return rowFrom({ start, end: Math.min(duration, nextStart, start + NEW_SEGMENT_SECONDS) });
}

export function toInput(
  rows: readonly SegmentRow[],
  form: { fileType: SegmentsInput['fileType']; category: SegmentsInput['category']; isPublic: boolean },
): SegmentsInput {
  return {
    ...form,
    segments: rows.map((r) => ({ start: r.start, end: r.end, title: r.title, category: r.category, description: r.description })),
  };
}
