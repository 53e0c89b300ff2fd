// The face detector of the privacy step: a visible face means the camera is outside the patient (or
// shows the team), so the frame may identify someone. It runs @vladmandic/human's graph models
// (BlazeFace, then the face mesh as a check), rewritten as ONNX in memory when first used
// (tfjs-to-onnx.ts) and run on onnxruntime-node's CPU provider: about 6 ms for BlazeFace and 3 ms
// per mesh check, where TensorFlow.js's WASM backend took about 40 and 10 (bench/RESULTS.md, "Face
// and person detectors on onnxruntime"). The pictures reach the models as TensorFlow.js's image
// operations made them (tf-image.ts); test/face-detector-onnx.test.ts compares the faces with the
// TensorFlow.js pipeline. The person detector, with a reason of its own so that the review screen
// says which, is in person-detector.ts.
import path from 'node:path';
import { type Frame } from '@ipsv/media/frame';
import { checkRgbFrame, type Detector, type Reason } from '../detector.js';
import { loadGraphModelAsOnnx, INPUT_NAME } from '../tfjs-to-onnx.js';
import {
  blazefaceAnchors,
  BLAZEFACE_ROW,
  decodeBlazeface,
  fromLetterbox,
  letterbox,
  meshCrop,
  strongest,
  suppressOverlaps,
  type FaceBox,
} from './face-postprocess.js';
import { humanModelsDir } from './human-models.js';
import { LazyOrtSession } from './ort-session.js';
import { cropAndResize, padToSquare, resizeBilinearLegacy } from './tf-image.js';

/** Shipped model version: bump when the model files or the post-processing change. */
const HUMAN_MODELS = 'human-3.3.6';

const BLAZEFACE_HEAD = 'StatefulPartitionedCall/functional_1';
export const FACE_MODELS = {
  blazeface: {
    input: 256,
    /**
     * The four heads before the graph's reshapes (NHWC, so their flat order is the reshaped one):
     * scores and boxes of the 16 × 16 grid (2 anchors a cell, 512) and of the 8 × 8 grid (6, 384).
     */
    outputs: {
      scores512: `${BLAZEFACE_HEAD}/conv2d_33/BiasAdd`,
      boxes512: `${BLAZEFACE_HEAD}/conv2d_35/BiasAdd`,
      scores384: `${BLAZEFACE_HEAD}/conv2d_34/BiasAdd`,
      boxes384: `${BLAZEFACE_HEAD}/conv2d_36/BiasAdd`,
    },
  },
  /** The mesh model's face flag (a sigmoid), the only output the check reads. */
  facemesh: { input: 192, outputs: { faceFlag: 'StatefulPartitionedCall/model_1/activation_1/Sigmoid' } },
} as const;

export interface FaceDetectorOptions {
  /** Boxes below this confidence are dropped (the frame score is then 0). */
  minScore?: number;
  /** Overlap above which two boxes are the same face. */
  maxIou?: number;
  /** onnxruntime intra-op threads per model (one: the analysis's decoders want the other core). */
  threads?: number;
}

const humanModelAsOnnx = (model: keyof typeof FACE_MODELS) => () =>
  loadGraphModelAsOnnx(path.join(humanModelsDir(), `${model}.json`), {
    outputs: FACE_MODELS[model].outputs,
    height: FACE_MODELS[model].input,
    width: FACE_MODELS[model].input,
  });

/** BlazeFace's rows (score logit, then 16 box and keypoint values) in anchor order, from its four heads. */
export function blazefaceRows(heads: Readonly<Record<keyof typeof FACE_MODELS.blazeface.outputs, Float32Array>>): Float32Array {
  const rows = new Float32Array((heads.scores512.length + heads.scores384.length) * BLAZEFACE_ROW);
  let row = 0;
  for (const [scores, boxes] of [
    [heads.scores512, heads.boxes512],
    [heads.scores384, heads.boxes384],
  ] as const) {
    if (boxes.length !== scores.length * (BLAZEFACE_ROW - 1)) throw new Error(`BlazeFace heads of ${scores.length} scores and ${boxes.length} box values`);
    for (let i = 0; i < scores.length; i += 1, row += 1) {
      rows[row * BLAZEFACE_ROW] = scores[i]!;
      rows.set(boxes.subarray(i * (BLAZEFACE_ROW - 1), (i + 1) * (BLAZEFACE_ROW - 1)), row * BLAZEFACE_ROW + 1);
    }
  }
  return rows;
}

