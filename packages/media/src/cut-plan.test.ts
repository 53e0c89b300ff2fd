import { describe, expect, it } from 'vitest';
import { planCopyCut } from './cut-plan.js';

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
