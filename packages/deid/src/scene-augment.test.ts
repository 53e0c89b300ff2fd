import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUGMENTATIONS, blur, composite, coverage, crop, exposure, haze, resize, temperature } from './scene-augment.js';

const draw = (width: number, height: number, colour: (x: number, y: number) => [number, number, number]) => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data.set(colour(x, y), (y * width + x) * 3);
  return { width, height, data };
};
// Tissue-like stripes with texture.
const tissue = draw(64, 64, (x, y) => [150 + ((x * 7 + y * 3) % 80), 60 + ((x * 5) % 40), 50 + ((y * 3) % 30)]);
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const mean = (data: Uint8Array, channel: number) => {
  let s = 0;
  for (let i = channel; i < data.length; i += 3) s += data[i]!;
  return s / (data.length / 3);
};

describe('augmentations', () => {
  it('are deterministic: the same frame gives the same bytes every time, and the input is untouched', () => {
    const before = sha(tissue.data);
    for (const [name, transform] of Object.entries(AUGMENTATIONS)) {
      const a = transform(tissue);
      const b = transform(tissue);
      expect(sha(a.data), name).toBe(sha(b.data));
      expect(a.data.length, name).toBe(a.width * a.height * 3);
      expect(sha(a.data), `${name} changes the frame`).not.toBe(before);
    }
    expect(sha(tissue.data)).toBe(before);
  });

  it('do what their names say', () => {
    const ratio = (image: { data: Uint8Array }) => mean(image.data, 0) / mean(image.data, 2);
    expect(ratio(temperature(tissue, 0.18))).toBeGreaterThan(ratio(tissue) * 1.2);
    expect(ratio(temperature(tissue, -0.18))).toBeLessThan(ratio(tissue) / 1.2);
    expect(mean(exposure(tissue, 0.45).data, 0)).toBeCloseTo(mean(tissue.data, 0) * 0.45, 0);
    // Haze pulls every channel toward grey: less difference between red and blue.
    const spread = (image: { data: Uint8Array }) => mean(image.data, 0) - mean(image.data, 2);
    expect(spread(haze(tissue, 0.45))).toBeLessThan(spread(tissue) * 0.6);
    const wide = AUGMENTATIONS.wide!(tissue);
    expect([wide.width, wide.height]).toEqual([64, 36]);
    expect(crop(tissue, { x: 0.25, y: 0.25, w: 0.5, h: 0.5 })).toMatchObject({ width: 32, height: 32 });
  });

  it('blur smooths a checkerboard and keeps its mean', () => {
    const board = draw(16, 16, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
    const soft = blur(board, 2);
    const variance = (d: Uint8Array) => {
      const m = mean(d, 0);
      let s = 0;
      for (let i = 0; i < d.length; i += 3) s += (d[i]! - m) ** 2;
      return s / (d.length / 3);
    };
    expect(variance(soft.data)).toBeLessThan(variance(board.data) / 10);
    expect(Math.abs(mean(soft.data, 0) - mean(board.data, 0))).toBeLessThan(10);
  });

  it('resize keeps a flat colour and a composite puts the inset where the box says', () => {
    const grey = draw(10, 10, () => [100, 120, 140]);
    expect([...resize(grey, 7, 3).data.subarray(0, 3)]).toEqual([100, 120, 140]);
    const blue = draw(8, 8, () => [0, 0, 255]);
    const pip = composite(tissue, blue, { x: 0.75, y: 0.75, w: 0.25, h: 0.25 });
    const at = (x: number, y: number) => [...pip.data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
    expect(at(60, 60)).toEqual([0, 0, 255]);
    expect(at(10, 10)).toEqual([...tissue.data.subarray((10 * 64 + 10) * 3, (10 * 64 + 10) * 3 + 3)]);
    expect(coverage({ x: 0.5, y: 0.5, w: 0.5, h: 0.5 }, { x: 0.75, y: 0.75, w: 0.25, h: 0.25 })).toBeCloseTo(0.25);
  });
});
