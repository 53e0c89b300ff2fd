// Pure rules of the video page: the current segment (spec section 4), time as m:ss, the Markdown
// export of notes, and when and how signed links are renewed without interrupting playback.
import { describe, expect, it } from 'vitest';
import type { Note, WatchSegment } from '@ipsv/contracts/watching';
import { refreshDelayMs, tokenOf, withToken } from '../src/features/watching/signed-links';
import { clock, currentSegmentIndex, notesMarkdown } from '../src/features/watching/watch-math';

const segment = (start: number, end: number): WatchSegment => ({ start, end, title: `s${start}`, category: null, description: '' });

describe('the current segment', () => {
  const segments = [segment(0, 4), segment(4, 8), segment(8, 12)];
  it('is the one with the latest start at or before the position', () => {
    expect(currentSegmentIndex(segments, 0)).toBe(0);
    expect(currentSegmentIndex(segments, 3.99)).toBe(0);
    expect(currentSegmentIndex(segments, 4)).toBe(1);
    expect(currentSegmentIndex(segments, 11)).toBe(2);
  });
  it('stays the last one for any position after its start, and is none before the first', () => {
    expect(currentSegmentIndex(segments, 500)).toBe(2);
    expect(currentSegmentIndex([segment(2, 5)], 1)).toBe(-1);
    expect(currentSegmentIndex([], 3)).toBe(-1);
  });
});

describe('clock', () => {
  it('shows m:ss, and h:mm:ss from an hour', () => {
    expect(clock(754.2)).toBe('12:34');
    expect(clock(5)).toBe('0:05');
    expect(clock(3723)).toBe('1:02:03');
  });
});

describe('notes as Markdown', () => {
  it('lists the notes in time order under links that open the video there', () => {
    const note = (id: number, time: number, text: string): Note => ({ id, videoId: 'v', time, text, createdAt: '', updatedAt: '' });
    const markdown = notesMarkdown('Cholecystectomy', [note(1, 65, 'Clip'), note(2, 3, 'Ports')], { heading: 'Notes', link: (t) => `/video/v?t=${t}` });
    expect(markdown).toBe('# Notes: Cholecystectomy\n\n## [0:03](/video/v?t=3)\n\nPorts\n\n## [1:05](/video/v?t=65)\n\nClip\n');
  });
});

describe('signed links', () => {
  const url = 'http://host/media/1700000000.3.s.abcDEF_-/videos/x/v1/720p/segment-00003.m4s';
  it('swap only the signature of a media link', () => {
    expect(tokenOf(url)).toBe('1700000000.3.s.abcDEF_-');
    expect(withToken(url, '1700006000.3.s.fresh')).toBe('http://host/media/1700006000.3.s.fresh/videos/x/v1/720p/segment-00003.m4s');
    expect(withToken('http://host/api/videos/x', 'fresh')).toBe('http://host/api/videos/x');
  });
  it('are renewed a fifth of their life (at least 5 s) before they expire, never sooner than in 1 s', () => {
    const now = 1_000_000;
    expect(refreshDelayMs(new Date(now + 6000_000).toISOString(), now)).toBe(4800_000);
    expect(refreshDelayMs(new Date(now + 20_000).toISOString(), now)).toBe(15_000);
    expect(refreshDelayMs(new Date(now + 3_000).toISOString(), now)).toBe(1000);
  });
});
