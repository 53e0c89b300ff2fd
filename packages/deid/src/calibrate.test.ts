import { describe, expect, it } from 'vitest';
import { calibrate } from './analyse.js';

describe('calibrate', () => {
  it("puts a detector's own threshold exactly on the shared one, keeping the order of scores", () => {
    expect(calibrate(0.5, 0.5, 0.2)).toBeCloseTo(0.2, 12);
    expect(calibrate(0, 0.5, 0.2)).toBe(0);
    expect(calibrate(1, 0.5, 0.2)).toBe(1);
    const scores = [0, 0.1, 0.3, 0.49, 0.5, 0.51, 0.8, 1].map((s) => calibrate(s, 0.5, 0.2));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(calibrate(0.49, 0.5, 0.2)).toBeLessThan(0.2);
    expect(calibrate(0.51, 0.5, 0.2)).toBeGreaterThan(0.2);
  });
});
