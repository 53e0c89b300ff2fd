// The face detector on onnxruntime (BlazeFace and the face mesh rewritten as ONNX in memory, the
// pictures made by tf-image.ts) against the pipeline it replaced on TensorFlow.js, kept here as the
// reference only: on a collage of photographs, a letterboxed face, generated frames, the committed
// operating-room crops and, when present, dev frames, the model inputs agree to float rounding and
// every face either finds is found by the other with the same box, proposal, mesh flag and score.
// Measured (2026-11-27, TEST_LOG=info): 26 frames, 11 faces, largest input difference 2.4e-5,
// largest score difference 1.2e-5. A mesh crop with half-pixel centres or BlazeFace's heads joined
// in the wrong order fail here (checked by breaking each once).
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Frame } from '@ipsv/media/frame';
import { loadPixels } from '../src/dataset.js';
import { FaceDetector } from '../src/detectors/face-detector.js';
import {
  blazefaceAnchors,
  decodeBlazeface,
  fromLetterbox,
  iou,
  letterbox,
  meshCrop,
  suppressOverlaps,
  type FaceBox,
} from '../src/detectors/face-postprocess.js';
import { largestDifference, loadHumanModel, type GraphModel, tf } from './helpers/tfjs-reference.js';
import { cropAndResize, padToSquare, resizeBilinearLegacy } from '../src/detectors/tf-image.js';
import { devSet, lavfiFrame, readFrame, spread } from './detector-frames.js';

const require = createRequire(import.meta.url);
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
const FLOOR = 0.2;

const frames = async (): Promise<{ name: string; frame: Frame }[]> => {
  const out: { name: string; frame: Frame }[] = [];
  out.push({ name: 'samples.jpg', frame: await readFrame(SAMPLES, { width: 640 }) });
  out.push({ name: 'samples.jpg top row', frame: await readFrame(SAMPLES, { filter: 'crop=iw:ih/3:0:0', width: 640 }) });
  out.push({ name: 'man at table', frame: await readFrame(SAMPLES, { filter: 'crop=210:158:327:0', width: 320 }) });
  out.push({ name: 'man at table, letterboxed', frame: await readFrame(SAMPLES, { filter: 'crop=210:158:327:0,scale=320:240,pad=640:360:200:60' }) });
  out.push({ name: 'testsrc2', frame: await lavfiFrame('testsrc2=size=640x360:rate=30', 0) });
  const crops = path.resolve(import.meta.dirname, '../data/images');
  for (const file of readdirSync(crops).sort().slice(0, 6))
    out.push({ name: file, frame: { ...(await loadPixels(path.join(crops, file))), time: 0, keyframe: true } });
  const dev = devSet();
  const presenters = dev.filter((d) => /1036206_000[017]\.jpg$/.test(d.file));
  for (const item of [...presenters, ...spread(dev, 12)]) out.push({ name: path.basename(item.file), frame: await readFrame(item.file, { width: 640 }) });
  return out;
};

interface Reference {
  input: Float32Array;
  crops: Float32Array[];
  faces: FaceBox[];
}

/** The TensorFlow.js pipeline the detector had before onnxruntime, step by step. */
const reference = async (models: { detector: GraphModel; mesh: GraphModel }, frame: Frame): Promise<Reference> => {
  tf.engine().startScope();
  try {
    return await referenceSteps(models, frame);
  } finally {
    tf.engine().endScope();
  }
};

