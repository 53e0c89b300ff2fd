// Pure geometry for the face and person detectors: turns the raw outputs of BlazeFace and CenterNet
// into boxes in frame coordinates. Kept free of TensorFlow.js so it unit-tests on plain arrays.

/** A detection in frame coordinates normalised to [0, 1] (x, y = top-left corner). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Model confidence in [0, 1]. */
  score: number;
  /** For faces: BlazeFace's own confidence in the proposal that the mesh check then scored. */
  proposal?: number;
  /** For faces: the mesh check's face flag (the score is the geometric mean of the two). */
  mesh?: number;
}

/** Values per BlazeFace anchor row: logit, box (cx, cy, w, h), 6 keypoints × (x, y). */
export const BLAZEFACE_ROW = 17;

/**
 * Anchor centres (x, y in input pixels) of the 256-px BlazeFace "back" model, in the order of its
 * concatenated output: 16×16 cells × 2 anchors, then 8×8 cells × 6 anchors (896 in all).
 * Same layout as MediaPipe's SSD anchor generator for this model.
 */
export function blazefaceAnchors(inputSize: number): Float32Array {
  const spec = [
    { stride: inputSize / 16, perCell: 2 },
    { stride: inputSize / 8, perCell: 6 },
  ];
  const out: number[] = [];
  for (const { stride, perCell } of spec) {
    const cells = Math.floor((inputSize + stride - 1) / stride);
    for (let gy = 0; gy < cells; gy++) {
      for (let gx = 0; gx < cells; gx++) {
        for (let n = 0; n < perCell; n++) out.push(stride * (gx + 0.5), stride * (gy + 0.5));
      }
    }
  }
  return Float32Array.from(out);
}

const sigmoid = (v: number): number => 1 / (1 + Math.exp(-v));

/**
 * Decodes BlazeFace rows (anchors × 17) into boxes normalised to the square model input, keeping
 * those at or above `minScore`. Box centres are offsets from their anchor, sizes are in pixels.
 */
export function decodeBlazeface(rows: Float32Array, anchors: Float32Array, inputSize: number, minScore: number): FaceBox[] {
  const count = anchors.length / 2;
  if (rows.length !== count * BLAZEFACE_ROW) throw new Error(`BlazeFace output has ${rows.length} values, expected ${count * BLAZEFACE_ROW}`);
  const boxes: FaceBox[] = [];
  for (let i = 0; i < count; i++) {
    const o = i * BLAZEFACE_ROW;
    const score = sigmoid(rows[o]!);
    if (score < minScore) continue;
    const cx = rows[o + 1]! + anchors[2 * i]!;
    const cy = rows[o + 2]! + anchors[2 * i + 1]!;
    const w = rows[o + 3]!;
    const h = rows[o + 4]!;
    boxes.push({ x: (cx - w / 2) / inputSize, y: (cy - h / 2) / inputSize, width: w / inputSize, height: h / inputSize, score });
  }
  return boxes;
}

/** Where a frame sits inside the square it was padded to (centred, in units of the square). */
export interface Letterbox {
  offsetX: number;
  offsetY: number;
  scaleX: number;
  scaleY: number;
}

/** The square a width × height frame is padded to, so faces keep their shape when resized. */
export function letterbox(width: number, height: number): Letterbox & { side: number; padX: number; padY: number } {
  const side = Math.max(width, height);
  const padX = Math.floor((side - width) / 2);
  const padY = Math.floor((side - height) / 2);
  return { side, padX, padY, offsetX: padX / side, offsetY: padY / side, scaleX: width / side, scaleY: height / side };
}

/** Maps a box from padded-square coordinates back to the frame, clipped to it. */
export function fromLetterbox(box: FaceBox, lb: Letterbox): FaceBox {
  const x0 = clamp01((box.x - lb.offsetX) / lb.scaleX);
  const y0 = clamp01((box.y - lb.offsetY) / lb.scaleY);
  const x1 = clamp01((box.x + box.width - lb.offsetX) / lb.scaleX);
  const y1 = clamp01((box.y + box.height - lb.offsetY) / lb.scaleY);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, score: box.score };
}

/** CenterNet's COCO class index for "person" (0-based, as its detections output counts). */
export const COCO_PERSON = 0;

/**
 * Reads CenterNet's decoded detections (rows of x1, y1, x2, y2 in input pixels, score, class) and
 * keeps the persons at or above `minScore`, normalised to the (stretched) input.
 */
export function personBoxes(detections: Float32Array, inputSize: number, minScore: number): FaceBox[] {
  const boxes: FaceBox[] = [];
  for (let o = 0; o + 6 <= detections.length; o += 6) {
    const score = detections[o + 4]!;
    if (detections[o + 5] !== COCO_PERSON || !(score >= minScore)) continue;
    const x0 = clamp01(detections[o]! / inputSize);
    const y0 = clamp01(detections[o + 1]! / inputSize);
    const x1 = clamp01(detections[o + 2]! / inputSize);
    const y1 = clamp01(detections[o + 3]! / inputSize);
    if (x1 <= x0 || y1 <= y0) continue;
    boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, score });
  }
  return boxes;
}

export function iou(a: FaceBox, b: FaceBox): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy non-maximum suppression: BlazeFace fires on several neighbouring anchors per face. */
export function suppressOverlaps(boxes: readonly FaceBox[], maxIou: number, maxBoxes = 20): FaceBox[] {
  const kept: FaceBox[] = [];
  for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
    if (kept.length >= maxBoxes) break;
    if (kept.every((k) => iou(k, box) <= maxIou)) kept.push(box);
  }
  return kept;
}

/** A frame's score: the strongest detection, 0 when there is none. */
export function strongest(boxes: readonly FaceBox[]): number {
  return boxes.reduce((m, b) => Math.max(m, b.score), 0);
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * The square crop (y1, x1, y2, x2 normalised to the frame, as tf.image.cropAndResize takes it) that
 * the face-mesh check looks at: the detector's box enlarged by `scale` around its centre, as Human
 * does, so the whole face with some margin fills the mesh model's input. May extend past the frame.
 */
export function meshCrop(box: FaceBox, frameWidth: number, frameHeight: number, scale = 1.4): [number, number, number, number] {
  const cx = (box.x + box.width / 2) * frameWidth;
  const cy = (box.y + box.height / 2) * frameHeight;
  const half = (scale * Math.max(box.width * frameWidth, box.height * frameHeight)) / 2;
  return [(cy - half) / frameHeight, (cx - half) / frameWidth, (cy + half) / frameHeight, (cx + half) / frameWidth];
}
