// The person detector on onnxruntime (CenterNet rewritten as ONNX in memory, its last steps in
// JavaScript) against the same graph run whole by TensorFlow.js, kept here as the reference only:
// on generated frames, the committed operating-room crops, a collage of photographs and, when
// present, dev frames, every detection the graph makes at or above the detector's floor is found
// again with the same class, nearly the same score and box, and the person boxes the detector
// returns follow. The resize that feeds it is TensorFlow's. Measured (2026-11-27): largest score
// difference 2.6e-6, largest box difference 0.001 px of 512, on 25 frames with 37 persons. A box
// decoded from the wrong side or the peak test left out fail here (checked by breaking each once).
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Frame } from '@ipsv/media/frame';
import { loadPixels } from '../src/dataset.js';
import { personBoxes, suppressOverlaps } from '../src/detectors/face-postprocess.js';
import { largestDifference, loadHumanModel, type GraphModel, tf } from './helpers/tfjs-reference.js';
import { CENTERNET, centernetDetections, loadCenterNet, PersonDetector } from '../src/detectors/person-detector.js';
import { resizeBilinearLegacy } from '../src/detectors/tf-image.js';
import { devSet, lavfiFrame, readFrame, spread } from './detector-frames.js';

const require = createRequire(import.meta.url);
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
/** The detector's floor: rows below it are never looked at. */
const FLOOR = 0.2;

const frames = async (): Promise<{ name: string; frame: Frame }[]> => {
  const out: { name: string; frame: Frame }[] = [];
  for (const [source, seconds] of [
    ['testsrc2=size=640x360:rate=30', 0],
    ['smptehdbars=size=256x144', 0],
    ['mandelbrot=size=400x300', 2],
  ] as const) {
    out.push({ name: source, frame: await lavfiFrame(source, seconds) });
  }
  // The collage's photographs (people at a table, a crowd): many persons in one frame.
  out.push({ name: 'samples.jpg', frame: await readFrame(SAMPLES, { width: 640 }) });
  out.push({ name: 'samples.jpg top row', frame: await readFrame(SAMPLES, { filter: 'crop=iw:ih/3:0:0', width: 640 }) });
  // Real operating-room pictures committed with the package (packages/deid/data/README.md).
  const crops = path.resolve(import.meta.dirname, '../data/images');
  for (const file of readdirSync(crops).sort().slice(0, 8)) {
    const pixels = await loadPixels(path.join(crops, file));
    out.push({ name: file, frame: { ...pixels, time: 0, keyframe: true } });
  }
  for (const item of spread(devSet(), 12)) out.push({ name: path.basename(item.file), frame: await readFrame(item.file, { width: 640 }) });
  return out;
};

/** What the graph itself gives: `tower_0/detections`, the frame stretched by TensorFlow.js. */
const reference = async (model: GraphModel, frame: Frame): Promise<{ input: Float32Array; rows: Float32Array }> => {
  const [input, rows] = tf.tidy(() => {
    const image = tf.cast(tf.tensor3d(Int32Array.from(frame.data), [frame.height, frame.width, 3], 'int32'), 'float32');
    const resized = tf.image.resizeBilinear(image as tf.Tensor3D, [CENTERNET.input, CENTERNET.input]);
    return [resized, model.execute(tf.expandDims(resized, 0), 'tower_0/detections') as tf.Tensor];
  });
  const out = { input: (await input.data()) as Float32Array, rows: (await rows.data()) as Float32Array };
  input.dispose();
  rows.dispose();
  return out;
};

const rowsOf = (data: Float32Array, floor: number) => {
  const rows: number[][] = [];
  for (let o = 0; o + 6 <= data.length; o += 6) if (data[o + 4]! >= floor) rows.push([...data.subarray(o, o + 6)]);
  return rows;
};

