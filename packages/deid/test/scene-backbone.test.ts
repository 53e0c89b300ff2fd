// The scene model with its real backbone (MobileNetV3 of Human's CenterNet, on onnxruntime): the
// feature map has the committed model's shape, the score is the same every time, and the region rule reaches the pipeline: an operating-room picture inset in a corner
// of an endoscopic frame removes that frame. These frames are training frames, so this checks the
// wiring, not the quality (that is `npm run deid:eval -- --cv`).
import { afterAll, describe, expect, it } from 'vitest';
import { loadPixels } from '../src/dataset.js';
import { composite, resize } from '../src/scene-augment.js';
import { SceneDetector } from '../src/scene-detector.js';
import { BACKBONE, SceneBackbone } from '../src/scene-embedding.js';
import { loadSceneModel, sceneInputs, sceneScores } from '../src/scene-model.js';
import { decidingRegion } from '../src/scene-regions.js';
import { devSet, spread } from './detector-frames.js';

const dev = devSet();

describe.skipIf(dev.length === 0)('scene model with its backbone', () => {
  const backbone = new SceneBackbone();
  const scene = new SceneDetector();
  afterAll(async () => {
    await backbone.close();
    await scene.close();
  });

  it('gives a 6 × 6 × 120 map at any frame size, the same twice', async () => {
    const frame = await loadPixels(dev.find((d) => d.label === 'inside')!.file);
    const first = await backbone.featureMap(frame);
    const again = await backbone.featureMap(frame);
    expect([first.width, first.height, first.channels]).toEqual([BACKBONE.input / 32, BACKBONE.input / 32, BACKBONE.channels]);
    expect(first.data.every(Number.isFinite)).toBe(true);
    expect(again.data).toEqual(first.data);
    const wide = await backbone.featureMap(resize(frame, 640, 360));
    expect(wide.data.length).toBe(first.data.length);
  });

  it('keeps endoscopic frames and removes the same frames with an operating-room inset in a corner', async () => {
    const model = loadSceneModel();
    const inside = spread(
      dev.filter((d) => d.label === 'inside'),
      6,
    );
    const room = await loadPixels(dev.find((d) => d.kind === 'operating-room')!.file);
    for (const [k, item] of inside.entries()) {
      const frame = resize(await loadPixels(item.file), 320, 180);
      const kept = await scene.scoreOne(frame);
      // Most endoscopic frames score far below the threshold; a few dev frames are the model's mistakes.
      const box = k % 2 ? { x: 0.02, y: 0.02, w: 0.3, h: 0.3 } : { x: 0.68, y: 0.68, w: 0.3, h: 0.3 };
      const pip = composite(frame, room, box);
      const removed = await scene.scoreOne(pip);
      expect(removed, item.file).toBeGreaterThanOrEqual(model.threshold);
      expect(removed, item.file).toBeGreaterThan(kept);
      const scores = sceneScores(model, sceneInputs(pip, await backbone.featureMap(pip)));
      expect(decidingRegion(scores), item.file).not.toBe('full');
    }
  });
});
