// Pure pre- and post-processing for the burned-in text detector (PP-OCR DBNet detection model):
// the frame → normalised tensor step, and the probability map → text-line boxes → frame score step.
// No ONNX here, so both halves unit-test on small hand-made arrays.
import { type Frame } from '@ipsv/media/frame';

/** A text line in frame coordinates normalised to [0, 1] (x, y = top-left corner). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Mean text probability inside the detected region, in [0, 1]. */
  score: number;
  /**
   * Read as nothing but a maker's print on an instrument (instrument-print.ts): it is text, but it
   * does not cut a frame. Set by the detector on lines it read; absent on the others.
   */
  instrumentPrint?: boolean;
}

/**
 * Model input size for a frame: the long side scaled to `longSide`, both sides rounded to a
 * multiple of 32 (DBNet downsamples by 32). Small frames are scaled up: overlay text on a 320-px
 * frame is only 6–10 px tall, below what the model was trained to find.
 */
export function inputSize(width: number, height: number, longSide = 640): { width: number; height: number } {
  const scale = longSide / Math.max(width, height);
  const round32 = (v: number) => Math.max(32, Math.round((v * scale) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

// PaddleOCR normalises BGR images with ImageNet statistics listed in B, G, R order of its reader.
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/**
 * Bilinear resize of an RGB24 frame to the model's NCHW float input, channels in the B, G, R order
 * PaddleOCR's models were trained with.
 */
export function toModelInput(frame: Frame, width: number, height: number): Float32Array {
  const out = new Float32Array(3 * width * height);
  const plane = width * height;
  const src = frame.data;
  const sx = frame.width / width;
  const sy = frame.height / height;
  // Source columns and weights per output column, computed once rather than per row.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const wxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), frame.width - 1);
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(x0s[x]! + 1, frame.width - 1);
    wxs[x] = fx - x0s[x]!;
  }
  // Per output channel (B, G, R): value × a + b folds /255, mean and std into one multiply-add.
  const a = [0, 1, 2].map((k) => 1 / (255 * STD[k]!));
  const b = [0, 1, 2].map((k) => -MEAN[k]! / STD[k]!);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), frame.height - 1);
    const row0 = Math.floor(fy) * frame.width * 3;
    const row1 = Math.min(Math.floor(fy) + 1, frame.height - 1) * frame.width * 3;
    const wy = fy - Math.floor(fy);
    for (let x = 0; x < width; x++) {
      const c0 = x0s[x]! * 3;
      const c1 = x1s[x]! * 3;
      const wx = wxs[x]!;
      for (let c = 0; c < 3; c++) {
        const top = src[row0 + c0 + c]! + wx * (src[row0 + c1 + c]! - src[row0 + c0 + c]!);
        const bottom = src[row1 + c0 + c]! + wx * (src[row1 + c1 + c]! - src[row1 + c0 + c]!);
        const bgr = 2 - c;
        out[bgr * plane + y * width + x] = (top + wy * (bottom - top)) * a[bgr]! + b[bgr]!;
      }
    }
  }
  return out;
}

export interface TextBoxOptions {
  /** A pixel is text when its probability exceeds this (PaddleOCR's det_db_thresh). */
  pixelThreshold?: number;
  /** A region is kept when its mean probability reaches this (PaddleOCR's det_db_box_thresh). */
  boxThreshold?: number;
  /** Smallest region height in model-input pixels: below it, noise rather than legible text. */
  minHeight?: number;
  /** Largest line height as a fraction of the map's long side: overlay text is small, while
   * specular highlights on wet tissue make large blobs the model half-believes are text. */
  maxHeight?: number;
  /** Smallest width / height of a kept line (after growing): overlay lines are wide and short. */
  minAspect?: number;
  /** DBNet predicts shrunk text kernels; boxes are grown back by area × ratio / perimeter. */
  unclipRatio?: number;
}

interface Region {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  pixels: number;
  sum: number;
}

/**
 * Connected regions (8-connected) of the thresholded probability map, kept when they look like a
 * line of text, as boxes normalised to the map (and so to the frame). Strongest first.
 */
export function textBoxes(prob: Float32Array, width: number, height: number, options: TextBoxOptions = {}): TextBox[] {
  const pixelThreshold = options.pixelThreshold ?? 0.3;
  const boxThreshold = options.boxThreshold ?? 0.6;
  const minHeight = options.minHeight ?? 4;
  const maxHeight = (options.maxHeight ?? 0.08) * Math.max(width, height);
  const minAspect = options.minAspect ?? 2;
  const unclipRatio = options.unclipRatio ?? 1.5;
  if (prob.length !== width * height) throw new Error(`probability map has ${prob.length} values, expected ${width}×${height}`);

  const labels = new Int32Array(width * height).fill(-1);
  const regions: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < prob.length; start++) {
    if (labels[start] !== -1 || !(prob[start]! > pixelThreshold)) continue;
    const region: Region = { minX: width, minY: height, maxX: -1, maxY: -1, pixels: 0, sum: 0 };
    labels[start] = regions.length;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      region.pixels++;
      region.sum += prob[i]!;
      if (x < region.minX) region.minX = x;
      if (x > region.maxX) region.maxX = x;
      if (y < region.minY) region.minY = y;
      if (y > region.maxY) region.maxY = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const j = ny * width + nx;
          if (labels[j] === -1 && prob[j]! > pixelThreshold) {
            labels[j] = regions.length;
            stack.push(j);
          }
        }
      }
    }
    regions.push(region);
  }

  const boxes: TextBox[] = [];
  for (const r of regions) {
    const w = r.maxX - r.minX + 1;
    const h = r.maxY - r.minY + 1;
    const score = r.sum / r.pixels;
    if (score < boxThreshold || h < minHeight) continue;
    const grow = (w * h * unclipRatio) / (2 * (w + h));
    const x0 = Math.max(0, r.minX - grow);
    const y0 = Math.max(0, r.minY - grow);
    const x1 = Math.min(width, r.maxX + 1 + grow);
    const y1 = Math.min(height, r.maxY + 1 + grow);
    if (y1 - y0 > maxHeight || (x1 - x0) / (y1 - y0) < minAspect) continue;
    boxes.push({ x: x0 / width, y: y0 / height, width: (x1 - x0) / width, height: (y1 - y0) / height, score });
  }
  return boxes.sort((a, b) => b.score - a.score);
}

/**
 * A frame's score: the mean probability of its most confident text line that may be patient text
 * (instrument print does not count), 0 when there is none.
 */
export function textScore(boxes: readonly TextBox[]): number {
  return boxes.reduce((m, b) => (b.instrumentPrint ? m : Math.max(m, b.score)), 0);
}