describe('person detector on onnxruntime', () => {
  const detector = new PersonDetector();
  let model: GraphModel;
  beforeAll(async () => {
    model = await loadHumanModel('centernet');
  });
  afterAll(async () => {
    await detector.close();
    model?.dispose();
  });

  it("finds the graph's own detections and person boxes on every frame", async () => {
    const { onnx, decoding } = await loadCenterNet();
    expect(decoding).toEqual({ topK: 100, classes: 80, stride: [4, 4, 4, 4] });
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(onnx);
    const list = await frames();
    expect(list.length).toBeGreaterThanOrEqual(13);
    let worstScore = 0;
    let worstBox = 0;
    let persons = 0;
    try {
      for (const { name, frame } of list) {
        const expected = await reference(model, frame);
        // The resize is TensorFlow's, to float rounding.
        const input = resizeBilinearLegacy(frame, CENTERNET.input, CENTERNET.input);
        expect(largestDifference(input, expected.input), name).toBeLessThan(1e-3);

        const result = await session.run({ images: new ort.Tensor('float32', input, [1, CENTERNET.input, CENTERNET.input, 3]) });
        const actual = centernetDetections(result.peaks!.data as Float32Array, result.sizes!.data as Float32Array, result.peaks!.dims[2]!, decoding, FLOOR);
        // Every detection clearly above the floor on either side is on the other, same class, same box.
        const margin = 0.01;
        for (const [mine, theirs] of [
          [rowsOf(actual, FLOOR + margin), rowsOf(expected.rows, FLOOR)],
          [rowsOf(expected.rows, FLOOR + margin), rowsOf(actual, FLOOR)],
        ] as const) {
          for (const row of mine) {
            const match = theirs
              .filter((other) => other[5] === row[5])
              .map((other) => ({ other, box: Math.max(...[0, 1, 2, 3].map((k) => Math.abs(other[k]! - row[k]!))) }))
              .sort((a, b) => a.box - b.box)[0];
            expect(match, `${name}: class ${row[5]} at ${row.slice(0, 4).join(',')} score ${row[4]}`).toBeDefined();
            expect(match!.box, name).toBeLessThan(0.5);
            expect(Math.abs(match!.other[4]! - row[4]!), name).toBeLessThan(2e-3);
            worstBox = Math.max(worstBox, match!.box);
            worstScore = Math.max(worstScore, Math.abs(match!.other[4]! - row[4]!));
          }
        }
        // The detector's person boxes are the graph's.
        const [boxes] = await detector.detect([frame]);
        const want = suppressOverlaps(personBoxes(expected.rows, CENTERNET.input, FLOOR), 0.4);
        const clear = (list: { score: number }[]) => list.filter((b) => b.score >= FLOOR + margin).length;
        expect(clear(boxes!), name).toBe(clear(want));
        persons += boxes!.length;
      }
    } finally {
      await session.release();
    }
    // The frames hold people: the comparison is not of empty lists.
    expect(persons).toBeGreaterThanOrEqual(8);
    if (process.env.TEST_LOG === 'info') {
      process.stdout.write(
        `${list.length} frames, ${persons} persons: largest score difference ${worstScore.toExponential(1)}, box ${worstBox.toFixed(3)} px\n`,
      );
    }
  });

  it('answers one score per frame, none for no frames, refuses a short frame, and loads again after close', async () => {
    const photo = await readFrame(SAMPLES, { filter: 'crop=210:158:327:0', width: 320 });
    const blank: Frame = { time: 2, width: 320, height: 180, data: new Uint8Array(320 * 180 * 3), keyframe: false };
    const scores = await detector.score([photo, blank]);
    expect(scores[0]).toBeGreaterThan(0.5);
    expect(scores[1]).toBe(0);
    expect(await detector.score([])).toEqual([]);
    await expect(detector.score([{ ...blank, data: new Uint8Array(10) }])).rejects.toThrow('frame at 2s: 10 bytes, expected 320×180×3');
    await detector.close();
    expect(await detector.score([photo])).toEqual([scores[0]]);
  });
});
