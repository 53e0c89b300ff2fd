// The person detector of the privacy step: CenterNet (MobileNetV3, COCO, 512 px input) from
// @vladmandic/human's models/ (MIT), person class only. It catches people seen from behind, in gowns
// and masks, or too small for the face detector, as in operating-room shots.
//
// The TensorFlow.js graph is rewritten as ONNX in memory when first used (tfjs-to-onnx.ts), up to
// the head's peak map (sigmoid scores kept only where they are the maximum of their 3 × 3
// neighbourhood) and its box sizes, and run on onnxruntime-node: about 50 ms a frame on one
// thread, where TensorFlow.js's WASM backend took about 150 ms (bench/RESULTS.md, "Face and person
// detectors on onnxruntime"). The picture is stretched with TensorFlow's resize (tf-image.ts).
// The graph's last steps (the 100 strongest peaks of any class, and each peak's box from the sizes
// at its cell) are done here exactly as the graph does them, with the graph's own constants; the
// result is the graph's `tower_0/detections`, compared in test/person-detector-onnx.test.ts.
import path from 'node:path';
import { type Frame } from '@ipsv/media/frame';
import { checkRgbFrame, type Detector, type Reason } from '../detector.js';
import { graphConstant, graphModelToOnnx, INPUT_NAME, readGraphModel } from '../tfjs-to-onnx.js';
import { personBoxes, strongest, suppressOverlaps, type FaceBox } from './face-postprocess.js';
import { humanModelsDir } from './human-models.js';
import { LazyOrtSession } from './ort-session.js';
import { resizeBilinearLegacy } from './tf-image.js';

/** Shipped model version: bump when the model files or the post-processing change. */
const HUMAN_MODELS = 'human-3.3.6';

export const CENTERNET = {
  model: 'centernet',
  /** The graph's square input side. */
  input: 512,
  /** Per-class peak scores, 0 where a cell is not its neighbourhood's maximum: 1 × 128 × 128 × 80. */
  peaks: 'tower_0/mul_1',
  /** Each cell's distances to its box's left, top, right and bottom, in input pixels: 1 × 128 × 128 × 4. */
  sizes: 'tower_0/wh',
} as const;

/** The graph's constants for its last steps (TopKV2's k, the class count, a cell's size in pixels). */
export interface CenterNetDecoding {
  topK: number;
  classes: number;
  /** Input pixels per cell for left, top, right and bottom. */
  stride: [number, number, number, number];
}

export interface PersonDetectorOptions {
  /** Boxes below this confidence are dropped (the frame score is then 0). */
  minScore?: number;
  /** Overlap above which two boxes are the same person. */
  maxIou?: number;
  /** onnxruntime intra-op threads (one: the analysis's decoders want the other core). */
  threads?: number;
}

/**
 * The graph's detections from its peak map and box sizes: the `topK` strongest values of the whole
 * map (any class; ties to the lower index, as TopKV2), each as a row x0, y0, x1, y1 (input pixels),
 * score, class. Only rows at or above `minScore` are returned: a weaker one is dropped by the
 * caller anyway, and a stronger one is among the top k whatever the weaker ones are.
 */
export function centernetDetections(peaks: Float32Array, sizes: Float32Array, gridWidth: number, decoding: CenterNetDecoding, minScore: number): Float32Array {
  const { classes, topK, stride } = decoding;
  let candidates: number[] = [];
  for (let i = 0; i < peaks.length; i += 1) if (peaks[i]! >= minScore) candidates.push(i);
  if (candidates.length > topK) candidates = candidates.sort((a, b) => peaks[b]! - peaks[a]! || a - b).slice(0, topK);
  const rows = new Float32Array(candidates.length * 6);
  candidates.forEach((index, k) => {
    const cell = Math.floor(index / classes);
    const row = Math.floor(cell / gridWidth);
    const col = cell % gridWidth;
    const o = k * 6;
    rows[o] = col * stride[0] - sizes[cell * 4]!;
    rows[o + 1] = row * stride[1] - sizes[cell * 4 + 1]!;
    rows[o + 2] = col * stride[2] + sizes[cell * 4 + 2]!;
    rows[o + 3] = row * stride[3] + sizes[cell * 4 + 3]!;
    rows[o + 4] = peaks[index]!;
    rows[o + 5] = index % classes;
  });
  return rows;
}

interface LoadedCenterNet {
  onnx: Uint8Array;
  decoding: CenterNetDecoding;
}

/** The ONNX model and the constants of its last steps, from the files in @vladmandic/human's models/. */
export async function loadCenterNet(): Promise<LoadedCenterNet> {
  const { json, bytes } = await readGraphModel(path.join(humanModelsDir(), `${CENTERNET.model}.json`));
  const scalar = (name: string) => {
    const values = graphConstant(json, bytes, name);
    if (values.length !== 1) throw new Error(`${name}: expected a scalar, got ${values.length} values`);
    return values[0]!;
  };
  const decoding: CenterNetDecoding = {
    topK: scalar('tower_0/TopKV2/k'),
    classes: scalar('tower_0/strided_slice_7'),
    stride: [scalar('tower_0/mul_3/y'), scalar('tower_0/mul_4/y'), scalar('tower_0/mul_5/y'), scalar('tower_0/mul_6/y')],
  };
  const onnx = graphModelToOnnx(json, bytes, { outputs: { peaks: CENTERNET.peaks, sizes: CENTERNET.sizes }, height: CENTERNET.input, width: CENTERNET.input });
  return { onnx, decoding };
}

export class PersonDetector implements Detector {
  readonly name = 'centernet-person';
  readonly version = `${HUMAN_MODELS}/centernet-512/onnxruntime`;
  readonly reason: Reason = 'person';
  private readonly model: LazyOrtSession;
  private decoding: CenterNetDecoding | undefined;
  private readonly minScore: number;
  private readonly maxIou: number;

  constructor(options: PersonDetectorOptions = {}) {
    this.minScore = options.minScore ?? 0.2;
    this.maxIou = options.maxIou ?? 0.4;
    this.model = new LazyOrtSession(async () => {
      const loaded = await loadCenterNet();
      this.decoding = loaded.decoding;
      return loaded.onnx;
    }, options.threads ?? 1);
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    return (await this.detect(frames)).map(strongest);
  }

  /** The persons in each frame, strongest first, in frame coordinates normalised to [0, 1]. */
  async detect(frames: readonly Frame[]): Promise<FaceBox[][]> {
    if (frames.length === 0) return [];
    const { ort, session } = await this.model.get();
    const decoding = this.decoding!;
    const size = CENTERNET.input;
    const out: FaceBox[][] = [];
    for (const frame of frames) {
      checkRgbFrame(frame);
      const input = new ort.Tensor('float32', resizeBilinearLegacy(frame, size, size), [1, size, size, 3]);
      try {
        const result = await session.run({ [INPUT_NAME]: input });
        const peaks = result.peaks!;
        const sizes = result.sizes!;
        const gridWidth = peaks.dims[2]!;
        const detections = centernetDetections(peaks.data as Float32Array, sizes.data as Float32Array, gridWidth, decoding, this.minScore);
        peaks.dispose();
        sizes.dispose();
        out.push(suppressOverlaps(personBoxes(detections, size, this.minScore), this.maxIou));
      } finally {
        input.dispose();
      }
    }
    return out;
  }

  close(): Promise<void> {
    return this.model.close();
  }
}
