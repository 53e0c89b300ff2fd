// The text detector's own arithmetic: input sizing and normalisation, and how a probability map
// becomes text-line boxes (wide, short, confident) while round or faint blobs are dropped.
import { describe, expect, it } from 'vitest';
import { inputSize, textBoxes, textScore, toModelInput } from './text-boxes.js';

describe('inputSize', () => {
  it('scales the long side to 640 and rounds both sides to multiples of 32', () => {
    expect(inputSize(256, 256)).toEqual({ width: 640, height: 640 });
    expect(inputSize(640, 360)).toEqual({ width: 640, height: 352 });
    expect(inputSize(320, 180)).toEqual({ width: 640, height: 352 });
    expect(inputSize(1920, 40)).toEqual({ width: 640, height: 32 });
  });
});

describe('toModelInput', () => {
  it('writes B, G, R planes normalised as PaddleOCR does', () => {
    const data = new Uint8Array([255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0]); // 2×2 red
    const out = toModelInput({ time: 0, width: 2, height: 2, data, keyframe: true }, 4, 4);
    expect(out.length).toBe(3 * 16);
    expect(out[0]).toBeCloseTo((0 - 0.485) / 0.229, 5); // blue plane
    expect(out[16]).toBeCloseTo((0 - 0.456) / 0.224, 5); // green plane
    expect(out[32 + 15]).toBeCloseTo((1 - 0.406) / 0.225, 5); // red plane
  });

  it('interpolates between neighbouring pixels', () => {
    const data = new Uint8Array([0, 0, 0, 255, 255, 255]); // black, white (1 row)
    const out = toModelInput({ time: 0, width: 2, height: 1, data, keyframe: true }, 4, 1);
    const grey = Array.from(out.slice(0, 4), (v) => (v * 0.229 + 0.485) * 255);
    expect(grey[0]).toBeCloseTo(0, 3);
    expect(grey[1]).toBeGreaterThan(0);
    expect(grey[1]).toBeLessThan(grey[2]!);
    expect(grey[3]).toBeCloseTo(255, 3);
  });
});

function map(width: number, height: number, blobs: { x: number; y: number; w: number; h: number; p: number }[]) {
  const prob = new Float32Array(width * height);
  for (const b of blobs) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) prob[y * width + x] = b.p;
  return prob;
}

describe('textBoxes', () => {
  it('finds a wide, short, confident line and grows it back from the shrunk kernel', () => {
    const boxes = textBoxes(map(200, 100, [{ x: 20, y: 10, w: 60, h: 6, p: 0.9 }]), 200, 100);
    expect(boxes).toHaveLength(1);
    const [b] = boxes;
    expect(b!.score).toBeCloseTo(0.9, 5);
    expect(b!.x).toBeLessThan(20 / 200);
    expect(b!.x + b!.width).toBeGreaterThan(80 / 200);
    expect(b!.height).toBeGreaterThan(6 / 100);
  });

  it('drops round blobs, large blobs, faint regions and specks', () => {
    const prob = map(200, 200, [
      { x: 10, y: 10, w: 12, h: 12, p: 0.95 }, // round: a highlight, not a line
      { x: 40, y: 40, w: 150, h: 40, p: 0.95 }, // taller than overlay text
      { x: 10, y: 150, w: 80, h: 6, p: 0.45 }, // above pixel threshold, below box threshold
      { x: 120, y: 150, w: 6, h: 2, p: 0.95 }, // too thin to be legible
    ]);
    expect(textBoxes(prob, 200, 200)).toEqual([]);
  });

  it('keeps separate lines apart, strongest first', () => {
    const prob = map(200, 100, [
      { x: 10, y: 10, w: 60, h: 6, p: 0.7 },
      { x: 10, y: 60, w: 80, h: 6, p: 0.95 },
    ]);
    const boxes = textBoxes(prob, 200, 100);
    expect(boxes.map((b) => b.score)).toEqual([expect.closeTo(0.95, 5), expect.closeTo(0.7, 5)]);
    expect(textScore(boxes)).toBeCloseTo(0.95, 5);
    expect(textScore([])).toBe(0);
  });

  it("a frame's score leaves out lines read as a maker's print on an instrument", () => {
    const line = { x: 0.1, y: 0.1, width: 0.3, height: 0.04 };
    expect(
      textScore([
        { ...line, score: 0.97, instrumentPrint: true },
        { ...line, y: 0.5, score: 0.92 },
      ]),
    ).toBeCloseTo(0.92, 5);
    expect(textScore([{ ...line, score: 0.97, instrumentPrint: true }])).toBe(0);
  });

  it('rejects a map of the wrong size', () => {
    expect(() => textBoxes(new Float32Array(10), 4, 4)).toThrow(/expected/);
  });
});
