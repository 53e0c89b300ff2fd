// TensorFlow's image operations that fed the face and person models when they ran on TensorFlow.js,
// written out in JavaScript so that the same pictures reach the models on onnxruntime: the legacy
// bilinear resize (`tf.image.resizeBilinear` without aligned corners or half-pixel centres),
// `tf.image.cropAndResize` (bilinear, zeros outside the picture) and zero padding. Each takes RGB
// bytes and gives NHWC floats in 0..255; test/face-detector-onnx.test.ts and
// test/person-detector-onnx.test.ts compare them with TensorFlow.js.
import { type Pixels } from '../dataset.js';

/** One bilinear sample at fractional (row, column) inside the picture, for channel c. */
const sample = (image: Pixels, fy: number, fx: number, c: number): number => {
  const top = Math.floor(fy) * image.width;
  const bottom = Math.min(image.height - 1, Math.ceil(fy)) * image.width;
  const left = Math.floor(fx);
  const right = Math.min(image.width - 1, Math.ceil(fx));
  const d = image.data;
  const t = d[(top + left) * 3 + c]! + (d[(top + right) * 3 + c]! - d[(top + left) * 3 + c]!) * (fx - left);
  const b = d[(bottom + left) * 3 + c]! + (d[(bottom + right) * 3 + c]! - d[(bottom + left) * 3 + c]!) * (fx - left);
  return t + (b - t) * (fy - Math.floor(fy));
};

/** Resized to width × height, sampling at destination × in/out (TensorFlow's legacy resize). */
export function resizeBilinearLegacy(image: Pixels, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height * 3);
  const sy = image.height / height;
  const sx = image.width / width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) out[o + c] = sample(image, y * sy, x * sx, c);
    }
  }
  return out;
}

/**
 * The box [top, left, bottom, right] (fractions of the picture, as TensorFlow's) cropped and
 * resized to width × height: corners map to corners ((size − 1) steps), a sample outside the
 * picture is 0.
 */
export function cropAndResize(image: Pixels, [y1, x1, y2, x2]: readonly [number, number, number, number], width: number, height: number): Float32Array {
  const out = new Float32Array(width * height * 3);
  const stepY = height > 1 ? ((y2 - y1) * (image.height - 1)) / (height - 1) : 0;
  const stepX = width > 1 ? ((x2 - x1) * (image.width - 1)) / (width - 1) : 0;
  for (let y = 0; y < height; y += 1) {
    const fy = height > 1 ? y1 * (image.height - 1) + y * stepY : 0.5 * (y1 + y2) * (image.height - 1);
    if (fy < 0 || fy > image.height - 1) continue;
    for (let x = 0; x < width; x += 1) {
      const fx = width > 1 ? x1 * (image.width - 1) + x * stepX : 0.5 * (x1 + x2) * (image.width - 1);
      if (fx < 0 || fx > image.width - 1) continue;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) out[o + c] = sample(image, fy, fx, c);
    }
  }
  return out;
}

/** The picture inside a side × side square of zeros, its top-left corner at (padX, padY). */
export function padToSquare(image: Pixels, side: number, padX: number, padY: number): Pixels {
  const data = new Uint8Array(side * side * 3);
  for (let y = 0; y < image.height; y += 1) {
    data.set(image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3), ((y + padY) * side + padX) * 3);
  }
  return { width: side, height: side, data };
}
