// Pure rules of the video page: time as m:ss, the current segment (spec section 4 "Playback"),
// and one video's notes as Markdown.
import type { Note, WatchSegment } from '@ipsv/contracts/watching';

/** 754.2 -> "12:34"; an hour or more -> "1:02:03". */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The segment with the latest start at or before the position (for the last one, any position after
 * its start); -1 before the first. Segments are sorted ascending by start.
 */
export function currentSegmentIndex(segments: readonly WatchSegment[], position: number): number {
  let current = -1;
  for (let i = 0; i < segments.length; i += 1) {
    if (segments[i]!.start <= position) current = i;
    else break;
  }
  return current;
}

/** One video's notes as a Markdown document: a heading, then each note under its time. */
export function notesMarkdown(title: string, notes: readonly Note[], labels: { heading: string; link: (time: number) => string }): string {
  const lines = [`# ${labels.heading}: ${title}`, ''];
  for (const note of [...notes].sort((a, b) => a.time - b.time)) {
    lines.push(`## [${clock(note.time)}](${labels.link(note.time)})`, '', note.text, '');
  }
  return lines.join('\n');
}

/** The deep link's start (`?t=SECONDS`), or null when the address has none or it is not a time. */
export function deepLinkStart(search: URLSearchParams): number | null {
  const t = Number(search.get('t'));
  return search.has('t') && Number.isFinite(t) && t >= 0 ? t : null;
}
