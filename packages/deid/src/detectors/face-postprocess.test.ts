// The face/person geometry on hand-made model outputs: anchor layout, box decoding, the way back
// from the padded square to the frame, person filtering and overlap suppression.
import { describe, expect, it } from 'vitest';
import {
  BLAZEFACE_ROW,
  blazefaceAnchors,
  decodeBlazeface,
  fromLetterbox,
  iou,
  letterbox,
  meshCrop,
  personBoxes,
  strongest,
  suppressOverlaps,
} from './face-postprocess.js';

describe('blazefaceAnchors', () => {
  it('lays out 16×16×2 then 8×8×6 anchor centres for the 256-px model', () => {
    const a = blazefaceAnchors(256);
    expect(a.length).toBe(896 * 2);
    expect([a[0], a[1], a[2], a[3]]).toEqual([8, 8, 8, 8]); // two anchors in the first 16-px cell
    expect([a[4], a[5]]).toEqual([24, 8]);
    expect([a[512 * 2], a[512 * 2 + 1]]).toEqual([16, 16]); // first 32-px cell
    expect([a[895 * 2], a[895 * 2 + 1]]).toEqual([240, 240]);
  });
});

describe('decodeBlazeface', () => {
  const anchors = blazefaceAnchors(256);
  const rows = () => new Float32Array(896 * BLAZEFACE_ROW).fill(-10);

  it('keeps confident anchors and places the box around anchor + offset', () => {
    const r = rows();
    const i = 600; // a 32-px cell anchor
    r.set([3, 4, -2, 64, 32], i * BLAZEFACE_ROW);
    const [box, ...rest] = decodeBlazeface(r, anchors, 256, 0.5);
    expect(rest).toEqual([]);
    const cx = anchors[2 * i]! + 4;
    const cy = anchors[2 * i + 1]! - 2;
    expect(box!.score).toBeCloseTo(1 / (1 + Math.exp(-3)), 6);
    expect(box!.x).toBeCloseTo((cx - 32) / 256, 6);
    expect(box!.y).toBeCloseTo((cy - 16) / 256, 6);
    expect(box!.width).toBeCloseTo(64 / 256, 6);
    expect(box!.height).toBeCloseTo(32 / 256, 6);
  });

  it('returns nothing below the threshold and rejects a wrongly shaped output', () => {
    expect(decodeBlazeface(rows(), anchors, 256, 0.01)).toEqual([]);
    expect(() => decodeBlazeface(new Float32Array(10), anchors, 256, 0.5)).toThrow(/expected/);
  });
});

describe('letterbox', () => {
  it('centres a landscape frame in a square and maps boxes back to the frame', () => {
    const lb = letterbox(640, 360);
    expect(lb).toMatchObject({ side: 640, padX: 0, padY: 140 });
    // The frame's own area inside the square maps to the whole frame.
    const whole = fromLetterbox({ x: 0, y: 140 / 640, width: 1, height: 360 / 640, score: 0.9 }, lb);
    expect(whole.x).toBeCloseTo(0);
    expect(whole.y).toBeCloseTo(0);
    expect(whole.width).toBeCloseTo(1);
    expect(whole.height).toBeCloseTo(1);
    expect(whole.score).toBe(0.9);
    // A box in the padding band is clipped to the frame edge.
    const band = fromLetterbox({ x: 0.1, y: 0, width: 0.1, height: 0.1, score: 0.5 }, lb);
    expect(band.height).toBe(0);
  });
});

describe('personBoxes', () => {
  it('keeps only confident persons, normalised to the input', () => {
    const d = Float32Array.from([
      ...[0, 0, 256, 512, 0.8, 0], // person
      ...[10, 10, 50, 50, 0.9, 2], // car
      ...[0, 0, 100, 100, 0.1, 0], // weak person
      ...[50, 50, 50, 90, 0.7, 0], // zero width
    ]);
    expect(personBoxes(d, 512, 0.2)).toEqual([{ x: 0, y: 0, width: 0.5, height: 1, score: expect.closeTo(0.8, 6) }]);
  });
});

describe('suppressOverlaps and strongest', () => {
  const a = { x: 0.1, y: 0.1, width: 0.2, height: 0.2, score: 0.9 };
  const b = { x: 0.11, y: 0.1, width: 0.2, height: 0.2, score: 0.6 };
  const c = { x: 0.6, y: 0.6, width: 0.2, height: 0.2, score: 0.7 };

  it('keeps the strongest of overlapping boxes and every separate one', () => {
    expect(iou(a, b)).toBeGreaterThan(0.8);
    expect(iou(a, c)).toBe(0);
    expect(suppressOverlaps([b, c, a], 0.3)).toEqual([a, c]);
    expect(suppressOverlaps([b, c, a], 0.3, 1)).toEqual([a]);
  });

  it('scores a frame by its strongest box, 0 without any', () => {
    expect(strongest([b, c])).toBe(0.7);
    expect(strongest([])).toBe(0);
  });
});

describe('meshCrop', () => {
  it('is a square in pixels, enlarged around the box centre', () => {
    const [y1, x1, y2, x2] = meshCrop({ x: 0.5, y: 0.5, width: 0.1, height: 0.1, score: 1 }, 400, 200, 1.4);
    expect((x2 - x1) * 400).toBeCloseTo((y2 - y1) * 200); // square in pixels
    expect((x2 - x1) * 400).toBeCloseTo(1.4 * 40); // long side (40 px) × 1.4
    expect((x1 + x2) / 2).toBeCloseTo(0.55);
    expect((y1 + y2) / 2).toBeCloseTo(0.55);
  });
});
