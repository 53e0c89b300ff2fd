// The scene backbone on onnxruntime (the TensorFlow.js graph rewritten as ONNX in memory) against
// the same graph run by TensorFlow.js, kept here as the reference only: on generated frames
// (ffmpeg's test sources), the committed 4D-OR crops and, when present, dev frames, the two feature
// maps agree to float rounding and the scene score they lead to is the same. Measured on 19 frames
// (2026-11-25): largest difference 3.7e-4 on a map spanning 56, 6.6e-6 of the range (the bound is
// 1e-4); scores differ by less than 1e-7. Pads put before instead of after, or kernels transposed
// wrongly, gave differences of 0.34 and 0.46 of the range: far past the bound.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPixels, type Pixels } from '../src/dataset.js';
import { ensureWasmBackend, fileModelHandler, type GraphModel, tf } from './helpers/tfjs-reference.js';
import { humanModelsDir } from '../src/detectors/human-models.js';
import { resize } from '../src/scene-augment.js';
import { BACKBONE, type FeatureMap, SceneBackbone } from '../src/scene-embedding.js';
import { loadSceneModel, sceneInputs, sceneScore } from '../src/scene-model.js';
import { devSet, lavfiFrame, spread } from './detector-frames.js';

/**
 * The reference: TensorFlow.js executing the graph up to the cut, its declared 512 × 512 input
 * relaxed so that it runs at 192 × 192 (what the product did before onnxruntime).
 */
const loadReference = async (): Promise<GraphModel> => {
  await ensureWasmBackend();
  const file = fileModelHandler(path.join(humanModelsDir(), `${BACKBONE.model}.json`));
  return loadGraphModel({
    async load() {
      const artifacts = await file.load!();
      const topology = artifacts.modelTopology as { node: { op: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] };
      for (const node of topology.node) {
        const dims = node.op === 'Placeholder' ? node.attr?.shape?.shape?.dim : undefined;
        if (dims?.length === 4) for (const i of [1, 2]) dims[i]!.size = '-1';
      }
      return { ...artifacts, signature: undefined };
    },
  });
};

const referenceMap = async (model: GraphModel, frame: Pixels): Promise<FeatureMap> => {
  const small = resize(frame, BACKBONE.input, BACKBONE.input);
  const output = tf.tidy(() => model.execute(tf.tensor4d(Float32Array.from(small.data), [1, BACKBONE.input, BACKBONE.input, 3]), BACKBONE.node) as tf.Tensor);
  const [, height, width, channels] = output.shape as number[];
  const data = (await output.data()) as Float32Array;
  output.dispose();
  return { width: width!, height: height!, channels: channels!, data };
};

const frames = async (): Promise<{ name: string; pixels: Pixels }[]> => {
  const out: { name: string; pixels: Pixels }[] = [];
  for (const [source, seconds] of [
    ['testsrc2=size=640x360:rate=30', 0],
    ['testsrc2=size=320x180:rate=30', 3.4],
    ['smptehdbars=size=256x144', 0],
    ['mandelbrot=size=400x300', 2],
    ['testsrc2=size=480x270,noise=alls=60:allf=t', 1],
  ] as const) {
    out.push({ name: source, pixels: await lavfiFrame(source, seconds) });
  }
  // Real operating-room pictures committed with the package (packages/deid/data/README.md).
  const crops = path.resolve(import.meta.dirname, '../data/images');
  for (const file of readdirSync(crops).sort().slice(0, 6)) out.push({ name: file, pixels: await loadPixels(path.join(crops, file)) });
  // Endoscopic and other dev frames, where the shared data sits beside the repository.
  for (const item of spread(devSet(), 8)) out.push({ name: path.basename(item.file), pixels: await loadPixels(item.file) });
  return out;
};

describe('scene backbone on onnxruntime', () => {
  const backbone = new SceneBackbone();
  let reference: GraphModel;
  beforeAll(async () => {
    reference = await loadReference();
  });
  afterAll(async () => {
    await backbone.close();
    reference?.dispose();
  });

  it('gives the feature maps TensorFlow.js gives, and the same scene scores', async () => {
    const model = loadSceneModel();
    const list = await frames();
    expect(list.length).toBeGreaterThanOrEqual(11);
    let worst = 0;
    for (const { name, pixels } of list) {
      const expected = await referenceMap(reference, pixels);
      const actual = await backbone.featureMap(pixels);
      expect([actual.height, actual.width, actual.channels], name).toEqual([expected.height, expected.width, expected.channels]);
      expect(actual.data.length, name).toBe(expected.data.length);
      let lo = Infinity;
      let hi = -Infinity;
      let diff = 0;
      for (let i = 0; i < expected.data.length; i += 1) {
        lo = Math.min(lo, expected.data[i]!);
        hi = Math.max(hi, expected.data[i]!);
        diff = Math.max(diff, Math.abs(actual.data[i]! - expected.data[i]!));
      }
      expect(hi - lo, name).toBeGreaterThan(1);
      const relative = diff / (hi - lo);
      worst = Math.max(worst, relative);
      expect(relative, `${name}: largest difference ${diff} on a range of ${hi - lo}`).toBeLessThan(1e-4);
      // What the model decides from either map (whole frame and its regions) is the same.
      const a = sceneScore(model, sceneInputs(pixels, actual));
      const b = sceneScore(model, sceneInputs(pixels, expected));
      expect(Math.abs(a - b), name).toBeLessThan(1e-5);
      expect(a >= model.threshold, name).toBe(b >= model.threshold);
    }
    // TEST_LOG=info prints the figure the header quotes.
    if (process.env.TEST_LOG === 'info') process.stdout.write(`${list.length} frames: largest difference ${worst.toExponential(2)} of the map's range\n`);
  });

  it('gives the same map twice, and the same map for a frame already at 192 × 192', async () => {
    const frame = await lavfiFrame('testsrc2=size=640x360:rate=30', 1);
    const first = await backbone.featureMap(frame);
    const again = await backbone.featureMap(frame);
    expect(again.data).toEqual(first.data);
    const square = await backbone.featureMap(resize(frame, BACKBONE.input, BACKBONE.input));
    expect(square.data).toEqual(first.data);
  });
});
