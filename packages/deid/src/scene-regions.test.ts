import { describe, expect, it } from 'vitest';
import { type LogisticModel } from './logistic.js';
import { type Box, composite, coverage, PIP_LAYOUTS, resize } from './scene-augment.js';
import { type Pixels } from './dataset.js';
import { SCENE_BAND, SCENE_UNCERTAIN_FROM, sceneScore, sceneScores } from './scene-model.js';
import { decidingRegion, frameScore, insetBorders, MIN_REGION_AREA, poolRegion, REGIONS } from './scene-regions.js';

/** A smooth reddish picture like tissue (no straight lines), 640 × 360. */
const tissue = (): Pixels => {
  const width = 640;
  const height = 360;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const wave = Math.sin(x / 41 + y / 67) + Math.sin(x / 23 - y / 31) * 0.6 + Math.sin((x * y) / 9000);
      data.set([170 + 35 * wave, 70 + 25 * wave, 60 + 20 * wave], (y * width + x) * 3);
    }
  }
  return { width, height, data };
};

/** A flat picture of a light room with a dark figure in it, 160 × 90. */
const room = (): Pixels => {
  const [width, height] = [160, 90];
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(x > 64 && x < 96 && y > 27 ? [40, 60, 90] : [205, 210, 200], (y * width + x) * 3);
  }
  return { width, height, data };
};

/** `base` with the room inset over `box` (fractions), as the training composites are made. */
const withInset = (base: Pixels, box: Box): Pixels => composite(base, room(), box);

/** `base` with a dark diagonal bar across it, like an instrument shaft. */
const withShaft = (base: Pixels): Pixels => {
  const data = Uint8Array.from(base.data);
  for (let y = 0; y < base.height; y += 1) {
    for (let x = 0; x < base.width; x += 1) if (Math.abs(y - (x * 0.45 + 40)) < 18) data.set([55, 55, 60], (y * base.width + x) * 3);
  }
  return { ...base, data };
};

const named = (borders: boolean[]) => REGIONS.filter((_, i) => borders[i]).map((r) => r.name);

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

  it('an unbordered region only makes the frame uncertain, unless the whole frame is uncertain too', () => {
    const regions = REGIONS.map((_, i) => (i === 7 ? 0.9 : 0.01));
    const none = REGIONS.map(() => false);
    const at7 = REGIONS.map((_, i) => i === 7);
    // A pale corner with no border at it: looked at again (faces, people), not removed.
    expect(frameScore({ full: 0.05, regions, borders: none }, SCENE_BAND)).toBe(SCENE_UNCERTAIN_FROM);
    expect(frameScore({ full: 0.05, regions, borders: none }, SCENE_BAND)).toBeLessThan(SCENE_BAND.threshold);
    expect(decidingRegion({ full: 0.05, regions, borders: none }, SCENE_BAND)).toBe(REGIONS[7]!.name);
    // An inset with a border: removed.
    expect(frameScore({ full: 0.05, regions, borders: at7 }, SCENE_BAND)).toBe(0.9);
    // The whole frame already uncertain: every region counts in full.
    expect(frameScore({ full: 0.15, regions, borders: none }, SCENE_BAND)).toBe(0.9);
    // Low region scores are left as they are.
    expect(frameScore({ full: 0.02, regions: REGIONS.map(() => 0.05), borders: none }, SCENE_BAND)).toBe(0.05);
  });

  it('finds the border of an inset where it sits, and none in tissue or along an instrument shaft', () => {
    const plain = tissue();
    expect(named(insetBorders(plain))).toEqual([]);
    expect(named(insetBorders(withShaft(plain)))).toEqual([]);
    const corner = named(insetBorders(withInset(plain, PIP_LAYOUTS['corner-br-third']!)));
    expect(corner).toContain('corner-br');
    expect(corner.filter((n) => n.endsWith('-tl') || n === 'side-left')).toEqual([]);
    const quarter = named(insetBorders(withInset(plain, PIP_LAYOUTS['corner-tr-quarter']!)));
    expect(quarter).toContain('corner-tr');
    expect(quarter.filter((n) => n.endsWith('-bl') || n === 'side-left')).toEqual([]);
    expect(named(insetBorders(withInset(plain, PIP_LAYOUTS['side-right']!)))).toContain('side-right');
    // The scene-only analysis's own 256 × 144 frames give the same answers.
    expect(named(insetBorders(resize(withInset(plain, PIP_LAYOUTS['corner-tl-third']!), 256, 144)))).toContain('corner-tl');
    expect(named(insetBorders(resize(plain, 256, 144)))).toEqual([]);
  });

  it('a region scoring high is removed through its border, and only made uncertain without one', () => {
    const head: LogisticModel = { means: [0], scales: [1], weights: [1.5], bias: 0 };
    const regions = REGIONS.map((_, i) => (i === 5 ? [4] : [-4]));
    expect(sceneScore(head, { full: [-4], regions, borders: REGIONS.map((_, i) => i === 5) })).toBeGreaterThan(0.99);
    expect(sceneScore(head, { full: [-4], regions, borders: REGIONS.map(() => false) })).toBe(SCENE_UNCERTAIN_FROM);
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
