import { describe, expect, it } from 'vitest';
import { MAX_MASKS, maskProblem, removalProblem } from './privacy-review.js';

describe('removalProblem', () => {
  it('accepts ranges that leave a second or more, and refuses removing (nearly) everything', () => {
    expect(removalProblem([{ start: 2, end: 3 }], 10)).toBeNull();
    expect(removalProblem([{ start: 0, end: 9 }], 10)).toBeNull();
    expect(removalProblem([{ start: 0, end: 9.5 }], 10)).toBe('NOTHING_LEFT');
    expect(
      removalProblem(
        [
          { start: 0, end: 4 },
          { start: 4, end: 10 },
        ],
        10,
      ),
    ).toBe('NOTHING_LEFT');
  });

  it('reports a malformed range first', () => {
    expect(
      removalProblem(
        [
          { start: 0, end: 5 },
          { start: 4, end: 10 },
        ],
        10,
      ),
    ).toBe('RANGE_OVERLAP');
  });
});

describe('maskProblem', () => {
  const mask = { x: 0.1, y: 0.1, width: 0.2, height: 0.2, start: 1, end: 4 };
  it('accepts masks inside the picture and the video, up to the limit', () => {
    expect(maskProblem([], 10)).toBeNull();
    expect(maskProblem([mask, { x: 0, y: 0, width: 1, height: 1, start: 0, end: 10 }], 10)).toBeNull();
    expect(
      maskProblem(
        Array.from({ length: MAX_MASKS }, () => mask),
        10,
      ),
    ).toBeNull();
  });
  it('names the first problem: outside the picture, no area, a wrong time range, too many', () => {
    expect(maskProblem([{ ...mask, x: 0.9 }], 10)).toBe('MASK_OUTSIDE_FRAME');
    expect(maskProblem([{ ...mask, y: -0.01 }], 10)).toBe('MASK_OUTSIDE_FRAME');
    expect(maskProblem([{ ...mask, height: 0 }], 10)).toBe('MASK_OUTSIDE_FRAME');
    expect(maskProblem([{ ...mask, width: Number.NaN }], 10)).toBe('MASK_OUTSIDE_FRAME');
    expect(maskProblem([{ ...mask, end: 10.5 }], 10)).toBe('MASK_TIME');
    expect(maskProblem([{ ...mask, start: 4 }], 10)).toBe('MASK_TIME');
    expect(maskProblem([{ ...mask, start: -1 }], 10)).toBe('MASK_TIME');
    expect(
      maskProblem(
        Array.from({ length: MAX_MASKS + 1 }, () => mask),
        10,
      ),
    ).toBe('TOO_MANY_MASKS');
  });
});
