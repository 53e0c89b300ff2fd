import { describe, expect, it } from 'vitest';
import { type Box } from './detectors/text-track.js';
import { blankText, MAX_BLANKED_SHARE } from './text-blank.js';

const W = 100;
const H = 50;
/** A frame whose colour depends on the row (a gradient) with a white "overlay" band in rows 2-9. */
const frame = () => {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const white = y >= 2 && y < 10 && x >= 2 && x < 40;
      data.set(white ? [255, 255, 255] : [100 + y, 50, 20 + x], (y * W + x) * 3);
    }
  return { width: W, height: H, data };
};
const pixel = (f: { data: Uint8Array }, x: number, y: number) => [...f.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
const line: Box = { x: 0.03, y: 0.06, width: 0.35, height: 0.12, score: 0.99, read: true };

describe('blankText', () => {
  it('fills a text line with the picture beside it, mirrored, and leaves the rest of the frame as it was', () => {
    const original = frame();
    const blanked = blankText(original, [line])!;
    expect(blanked).toBeDefined();
    // No white left where the line was, and what is there comes from the rows just below it.
    for (let y = 2; y < 10; y++) for (let x = 2; x < 40; x++) expect(pixel(blanked, x, y)).not.toEqual([255, 255, 255]);
    const [r] = pixel(blanked, 10, 5);
    expect(r).toBeGreaterThan(100 + 10);
    expect(pixel(blanked, 10, 5)[2]).toBe(20 + 10);
    // Outside the padded line nothing changed, and the input frame was not touched.
    expect(pixel(blanked, 80, 30)).toEqual(pixel(original, 80, 30));
    expect(pixel(original, 10, 5)).toEqual([255, 255, 255]);
  });

  it('a line at the bottom of the frame is mirrored from above it', () => {
    const bottom: Box = { ...line, y: 0.86, height: 0.12 };
    const blanked = blankText(frame(), [bottom])!;
    // Rows come from above: red (100 + row) lower than the row's own.
    expect(pixel(blanked, 10, 47)[0]).toBeLessThan(100 + 47);
  });

  it('never blanks a frame that is mostly "text": a whole-frame box, or lines over the share', () => {
    expect(blankText(frame(), [{ x: 0, y: 0, width: 1, height: 1, score: 0.99, read: true }])).toBeUndefined();
    const many = Array.from({ length: 8 }, (_, i): Box => ({ x: 0.05, y: 0.02 + i * 0.12, width: 0.9, height: 0.06, score: 0.99, read: true }));
    expect(many.reduce((sum, b) => sum + b.width * b.height, 0)).toBeGreaterThan(MAX_BLANKED_SHARE);
    expect(blankText(frame(), many)).toBeUndefined();
    // Nothing to blank.
    expect(blankText(frame(), [])).toBeUndefined();
    // The share is configurable; a line within it is blanked.
    expect(blankText(frame(), [line], { maxShare: 0.05 })).toBeUndefined();
    expect(blankText(frame(), [line], { maxShare: 0.5 })).toBeDefined();
  });
});
