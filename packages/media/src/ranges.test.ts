import { describe, expect, it } from 'vitest';
import { keptRanges, timeAfterCuts } from './ranges.js';

describe('timeAfterCuts', () => {
  it('moves a time back by everything removed before it, and has none inside a removed range', () => {
    const removed = [
      { start: 10, end: 15 },
      { start: 2, end: 4 },
    ];
    expect(timeAfterCuts(1, removed)).toBe(1);
    expect(timeAfterCuts(3, removed)).toBeNull();
    expect(timeAfterCuts(4, removed)).toBe(2);
    expect(timeAfterCuts(12, removed)).toBeNull();
    expect(timeAfterCuts(20, removed)).toBe(13);
    expect(timeAfterCuts(5, [])).toBe(5);
  });

  it('agrees with the kept ranges it implies', () => {
    const removed = [
      { start: 2, end: 4 },
      { start: 10, end: 15 },
    ];
    const kept = keptRanges(removed, 30);
    const keptBefore = (t: number) => kept.reduce((sum, r) => sum + Math.max(0, Math.min(t, r.end) - r.start), 0);
    for (const t of [0, 1.5, 5, 9.9, 16, 29]) expect(timeAfterCuts(t, removed)).toBeCloseTo(keptBefore(t), 6);
  });
});
