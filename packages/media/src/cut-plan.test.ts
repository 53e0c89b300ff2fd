import { describe, expect, it } from 'vitest';
import { planCopyCut, splitLongEncodes } from './cut-plan.js';

const keyframes = [0, 2, 4, 6, 8, 10];

describe('planCopyCut', () => {
  it('copies between the first and last keyframe of a kept range and re-encodes the edges', () => {
    expect(planCopyCut([{ start: 0.6, end: 7.3 }], keyframes)).toEqual([
      { kind: 'encode', start: 0.6, end: 2 },
      { kind: 'copy', start: 2, end: 6 },
      { kind: 'encode', start: 6, end: 7.3 },
    ]);
  });

  it('a range that starts and ends on keyframes is copied whole', () => {
    expect(planCopyCut([{ start: 2, end: 6 }], keyframes)).toEqual([{ kind: 'copy', start: 2, end: 6 }]);
  });

  it('a range with no two keyframes inside is re-encoded', () => {
    expect(planCopyCut([{ start: 2.5, end: 3.9 }], keyframes)).toEqual([{ kind: 'encode', start: 2.5, end: 3.9 }]);
    expect(planCopyCut([{ start: 1, end: 2.3 }], keyframes)).toEqual([{ kind: 'encode', start: 1, end: 2.3 }]);
  });

  it('several kept ranges keep their order, nothing overlaps and the durations add up', () => {
    const kept = [
      { start: 0, end: 3 },
      { start: 5.5, end: 10 },
    ];
    const parts = planCopyCut(kept, keyframes);
    expect(parts).toEqual([
      { kind: 'copy', start: 0, end: 2 },
      { kind: 'encode', start: 2, end: 3 },
      { kind: 'encode', start: 5.5, end: 6 },
      { kind: 'copy', start: 6, end: 10 },
    ]);
    const total = parts.reduce((sum, p) => sum + (p.end - p.start), 0);
    expect(total).toBeCloseTo(7.5, 9);
  });

  it('timestamp rounding does not create slivers', () => {
    expect(planCopyCut([{ start: 1.99999, end: 6.00001 }], keyframes)).toEqual([{ kind: 'copy', start: 2, end: 6 }]);
  });
});

describe('splitLongEncodes', () => {
  const everyTwo = Array.from({ length: 61 }, (_, i) => i * 2);

  it('splits a long encoded part at keyframes into pieces of about the given length, end to end', () => {
    const pieces = splitLongEncodes([{ kind: 'encode', start: 3.3, end: 100 }], everyTwo, 30);
    expect(pieces).toEqual([
      { kind: 'encode', start: 3.3, end: 34 },
      { kind: 'encode', start: 34, end: 64 },
      { kind: 'encode', start: 64, end: 100 },
    ]);
  });

  it('leaves copied parts, short encoded parts and parts without keyframes inside as they are', () => {
    const parts = [
      { kind: 'encode' as const, start: 0, end: 1.5 },
      { kind: 'copy' as const, start: 2, end: 100 },
      { kind: 'encode' as const, start: 100, end: 144 },
    ];
    expect(splitLongEncodes(parts, everyTwo, 30)).toEqual(parts);
    expect(splitLongEncodes([{ kind: 'encode', start: 0.5, end: 90 }], [0, 120], 30)).toEqual([{ kind: 'encode', start: 0.5, end: 90 }]);
  });

  it('never leaves a last piece shorter than half a piece', () => {
    const pieces = splitLongEncodes([{ kind: 'encode', start: 0, end: 70 }], everyTwo, 30);
    expect(pieces).toEqual([
      { kind: 'encode', start: 0, end: 30 },
      { kind: 'encode', start: 30, end: 70 },
    ]);
    for (const piece of pieces) expect(piece.end - piece.start).toBeGreaterThanOrEqual(15);
  });
});
