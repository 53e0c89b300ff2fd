// Pure pre- and post-processing for reading a detected text line (PaddleOCR's PP-OCRv4 recognition
// model, CTC output): the line's crop → normalised tensor, and the per-step class probabilities →
// text. No ONNX here, so both halves unit-test on small hand-made arrays.
import { type Frame } from '@ipsv/media/frame';
import { type TextBox } from './text-boxes.js';

/** Height of the recognition model's input (PP-OCRv4: 3 × 48 × W). */
export const READ_HEIGHT = 48;

/**
 * The charset of a PaddleOCR dictionary file: class 0 is CTC's blank, then one class per line of the
 * file, then the space the model was trained with (use_space_char).
 */
export function parseCharset(file: string): string[] {
  const lines = file.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.at(-1) === '') lines.pop();
  return ['', ...lines, ' '];
}

/** Input width for a line of `width` × `height` pixels: its aspect kept at height 48, a multiple of 8. */
export function readInputWidth(width: number, height: number, maxWidth = 640): number {
  const scaled = (READ_HEIGHT * width) / Math.max(1, height);
  return Math.min(maxWidth, Math.max(16, Math.ceil(scaled / 8) * 8));
}

/**
 * The line's crop, resized (bilinear) to 48 pixels high, as the model's NCHW float input: B, G, R
 * planes (the order PaddleOCR reads images in) scaled to [-1, 1].
 */
export function toReaderInput(frame: Frame, box: Pick<TextBox, 'x' | 'y' | 'width' | 'height'>, maxWidth = 640): { data: Float32Array; width: number } {
  const x0 = Math.max(0, Math.min(frame.width - 1, box.x * frame.width));
  const y0 = Math.max(0, Math.min(frame.height - 1, box.y * frame.height));
  const w = Math.max(1, Math.min(frame.width - x0, box.width * frame.width));
  const h = Math.max(1, Math.min(frame.height - y0, box.height * frame.height));
  const width = readInputWidth(w, h, maxWidth);
  const height = READ_HEIGHT;
  const out = new Float32Array(3 * width * height);
  const plane = width * height;
  const src = frame.data;
  const sample = (x: number, y: number, c: number) => src[(y * frame.width + x) * 3 + c]!;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max(y0 + ((y + 0.5) * h) / height - 0.5, 0), frame.height - 1);
    const ya = Math.floor(fy);
    const yb = Math.min(ya + 1, frame.height - 1);
    const wy = fy - ya;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max(x0 + ((x + 0.5) * w) / width - 0.5, 0), frame.width - 1);
      const xa = Math.floor(fx);
      const xb = Math.min(xa + 1, frame.width - 1);
      const wx = fx - xa;
      for (let c = 0; c < 3; c++) {
        const top = sample(xa, ya, c) + wx * (sample(xb, ya, c) - sample(xa, ya, c));
        const bottom = sample(xa, yb, c) + wx * (sample(xb, yb, c) - sample(xa, yb, c));
        out[(2 - c) * plane + y * width + x] = (top + wy * (bottom - top)) / 127.5 - 1;
      }
    }
  }
  return { data: out, width };
}

/**
 * The same input turned half a turn (each plane reversed): print on a shaft is upside down as often
 * as not, depending on how the instrument is rolled.
 */
export function turnHalf(input: Float32Array, planes = 3): Float32Array {
  const out = new Float32Array(input.length);
  const size = input.length / planes;
  for (let p = 0; p < planes; p++) for (let i = 0; i < size; i++) out[p * size + i] = input[p * size + size - 1 - i]!;
  return out;
}

export interface ReadText {
  text: string;
  /** Mean probability of the characters read, in [0, 1]; 0 when nothing was read. */
  confidence: number;
}

/**
 * Greedy CTC decoding: the most likely class at each step, repeats collapsed, blanks (class 0)
 * dropped. `probabilities` holds `steps` rows of `charset.length` values.
 */
export function ctcDecode(probabilities: ArrayLike<number>, steps: number, charset: readonly string[]): ReadText {
  const classes = charset.length;
  if (probabilities.length !== steps * classes) throw new Error(`recognition output has ${probabilities.length} values, expected ${steps}×${classes}`);
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = 0;
  for (let step = 0; step < steps; step++) {
    let best = 0;
    let value = -Infinity;
    for (let k = 0; k < classes; k++) {
      const p = probabilities[step * classes + k]!;
      if (p > value) [best, value] = [k, p];
    }
    if (best !== 0 && best !== previous) {
      text += charset[best];
      sum += value;
      count += 1;
    }
    previous = best;
  }
  return { text, confidence: count ? sum / count : 0 };
}
