import { describe, expect, it } from 'vitest';
import { SCENE_FEATURES, sceneFeatures } from './scene-features.js';

/** A deterministic picture drawn by a function of relative position, at any size. */
const draw = (width: number, height: number, colour: (u: number, v: number) => [number, number, number]) => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data.set(colour(x / width, y / height), (y * width + x) * 3);
  }
  return { width, height, data };
};
const feature = (values: number[], name: (typeof SCENE_FEATURES)[number]) => values[SCENE_FEATURES.indexOf(name)]!;

// Tissue-like: saturated reds and pinks with texture, darker towards the corners (scope vignette).
const tissue = (u: number, v: number): [number, number, number] => {
  const r = Math.hypot(u - 0.5, v - 0.5);
  const light = Math.max(0, 1 - r * 1.6);
  const ripple = 0.8 + 0.2 * Math.sin(u * 40) * Math.cos(v * 33);
  return [Math.round(230 * light * ripple), Math.round(70 * light * ripple), Math.round(60 * light)];
};
// Room-like: grey walls, a blue-green drape band, a white lamp.
const room = (u: number, v: number): [number, number, number] => {
  if (v > 0.6) return [40, 120, 130];
  if (Math.hypot(u - 0.7, v - 0.2) < 0.08) return [250, 250, 245];
  return [150 + Math.round(20 * u), 150 + Math.round(20 * u), 155];
};

describe('sceneFeatures', () => {
  it('measures known colours: a red frame is tissue, a grey frame is not', () => {
    const red = sceneFeatures(draw(64, 64, () => [200, 30, 40]));
    expect(feature(red, 'tissueFraction')).toBe(1);
    expect(feature(red, 'greyFraction')).toBe(0);
    const grey = sceneFeatures(draw(64, 64, () => [128, 128, 128]));
    expect(feature(grey, 'tissueFraction')).toBe(0);
    expect(feature(grey, 'greyFraction')).toBe(1);
    expect(feature(sceneFeatures(draw(64, 64, () => [0, 0, 0])), 'darkFraction')).toBe(1);
  });

  it('sees the dark vignette of a scope', () => {
    expect(feature(sceneFeatures(draw(96, 96, tissue)), 'cornerDarkness')).toBeGreaterThan(0.3);
    expect(feature(sceneFeatures(draw(96, 96, () => [200, 60, 60])), 'cornerDarkness')).toBe(0);
  });

  it('does not depend on the frame size or aspect: a square dev image and a 16:9 video frame agree', () => {
    for (const picture of [tissue, room]) {
      const square = sceneFeatures(draw(256, 256, picture));
      const wide = sceneFeatures(draw(640, 360, picture));
      const small = sceneFeatures(draw(160, 90, picture));
      for (const other of [wide, small]) {
        other.forEach((value, i) => expect(Math.abs(value - square[i]!), SCENE_FEATURES[i]).toBeLessThan(0.05));
      }
    }
  });

  it('refuses data that does not match the size', () => {
    expect(() => sceneFeatures({ width: 10, height: 10, data: new Uint8Array(30) })).toThrow('does not match its size 10x10');
  });

  it('is fast: well under a millisecond for a 160x90 frame', () => {
    // About 0.3-0.6 ms here; the bound leaves room for a busy test machine, not for a slower method.
    const frames = Array.from({ length: 20 }, (_, k) => draw(160, 90, (u, v) => (k % 2 ? tissue(u, v) : room(u, v))));
    for (const f of frames) sceneFeatures(f);
    const started = performance.now();
    for (let round = 0; round < 10; round += 1) for (const f of frames) sceneFeatures(f);
    expect((performance.now() - started) / 200).toBeLessThan(1.5);
  });
});