/**
 * BlazeFace ("back camera" variant, 256 px input) proposes faces; the face-mesh model then checks
 * each proposal. A face's score is the geometric mean of the two: BlazeFace alone scores tissue up
 * to about 0.65 on the dev set, and the mesh check alone flags some tissue and instrument shafts
 * that BlazeFace proposed only weakly (0.82 and 0.98 on two frames), while real faces are strong in
 * both. Human runs the same two stages.
 * The frame is padded to a square so faces keep their proportions.
 */
export class FaceDetector implements Detector {
  readonly name = 'blazeface+facemesh';
  readonly version = `${HUMAN_MODELS}/blazeface-256+facemesh-192/geomean/onnxruntime`;
  readonly reason: Reason = 'face';
  private readonly detector: LazyOrtSession;
  private readonly mesh: LazyOrtSession;
  /** Proposals checked per frame: the mesh check costs a few ms per face. */
  private readonly maxFaces = 5;
  private readonly minScore: number;
  private readonly maxIou: number;

  constructor(options: FaceDetectorOptions = {}) {
    this.minScore = options.minScore ?? 0.2;
    this.maxIou = options.maxIou ?? 0.3;
    this.detector = new LazyOrtSession(humanModelAsOnnx('blazeface'), options.threads ?? 1);
    this.mesh = new LazyOrtSession(humanModelAsOnnx('facemesh'), options.threads ?? 1);
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    return (await this.detect(frames)).map(strongest);
  }

  /** The faces in each frame, strongest first, in frame coordinates normalised to [0, 1]. */
  async detect(frames: readonly Frame[]): Promise<FaceBox[][]> {
    if (frames.length === 0) return [];
    const [{ ort, session: detector }, { session: mesh }] = await Promise.all([this.detector.get(), this.mesh.get()]);
    const size = FACE_MODELS.blazeface.input;
    const meshSize = FACE_MODELS.facemesh.input;
    const anchors = blazefaceAnchors(size);
    const out: FaceBox[][] = [];
    for (const frame of frames) {
      checkRgbFrame(frame);
      const lb = letterbox(frame.width, frame.height);
      const input = resizeBilinearLegacy(padToSquare(frame, lb.side, lb.padX, lb.padY), size, size);
      for (let i = 0; i < input.length; i += 1) input[i] = input[i]! / 127.5 - 1;
      const heads = await run(ort, detector, input, size);
      const proposals = suppressOverlaps(
        // Boxes wholly in the padding band collapse to nothing once mapped back: drop them.
        decodeBlazeface(blazefaceRows(heads as Record<keyof typeof FACE_MODELS.blazeface.outputs, Float32Array>), anchors, size, this.minScore)
          .map((b) => fromLetterbox(b, lb))
          .filter((b) => b.width > 0 && b.height > 0),
        this.maxIou,
        this.maxFaces,
      );
      const faces: FaceBox[] = [];
      for (const proposal of proposals) {
        const crop = cropAndResize(frame, meshCrop(proposal, frame.width, frame.height), meshSize, meshSize);
        for (let i = 0; i < crop.length; i += 1) crop[i] = crop[i]! / 255;
        const flag = (await run(ort, mesh, crop, meshSize)).faceFlag![0] ?? 0;
        // Both stages must agree: the geometric mean of BlazeFace's confidence and the mesh's face flag.
        const score = Math.sqrt(proposal.score * flag);
        if (score >= this.minScore) faces.push({ ...proposal, proposal: proposal.score, mesh: flag, score });
      }
      out.push(faces.sort((a, b) => b.score - a.score));
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all([this.detector.close(), this.mesh.close()]);
  }
}

/** One square NHWC picture through a session: every output's values, by name. */
async function run(
  ort: Awaited<ReturnType<LazyOrtSession['get']>>['ort'],
  session: Awaited<ReturnType<LazyOrtSession['get']>>['session'],
  pixels: Float32Array,
  side: number,
): Promise<Record<string, Float32Array>> {
  const input = new ort.Tensor('float32', pixels, [1, side, side, 3]);
  try {
    const outputs = await session.run({ [INPUT_NAME]: input });
    return Object.fromEntries(
      Object.entries(outputs).map(([name, tensor]) => {
        const data = tensor.data as Float32Array;
        tensor.dispose();
        return [name, data];
      }),
    );
  } finally {
    input.dispose();
  }
}
