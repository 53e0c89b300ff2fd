// The pure editing rules of the personal-information editor.
import { describe, expect, it } from 'vitest';
import { rangeProblem, type PrivacyRange } from '@ipsv/contracts/privacy-review';
import { parseSpriteVtt } from '../src/features/pii-editor/filmstrip';
import {
  addRange,
  commit,
  createHistory,
  deleteRange,
  moveRange,
  normalizeRanges,
  nudgeEdge,
  redo,
  resizeRange,
  skipTarget,
  splitAt,
  undo,
} from '../src/features/pii-editor/range-editing';

const r = (start: number, end: number, reasons: PrivacyRange['reasons'] = ['face'], confidence: number | null = 0.9): PrivacyRange => ({
  start,
  end,
  reasons,
  confidence,
});
const times = (ranges: readonly PrivacyRange[]) => ranges.map((x) => [x.start, x.end]);

describe('splitAt', () => {
  it('splits the range under the playhead into two that meet there, both keeping its reasons', () => {
    const result = splitAt([r(2, 10, ['out_of_body', 'face'])], 6, 60);
    expect(times(result.ranges)).toEqual([
      [2, 6],
      [6, 10],
    ]);
    expect(result.ranges.every((x) => x.reasons.join() === 'out_of_body,face')).toBe(true);
    expect(result.selected).toBe(1);
    expect(rangeProblem(result.ranges, 60)).toBeNull();
  });

  it('starts a new manual range at the playhead when it is not inside a range, stopping at the next range', () => {
    const result = splitAt([r(0, 2), r(20, 30)], 17, 60);
    expect(times(result.ranges)).toEqual([
      [0, 2],
      [17, 20],
      [20, 30],
    ]);
    expect(result.ranges[1]).toMatchObject({ reasons: ['manual'], confidence: null });
    expect(result.selected).toBe(1);
  });
});

describe('moveRange', () => {
  const ranges = [r(0, 2), r(5, 8), r(10, 12)];
  it('moves a range by the delta, keeping its length', () => {
    expect(times(moveRange(ranges, 1, 0.5, 20).ranges)[1]).toEqual([5.5, 8.5]);
  });
  it('stops at the next range and at the previous one', () => {
    expect(times(moveRange(ranges, 1, 10, 20).ranges)[1]).toEqual([7, 10]);
    expect(times(moveRange(ranges, 1, -10, 20).ranges)[1]).toEqual([2, 5]);
  });
  it('stops at the start and end of the video', () => {
    expect(times(moveRange([r(3, 5)], 0, -10, 20).ranges)).toEqual([[0, 2]]);
    expect(times(moveRange([r(3, 5)], 0, 100, 20).ranges)).toEqual([[18, 20]]);
  });
  it('does not drift with repeated 0.1 s steps', () => {
    let current: readonly PrivacyRange[] = [r(1, 2)];
    for (let i = 0; i < 3; i++) current = moveRange(current, 0, 0.1, 20).ranges;
    expect(times(current)).toEqual([[1.3, 2.3]]);
  });
});

describe('resizeRange', () => {
  const ranges = [r(0, 2), r(5, 8), r(10, 12)];
  it('cannot cross the neighbours', () => {
    expect(times(resizeRange(ranges, 1, 'end', 11, 20).ranges)[1]).toEqual([5, 10]);
    expect(times(resizeRange(ranges, 1, 'start', 1, 20).ranges)[1]).toEqual([2, 8]);
  });
  it('cannot pass its other edge', () => {
    expect(times(resizeRange(ranges, 1, 'start', 9, 20).ranges)[1]).toEqual([7.9, 8]);
    expect(times(resizeRange(ranges, 1, 'end', 0, 20).ranges)[1]).toEqual([5, 5.1]);
  });
  it('keeps the last range inside the video', () => {
    expect(times(nudgeEdge(ranges, 2, 'end', 100, 15).ranges)[2]).toEqual([10, 15]);
  });
  it('nudges an edge by a step', () => {
    expect(times(nudgeEdge(ranges, 1, 'start', -1, 20).ranges)[1]).toEqual([4, 8]);
  });
});

describe('addRange', () => {
  it('adds 5 s at the playhead, clamped to the end of the video', () => {
    expect(times(addRange([], 3, 60).ranges)).toEqual([[3, 8]]);
    expect(times(addRange([], 58, 60).ranges)).toEqual([[58, 60]]);
    expect(times(addRange([], 60, 60).ranges)).toEqual([[55, 60]]);
  });
  it('merges with the range it starts in', () => {
    const result = addRange([r(2, 4, ['text'], 0.7)], 3, 60);
    expect(result.ranges).toEqual([r(2, 8, ['text', 'manual'], 0.7)]);
  });
});

describe('deleteRange', () => {
  it('removes only that range and clears the selection', () => {
    const result = deleteRange([r(0, 2), r(5, 8), r(10, 12)], 1);
    expect(times(result.ranges)).toEqual([
      [0, 2],
      [10, 12],
    ]);
    expect(result.selected).toBeNull();
  });
});

describe('normalizeRanges', () => {
  it('sorts, clamps into the video and merges overlaps so rangeProblem passes', () => {
    const result = normalizeRanges([r(8, 12, ['text'], 0.6), r(-1, 3, ['face'], 0.8), r(10, 70, ['person'], null)], 60);
    expect(result).toEqual([r(0, 3, ['face'], 0.8), r(8, 60, ['text', 'person'], 0.6)]);
    expect(rangeProblem(result, 60)).toBeNull();
  });
});

describe('history', () => {
  it('undo and redo restore every state exactly', () => {
    const first = [r(0, 2), r(5, 8)];
    let history = createHistory<readonly PrivacyRange[]>(first);
    const second = moveRange(first, 1, 1, 20).ranges;
    history = commit(history, second);
    const third = deleteRange(second, 0).ranges;
    history = commit(history, third);

    history = undo(history);
    expect(history.present).toBe(second);
    history = undo(history);
    expect(history.present).toBe(first);
    expect(times(history.present)).toEqual([
      [0, 2],
      [5, 8],
    ]);
    expect(undo(history)).toBe(history);

    history = redo(redo(history));
    expect(history.present).toBe(third);
    expect(redo(history)).toBe(history);
  });

  it('a new change after undo drops the redo stack and leaves earlier states untouched', () => {
    const first = [r(0, 2)];
    let history = commit(createHistory<readonly PrivacyRange[]>(first), splitAt(first, 1, 10).ranges);
    history = commit(undo(history), addRange(first, 5, 10).ranges);
    expect(history.future).toEqual([]);
    expect(history.past).toEqual([first]);
    expect(times(first)).toEqual([[0, 2]]);
  });
});

describe('skipTarget', () => {
  it('jumps to the end of the range under the playhead, across ranges that meet', () => {
    const ranges = [r(2, 4), r(4, 6), r(9, 10)];
    expect(skipTarget(ranges, 3)).toBe(6);
    expect(skipTarget(ranges, 7)).toBeNull();
  });
});

describe('parseSpriteVtt', () => {
  it('reads each cue and its xywh fragment', () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90\n\n00:00:05.000 --> 00:01:10.500\nsprite.jpg#xywh=160,0,160,90\n';
    expect(parseSpriteVtt(vtt)).toEqual([
      { start: 0, end: 5, x: 0, y: 0, width: 160, height: 90 },
      { start: 5, end: 70.5, x: 160, y: 0, width: 160, height: 90 },
    ]);
  });
});
