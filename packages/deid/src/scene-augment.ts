// Deterministic pixel-level augmentations for training the scene model, and the synthetic
// picture-in-picture composites. Pure functions on packed RGB: the same input always gives the same
// bytes (no random numbers), so `npm run deid:train` reproduces the committed weights.
import { type Pixels } from './dataset.js';

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

const map = (image: Pixels, f: (r: number, g: number, b: number, out: Uint8Array, i: number) => void): Pixels => {
  const out = new Uint8Array(image.data.length);
  const { data } = image;
  for (let i = 0; i < data.length; i += 3) f(data[i]!, data[i + 1]!, data[i + 2]!, out, i);
  return { width: image.width, height: image.height, data: out };
};

/** Bilinear resize to any size (also changes the aspect). */
export const resize = (image: Pixels, width: number, height: number): Pixels => {
  const out = new Uint8Array(width * height * 3);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c += 1) {
        const a = image.data[(y0 * image.width + x0) * 3 + c]!;
        const b = image.data[(y0 * image.width + x1) * 3 + c]!;
        const d = image.data[(y1 * image.width + x0) * 3 + c]!;
        const e = image.data[(y1 * image.width + x1) * 3 + c]!;
        out[(y * width + x) * 3 + c] = Math.round((a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy);
      }
    }
  }
  return { width, height, data: out };
};

/** A rectangle in fractions of the frame: left, top, width, height in [0, 1]. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const pixelBox = (image: Pixels, box: Box) => {
  const left = Math.round(box.x * image.width);
  const top = Math.round(box.y * image.height);
  return {
    left,
    top,
    width: Math.max(1, Math.min(image.width - left, Math.round(box.w * image.width))),
    height: Math.max(1, Math.min(image.height - top, Math.round(box.h * image.height))),
  };
};

export const crop = (image: Pixels, box: Box): Pixels => {
  const { left, top, width, height } = pixelBox(image, box);
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    out.set(image.data.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + left + width) * 3), y * width * 3);
  return { width, height, data: out };
};

/** Colour temperature: warmer (k > 0: more red, less blue) or cooler (k < 0). */
export const temperature = (image: Pixels, k: number): Pixels =>
  map(image, (r, g, b, out, i) => {
    out[i] = clamp(r * (1 + k));
    out[i + 1] = clamp(g * (1 + k * 0.25));
    out[i + 2] = clamp(b * (1 - k));
  });

/** Exposure: every channel times `gain` (darker below 1). */
export const exposure = (image: Pixels, gain: number): Pixels =>
  map(image, (r, g, b, out, i) => {
    out[i] = clamp(r * gain);
    out[i + 1] = clamp(g * gain);
    out[i + 2] = clamp(b * gain);
  });

/** Surgical smoke: a blend towards a light grey haze, which also lowers contrast and saturation. */
export const haze = (image: Pixels, amount: number, level = 200): Pixels =>
  map(image, (r, g, b, out, i) => {
    out[i] = clamp(r * (1 - amount) + level * amount);
    out[i + 1] = clamp(g * (1 - amount) + level * amount);
    out[i + 2] = clamp(b * (1 - amount) + level * amount);
  });

/** Separable box blur of the given radius (soft focus, motion, compression). */
export const blur = (image: Pixels, radius: number): Pixels => {
  const { width, height } = image;
  const pass = (src: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          let sum = 0;
          let n = 0;
          for (let k = -radius; k <= radius; k += 1) {
            const xx = horizontal ? x + k : x;
            const yy = horizontal ? y : y + k;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            sum += src[(yy * width + xx) * 3 + c]!;
            n += 1;
          }
          out[(y * width + x) * 3 + c] = Math.round(sum / n);
        }
      }
    }
    return out;
  };
  return { width, height, data: pass(pass(image.data, true), false) };
};

/** `inset` scaled into `box` of `base` (a picture-in-picture frame). */
export const composite = (base: Pixels, inset: Pixels, box: Box): Pixels => {
  const { left, top, width, height } = pixelBox(base, box);
  const small = resize(inset, width, height);
  const out = Uint8Array.from(base.data);
  for (let y = 0; y < height; y += 1) out.set(small.data.subarray(y * width * 3, (y + 1) * width * 3), ((top + y) * base.width + left) * 3);
  return { width: base.width, height: base.height, data: out };
};

/**
 * Ways the same scene reaches the detector from other camera towers and pipelines: 16:9 frames,
 * warmer or cooler white balance, over- and under-exposure, a dark frame, smoke, soft focus and
 * a zoomed crop. The failure kinds of issue 15 (yellow fat, white gauze, dark or smoky frames,
 * pale close-ups) are colour shifts of scenes the dev set has; these make the model see them.
 */
export const AUGMENTATIONS: Record<string, (image: Pixels) => Pixels> = {
  wide: (image) => resize(image, image.width, Math.round((image.width * 9) / 16)),
  warm: (image) => temperature(image, 0.18),
  cool: (image) => temperature(image, -0.18),
  bright: (image) => exposure(image, 1.35),
  dark: (image) => exposure(image, 0.45),
  smoke: (image) => haze(image, 0.45),
  soft: (image) => blur(image, 2),
  zoom: (image) => crop(image, { x: 0.12, y: 0.12, w: 0.76, h: 0.76 }),
};

/** Picture-in-picture layouts: an inset in a corner (two sizes) or a side-by-side third. */
export const PIP_LAYOUTS: Record<string, Box> = {
  'corner-br-third': { x: 0.64, y: 0.64, w: 0.33, h: 0.33 },
  'corner-tl-third': { x: 0.03, y: 0.03, w: 0.33, h: 0.33 },
  'corner-tr-quarter': { x: 0.72, y: 0.03, w: 0.25, h: 0.25 },
  'corner-bl-quarter': { x: 0.03, y: 0.72, w: 0.25, h: 0.25 },
  'side-right': { x: 0.66, y: 0.2, w: 0.34, h: 0.6 },
};

/** Share of `region` covered by `box` (both in fractions of the frame). */
export const coverage = (region: Box, box: Box): number => {
  const w = Math.max(0, Math.min(region.x + region.w, box.x + box.w) - Math.max(region.x, box.x));
  const h = Math.max(0, Math.min(region.y + region.h, box.y + box.h) - Math.max(region.y, box.y));
  return (w * h) / (region.w * region.h);
};
