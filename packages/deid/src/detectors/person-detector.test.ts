import { describe, expect, it } from 'vitest';
import { centernetDetections } from './person-detector.js';

const decoding = { topK: 3, classes: 2, stride: [4, 4, 4, 4] as [number, number, number, number] };

/** A 2 × 3 grid of 2 classes (cell-major, class fastest, as the graph's NHWC reshape) and its sizes. */
const grid = (scores: number[]) => {
  const sizes = new Float32Array(6 * 4);
  for (let cell = 0; cell < 6; cell += 1) sizes.set([1 + cell, 2 + cell, 3 + cell, 4 + cell], cell * 4);
  return { peaks: Float32Array.from(scores), sizes };
};

describe('centernetDetections', () => {
  it("decodes each peak's box from its cell and the sizes there, with its class", () => {
    // Cell 4 (row 1, column 1 of a 3-wide grid), class 1, score 0.9.
    const { peaks, sizes } = grid([0, 0, 0, 0, 0, 0, 0, 0, 0, 0.9, 0, 0]);
    const rows = centernetDetections(peaks, sizes, 3, decoding, 0.2);
    // Left = column × 4 − 5, top = row × 4 − 6, right = column × 4 + 7, bottom = row × 4 + 8.
    expect([...rows]).toEqual([-1, -2, 11, 12, expect.closeTo(0.9, 6), 1]);
  });

  it('keeps the k strongest of any class, ties to the lower index, and nothing under the floor', () => {
    const { peaks, sizes } = grid([0.5, 0.7, 0.5, 0.1, 0.5, 0, 0.6, 0, 0, 0, 0, 0.19]);
    const rows = centernetDetections(peaks, sizes, 3, decoding, 0.2);
    const kept = Array.from({ length: rows.length / 6 }, (_, k) => [rows[k * 6 + 4]!, rows[k * 6 + 5]!]);
    // 0.7 (index 1), 0.6 (index 6), then the first 0.5 (index 0); the 0.5s at 2 and 4 lose the tie.
    expect(kept.map(([score]) => Math.round(score! * 10) / 10)).toEqual([0.7, 0.6, 0.5]);
    expect(kept.map(([, cls]) => cls)).toEqual([1, 0, 0]);
    // Under k candidates above the floor: all of them, none below it.
    expect(centernetDetections(peaks, sizes, 3, { ...decoding, topK: 100 }, 0.2).length / 6).toBe(5);
  });
});
