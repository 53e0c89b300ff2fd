// The frozen visual backbone of the scene model: the MobileNetV3 feature extractor inside the
// CenterNet person/object detector that ships in @vladmandic/human's models/ (centernet.json/.bin,
// MIT like the package; trained on COCO, which is people and the objects of rooms). Run on the
// TensorFlow.js WASM backend from files on disk, at a small square input, and cut at the end of the
// backbone: the detection head is never run. The output is a coarse feature map that the scene
// model pools over the whole frame and over each picture-in-picture region.
import path from 'node:path';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { type Pixels } from './dataset.js';
import { ensureWasmBackend, fileModelHandler, type GraphModel, humanModelsDir, tf } from './detectors/face-tfjs.js';
import { resize } from './scene-augment.js';

export const BACKBONE = {
  package: '@vladmandic/human',
  model: 'centernet',
  /** The last block of the MobileNetV3 backbone (stride 32): 120 channels. */
  node: 'tower_0/MobilenetV3/expanded_conv_14/add',
  /** Square input side; the map is input/32 cells a side (6 × 6). */
  input: 192,
  channels: 120,
  licence: 'MIT (@vladmandic/human 3.3.6, models/centernet.json)',
} as const;

export interface FeatureMap {
  width: number;
  height: number;
  channels: number;
  /** Row-major height × width × channels. */
  data: Float32Array;
}

/**
 * The model's declared input is 1 × 512 × 512 × 3, which the graph executor enforces; the backbone
 * is fully convolutional, so the declared height and width are relaxed to run it smaller.
 */
const relaxedInput = (jsonPath: string): tf.io.IOHandler => {
  const file = fileModelHandler(jsonPath);
  return {
    async load() {
      const artifacts = await file.load!();
      const topology = artifacts.modelTopology as { node: { op: string; attr?: { shape?: { shape?: { dim?: { size: string }[] } } } }[] };
      for (const node of topology.node) {
        const dims = node.op === 'Placeholder' ? node.attr?.shape?.shape?.dim : undefined;
        if (dims?.length === 4) for (const i of [1, 2]) dims[i]!.size = '-1';
      }
      return { ...artifacts, signature: undefined };
    },
  };
};

export class SceneBackbone {
  private model: Promise<GraphModel> | undefined;

  private load(): Promise<GraphModel> {
    this.model ??= (async () => {
      await ensureWasmBackend();
      return loadGraphModel(relaxedInput(path.join(humanModelsDir(), `${BACKBONE.model}.json`)));
    })();
    this.model.catch(() => {
      this.model = undefined;
    });
    return this.model;
  }

  /** The feature map of one frame (any size or aspect: stretched to the square input). */
  async featureMap(frame: Pixels): Promise<FeatureMap> {
    const model = await this.load();
    const small = frame.width === BACKBONE.input && frame.height === BACKBONE.input ? frame : resize(frame, BACKBONE.input, BACKBONE.input);
    const input = tf.tensor4d(Float32Array.from(small.data), [1, BACKBONE.input, BACKBONE.input, 3], 'float32');
    try {
      const output = model.execute(input, BACKBONE.node) as tf.Tensor;
      try {
        const [, height, width, channels] = output.shape as number[];
        return { width: width!, height: height!, channels: channels!, data: (await output.data()) as Float32Array };
      } finally {
        output.dispose();
      }
    } finally {
      input.dispose();
    }
  }

  async close(): Promise<void> {
    const model = this.model;
    this.model = undefined;
    if (model) (await model.catch(() => undefined))?.dispose();
  }
}
