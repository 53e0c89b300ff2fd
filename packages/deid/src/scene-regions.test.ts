import { describe, expect, it } from 'vitest';
import { type LogisticModel } from './logistic.js';
import { coverage, PIP_LAYOUTS } from './scene-augment.js';
import { sceneScore, sceneScores } from './scene-model.js';
import { decidingRegion, frameScore, MIN_REGION_AREA, poolRegion, REGIONS } from './scene-regions.js';

describe('picture-in-picture regions', () => {
  it('every region is big enough to hold a person or a face: a ninth of the frame or more, inside it', () => {
    for (const r of REGIONS) {
      expect(r.w * r.h, r.name).toBeGreaterThanOrEqual(MIN_REGION_AREA - 1e-9);
      expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= 1 + 1e-9 && r.y + r.h <= 1 + 1e-9, r.name).toBe(true);
    }
    expect(new Set(REGIONS.map((r) => r.name)).size).toBe(REGIONS.length);
  });

  it('an inset in any corner or at a side is most of some region (so that region is judged on it)', () => {
    for (const [name, box] of Object.entries(PIP_LAYOUTS)) {
      const best = Math.max(...REGIONS.map((r) => coverage(r, box)));
      expect(best, name).toBeGreaterThanOrEqual(0.4);
    }
    // A small inset in the top-right corner: most of the top-right ninth, none of the bottom-left.
    const inset = { x: 0.72, y: 0.03, w: 0.25, h: 0.25 };
    expect(
      coverage(
        REGIONS.find((r) => r.name === 'corner-tr')!,
        inset,
      ),
    ).toBeGreaterThan(0.5);
    expect(
      coverage(
        REGIONS.find((r) => r.name === 'corner-bl')!,
        inset,
      ),
    ).toBe(0);
  });

  it("the frame's score is the whole frame's or its most revealing region's, whichever is higher", () => {
    expect(frameScore({ full: 0.05, regions: [0.01, 0.02, 0.9, 0.03] })).toBe(0.9);
    expect(frameScore({ full: 0.7, regions: [0.01, 0.02] })).toBe(0.7);
    expect(frameScore({ full: 0.01, regions: [] })).toBe(0.01);
    expect(decidingRegion({ full: 0.05, regions: REGIONS.map((_, i) => (i === 7 ? 0.8 : 0.01)) })).toBe(REGIONS[7]!.name);
    expect(decidingRegion({ full: 0.5, regions: REGIONS.map(() => 0.1) })).toBe('full');
  });

  it('pools a feature map over the cells whose centres lie in the region', () => {
    // A 4 × 4 map, 2 channels: channel 0 is the column, channel 1 the row.
    const map = new Float32Array(4 * 4 * 2);
    for (let y = 0; y < 4; y += 1) for (let x = 0; x < 4; x += 1) map.set([x, y], (y * 4 + x) * 2);
    expect(poolRegion(map, 4, 4, 2, { x: 0, y: 0, w: 1, h: 1 })).toEqual([1.5, 1.5]);
    expect(poolRegion(map, 4, 4, 2, { x: 0.5, y: 0, w: 0.5, h: 0.5 })).toEqual([2.5, 0.5]);
    expect(poolRegion(map, 4, 4, 2, { x: 0, y: 0.75, w: 0.25, h: 0.25 })).toEqual([0, 3]);
    // A region too small to contain a cell centre takes the nearest cell.
    expect(poolRegion(map, 4, 4, 2, { x: 0.9, y: 0.9, w: 0.05, h: 0.05 })).toEqual([3, 3]);
  });

  it('a frame whose whole view looks endoscopic is still removed when one region does not', () => {
    // A one-feature head: score rises with the feature. The whole frame says "endoscopic" (−4),
    // one corner says "outside" (+4).
    const head: LogisticModel = { means: [0], scales: [1], weights: [1.5], bias: 0 };
    const inputs = { full: [-4], regions: REGIONS.map((_, i) => (i === 5 ? [4] : [-4])) };
    const scores = sceneScores(head, inputs);
    expect(scores.full).toBeLessThan(0.01);
    expect(sceneScore(head, inputs)).toBeGreaterThan(0.99);
    expect(sceneScore(head, { full: [-4], regions: REGIONS.map(() => [-4]) })).toBeLessThan(0.01);
  });
});
