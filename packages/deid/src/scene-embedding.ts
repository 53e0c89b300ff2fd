// The frozen visual backbone of the scene model: the MobileNetV3 feature extractor inside the
// CenterNet person/object detector that ships in @vladmandic/human's models/ (centernet.json/.bin,
// MIT like the package; trained on COCO, which is people and the objects of rooms), cut at the end
// of the backbone: the detection head is never run. The output is a coarse feature map that the
// scene model pools over the whole frame and over each picture-in-picture region.
//
// The model is a TensorFlow.js graph; it is rewritten as ONNX in memory when first used
// (tfjs-to-onnx.ts: only the nodes that feed the cut, at the small square input) and run on
// onnxruntime-node's CPU provider, 2.5 ms a frame against 10-12 ms on TensorFlow.js's WASM backend
// (bench/RESULTS.md, "Scene backbone on onnxruntime"). Nothing is downloaded or written to disk.
import path from 'node:path';
import { type Pixels } from './dataset.js';
import { humanModelsDir } from './detectors/human-models.js';
import { LazyOrtSession } from './detectors/ort-session.js';
import { resize } from './scene-augment.js';
import { INPUT_NAME, loadGraphModelAsOnnx, OUTPUT_NAME } from './tfjs-to-onnx.js';

export const BACKBONE = {
  package: '@vladmandic/human',
  model: 'centernet',
  /** The last block of the MobileNetV3 backbone (stride 32): 120 channels. */
  node: 'tower_0/MobilenetV3/expanded_conv_14/add',
  /** Square input side; the map is input/32 cells a side (6 × 6). */
  input: 192,
  channels: 120,
  licence: 'MIT (@vladmandic/human 3.3.6, models/centernet.json)',
  /** What runs it (part of the training cache's key: another engine rounds differently). */
  runtime: 'onnxruntime-node, converted in memory from the TensorFlow.js graph',
} as const;

export interface FeatureMap {
  width: number;
  height: number;
  channels: number;
  /** Row-major height × width × channels. */
  data: Float32Array;
}

export interface SceneBackboneOptions {
  /**
   * onnxruntime intra-op threads. One by default: a frame takes about 2 ms on one thread and more
   * on two (the model is too small to share out), and the analysis's two ffmpeg decoders want the
   * machine's other cycles.
   */
  threads?: number;
}

/** The ONNX bytes of the backbone, built from the files in @vladmandic/human's models/. */
export const backboneOnnx = (): Promise<Uint8Array> =>
  loadGraphModelAsOnnx(path.join(humanModelsDir(), `${BACKBONE.model}.json`), {
    outputs: { [OUTPUT_NAME]: BACKBONE.node },
    height: BACKBONE.input,
    width: BACKBONE.input,
  });

export class SceneBackbone {
  private readonly model: LazyOrtSession;

  constructor(options: SceneBackboneOptions = {}) {
    this.model = new LazyOrtSession(backboneOnnx, options.threads ?? 1);
  }

  /** The feature map of one frame (any size or aspect: stretched to the square input). */
  async featureMap(frame: Pixels): Promise<FeatureMap> {
    const { ort, session } = await this.model.get();
    const small = frame.width === BACKBONE.input && frame.height === BACKBONE.input ? frame : resize(frame, BACKBONE.input, BACKBONE.input);
    // Pixel values 0–255, RGB, NHWC: the graph has no normalisation of its own before the first
    // convolution, and TensorFlow.js was fed the same.
    const input = new ort.Tensor('float32', Float32Array.from(small.data), [1, BACKBONE.input, BACKBONE.input, 3]);
    try {
      const output = (await session.run({ [INPUT_NAME]: input }))[OUTPUT_NAME]!;
      const [, height, width, channels] = output.dims as number[];
      const data = output.data as Float32Array;
      output.dispose();
      return { width: width!, height: height!, channels: channels!, data };
    } finally {
      input.dispose();
    }
  }

  close(): Promise<void> {
    return this.model.close();
  }
}