const referenceSteps = async (models: { detector: GraphModel; mesh: GraphModel }, frame: Frame): Promise<Reference> => {
  const size = 256;
  const meshSize = 192;
  const lb = letterbox(frame.width, frame.height);
  const image = tf.cast(tf.tensor3d(Int32Array.from(frame.data), [frame.height, frame.width, 3], 'int32'), 'float32') as tf.Tensor3D;
  const padded = tf.pad(image, [
    [lb.padY, lb.side - frame.height - lb.padY],
    [lb.padX, lb.side - frame.width - lb.padX],
    [0, 0],
  ]);
  const input = tf.sub(tf.div(tf.image.resizeBilinear(padded, [size, size]), 127.5), 1);
  const heads = (models.detector.execute(tf.expandDims(input, 0)) as tf.Tensor[]).sort((a, b) => a.size - b.size);
  const [s384, s512, b384, b512] = heads as [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.Tensor3D];
  const rows = tf.squeeze(tf.concat([tf.concat([s512, b512], 2), tf.concat([s384, b384], 2)], 1), [0]);
  const proposals = suppressOverlaps(
    decodeBlazeface((await rows.data()) as Float32Array, blazefaceAnchors(size), size, FLOOR)
      .map((b) => fromLetterbox(b, lb))
      .filter((b) => b.width > 0 && b.height > 0),
    0.3,
    5,
  );
  const out: Reference = { input: (await input.data()) as Float32Array, crops: [], faces: [] };
  for (const proposal of proposals) {
    const crop = tf.image.cropAndResize(tf.expandDims(image, 0) as tf.Tensor4D, [meshCrop(proposal, frame.width, frame.height)], [0], [meshSize, meshSize]);
    out.crops.push((await crop.data()) as Float32Array);
    const flag = (await (models.mesh.execute(tf.div(crop, 255), 'Identity_1:0') as tf.Tensor).data())[0] ?? 0;
    out.faces.push({ ...proposal, proposal: proposal.score, mesh: flag, score: Math.sqrt(proposal.score * flag) });
  }
  return out;
};

describe('face detector on onnxruntime', () => {
  const detector = new FaceDetector();
  let models: { detector: GraphModel; mesh: GraphModel };
  beforeAll(async () => {
    models = { detector: await loadHumanModel('blazeface'), mesh: await loadHumanModel('facemesh') };
  });
  afterAll(async () => {
    await detector.close();
    models?.detector.dispose();
    models?.mesh.dispose();
  });

  it("finds TensorFlow.js's faces with the same boxes and scores, from the same model inputs", async () => {
    const list = await frames();
    let worstInput = 0;
    let worstScore = 0;
    let faces = 0;
    for (const { name, frame } of list) {
      const expected = await reference(models, frame);
      // The pictures the models see: BlazeFace's padded, resized and scaled input, each mesh crop.
      const lb = letterbox(frame.width, frame.height);
      const input = resizeBilinearLegacy(padToSquare(frame, lb.side, lb.padX, lb.padY), 256, 256).map((v) => v / 127.5 - 1);
      worstInput = Math.max(worstInput, largestDifference(input, expected.input));
      expected.faces.forEach((face, k) => {
        const crop = cropAndResize(frame, meshCrop(face, frame.width, frame.height), 192, 192);
        worstInput = Math.max(worstInput, largestDifference(crop, expected.crops[k]!) / 255);
      });
      expect(worstInput, name).toBeLessThan(1e-4);

      const [actual] = await detector.detect([frame]);
      const want = expected.faces.filter((f) => f.score >= FLOOR);
      const margin = 0.01;
      for (const [mine, theirs] of [
        [actual!, want],
        [want, actual!],
      ] as const) {
        for (const face of mine.filter((f) => f.score >= FLOOR + margin)) {
          const match = theirs.find((other) => iou(other, face) > 0.98);
          expect(match, `${name}: face at ${face.x.toFixed(3)},${face.y.toFixed(3)} scoring ${face.score}`).toBeDefined();
          for (const key of ['score', 'proposal', 'mesh'] as const) {
            const diff = Math.abs(match![key]! - face[key]!);
            expect(diff, `${name}: ${key}`).toBeLessThan(2e-3);
            worstScore = Math.max(worstScore, diff);
          }
        }
      }
      faces += actual!.length;
    }
    // The frames hold faces: the comparison is not of empty lists.
    expect(faces).toBeGreaterThanOrEqual(6);
    if (process.env.TEST_LOG === 'info') {
      process.stdout.write(
        `${list.length} frames, ${faces} faces: largest input difference ${worstInput.toExponential(1)}, score ${worstScore.toExponential(1)}\n`,
      );
    }
  });
});
