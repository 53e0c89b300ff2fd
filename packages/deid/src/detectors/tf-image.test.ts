import { describe, expect, it } from 'vitest';
import { cropAndResize, padToSquare, resizeBilinearLegacy } from './tf-image.js';

/** A grey picture from one value per pixel (R = G = B), row by row. */
const grey = (width: number, height: number, values: number[]) => ({ width, height, data: Uint8Array.from(values.flatMap((v) => [v, v, v])) });
const red = (out: Float32Array) => [...out.filter((_, i) => i % 3 === 0)];

describe('resizeBilinearLegacy', () => {
  it("samples at destination × in/out, as TensorFlow's resize without half-pixel centres", () => {
    const image = grey(2, 1, [0, 100]);
    // Sources 0, 0.5, 1, 1.5 (the last clamped to the right pixel): 0, 50, 100, 100.
    expect(red(resizeBilinearLegacy(image, 4, 1))).toEqual([0, 50, 100, 100]);
    expect(red(resizeBilinearLegacy(image, 2, 1))).toEqual([0, 100]);
  });
});

describe('cropAndResize', () => {
  it('maps the corners of the box to the corners of the crop, and gives 0 outside the picture', () => {
    // 3 × 1 picture 0, 100, 200.
    const image = grey(3, 1, [0, 100, 200]);
    // The whole width in 5 samples: 0, 0.5, 1, 1.5, 2 pixels.
    expect(red(cropAndResize(image, [0, 0, 1, 1], 5, 1))).toEqual([0, 50, 100, 150, 200]);
    // Half of the box lies left of the picture: those samples are 0.
    expect(red(cropAndResize(image, [0, -1, 1, 1], 5, 1))).toEqual([0, 0, 0, 100, 200]);
  });
});

describe('padToSquare', () => {
  it('places the picture at its offset in a square of zeros', () => {
    const square = padToSquare(grey(2, 1, [7, 9]), 2, 0, 1);
    expect([...square.data.filter((_, i) => i % 3 === 0)]).toEqual([0, 0, 7, 9]);
  });
});
