import { describe, expect, it } from 'vitest';
import { removalProblem } from './privacy-review.js';

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
