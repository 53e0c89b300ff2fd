// The face detector of the privacy step: a visible face means the camera is outside the patient (or
// shows the team), so the frame may identify someone. It runs @vladmandic/human's graph models
// (BlazeFace, then the face mesh as a check) on TensorFlow.js WASM, on CPU. The person detector,
// with a reason of its own so that the review screen says which, is in person-detector.ts.
import { type Frame } from '@ipsv/media/frame';
import { checkRgbFrame, type Detector, type Reason } from '../detector.js';
import { blazefaceAnchors, decodeBlazeface, fromLetterbox, letterbox, meshCrop, strongest, suppressOverlaps, type FaceBox } from './face-postprocess.js';
import { loadHumanModel, tf, type GraphModel } from './face-tfjs.js';

/** Shipped model version: bump when the model files or the post-processing change. */
const HUMAN_MODELS = 'human-3.3.6';

export interface FaceDetectorOptions {
  /** Boxes below this confidence are dropped (the frame score is then 0). */
  minScore?: number;
  /** Overlap above which two boxes are the same face. */
  maxIou?: number;
}

function frameTensor(frame: Frame): tf.Tensor3D {
  checkRgbFrame(frame);
  return tf.cast(tf.tensor3d(Int32Array.from(frame.data), [frame.height, frame.width, 3], 'int32'), 'float32');
}

interface FaceModels {
  detector: GraphModel;
  mesh: GraphModel;
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
  readonly version = `${HUMAN_MODELS}/blazeface-256+facemesh-192/geomean`;
  readonly reason: Reason = 'face';
  private models: Promise<FaceModels> | undefined;
  /** Proposals checked per frame: the mesh check costs a few ms per face. */
  private readonly maxFaces = 5;
  private readonly minScore: number;
  private readonly maxIou: number;

  constructor(options: FaceDetectorOptions = {}) {
    this.minScore = options.minScore ?? 0.2;
    this.maxIou = options.maxIou ?? 0.3;
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    return (await this.detect(frames)).map(strongest);
  }

  /** The faces in each frame, strongest first, in frame coordinates normalised to [0, 1]. */
  async detect(frames: readonly Frame[]): Promise<FaceBox[][]> {
    const { detector: model, mesh } = await this.load();
    const size = model.inputs[0]?.shape?.[1] ?? 256;
    const meshSize = mesh.inputs[0]?.shape?.[1] ?? 192;
    const anchors = blazefaceAnchors(size);
    const out: FaceBox[][] = [];
    for (const frame of frames) {
      const lb = letterbox(frame.width, frame.height);
      const rows = tf.tidy(() => {
        const image = frameTensor(frame);
        const padded = tf.pad(image, [
          [lb.padY, lb.side - frame.height - lb.padY],
          [lb.padX, lb.side - frame.width - lb.padX],
          [0, 0],
        ]);
        const input = tf.expandDims(tf.sub(tf.div(tf.image.resizeBilinear(padded, [size, size]), 127.5), 1), 0);
        // This conversion of the model returns four heads: scores and boxes for the 16×16 grid
        // (512 anchors) and for the 8×8 grid (384 anchors); join them in anchor order.
        const heads = (model.execute(input) as tf.Tensor[]).sort((a, b) => a.size - b.size);
        if (heads.length !== 4) throw new Error(`blazeface: expected 4 output heads, got ${heads.length}`);
        const [s384, s512, b384, b512] = heads as [tf.Tensor3D, tf.Tensor3D, tf.Tensor3D, tf.Tensor3D];
        return tf.squeeze(tf.concat([tf.concat([s512, b512], 2), tf.concat([s384, b384], 2)], 1), [0]);
      });
      const data = (await rows.data()) as Float32Array;
      rows.dispose();
      const proposals = suppressOverlaps(
        // Boxes wholly in the padding band collapse to nothing once mapped back: drop them.
        decodeBlazeface(data, anchors, size, this.minScore)
          .map((b) => fromLetterbox(b, lb))
          .filter((b) => b.width > 0 && b.height > 0),
        this.maxIou,
        this.maxFaces,
      );
      if (proposals.length === 0) {
        out.push([]);
        continue;
      }
      const flags = tf.tidy(() => {
        const image = tf.expandDims(frameTensor(frame), 0) as tf.Tensor4D;
        const crops = proposals.map((b) => meshCrop(b, frame.width, frame.height));
        const input = tf.div(
          tf.image.cropAndResize(image, tf.tensor2d(crops, [crops.length, 4]), tf.zeros([crops.length], 'int32'), [meshSize, meshSize]),
          255,
        );
        return mesh.execute(input, 'Identity_1:0') as tf.Tensor;
      });
      const scores = (await flags.data()) as Float32Array;
      flags.dispose();
      // Both stages must agree: the geometric mean of BlazeFace's confidence and the mesh's face flag.
      const faces = proposals
        .map((b, k) => {
          const mesh = scores[k] ?? 0;
          return { ...b, proposal: b.score, mesh, score: Math.sqrt(b.score * mesh) };
        })
        .filter((b) => b.score >= this.minScore);
      out.push(faces.sort((a, b) => b.score - a.score));
    }
    return out;
  }

  async close(): Promise<void> {
    const models = this.models;
    this.models = undefined;
    const loaded = await models?.catch(() => undefined);
    loaded?.detector.dispose();
    loaded?.mesh.dispose();
  }

  private load(): Promise<FaceModels> {
    this.models ??= (async () => {
      const [detector, mesh] = await Promise.all([loadHumanModel('blazeface'), loadHumanModel('facemesh')]);
      return { detector, mesh };
    })();
    this.models.catch(() => {
      this.models = undefined;
    });
    return this.models;
  }
}
