// Colour and texture statistics that tell an endoscopic view (tissue-coloured, saturated, lit from
// the scope, often inside a dark circular vignette) from anything else the camera can see when it
// is outside the body (rooms, people, drapes, monitors, slides). Computed on a small RGB frame of
// any size or aspect: every feature is a fraction or a mean, so it does not depend on the size.
import { type Frame } from '@ipsv/media/frame';

export const SCENE_FEATURES = [
  'tissueFraction',
  'redDominance',
  'meanSaturation',
  'saturationSpread',
  'meanBrightness',
  'brightnessSpread',
  'darkFraction',
  'greyFraction',
  'coolFraction',
  'whiteFraction',
  'skinFraction',
  'cornerDarkness',
  'edgeDensity',
  'hueConcentration',
] as const;
export type SceneFeatureName = (typeof SCENE_FEATURES)[number];

type Pixels = Pick<Frame, 'width' | 'height' | 'data'>;

// Unit vectors of hues in tenths of a degree: a table look-up instead of cos/sin per pixel.
const HUE_BINS_PER_DEGREE = 10;
const HUE_TABLE_SIZE = 360 * HUE_BINS_PER_DEGREE;
const HUE_COS = Float64Array.from({ length: HUE_TABLE_SIZE }, (_, i) => Math.cos((i / HUE_BINS_PER_DEGREE / 180) * Math.PI));
const HUE_SIN = Float64Array.from({ length: HUE_TABLE_SIZE }, (_, i) => Math.sin((i / HUE_BINS_PER_DEGREE / 180) * Math.PI));

/** Samples at most about this many pixels per frame: statistics, not pictures. */
const TARGET_SAMPLES = 96 * 96;

export const sceneFeatures = (frame: Pixels): number[] => {
  const { width, height, data } = frame;
  if (width <= 0 || height <= 0 || data.length < width * height * 3) throw new Error(`Frame data does not match its size ${width}x${height}`);
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / TARGET_SAMPLES)));
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  // Squared distance from the centre relative to the half-width and half-height, so a square and
  // a 16:9 frame are measured alike; split per column and row so no pixel needs a square root.
  const dx2 = new Float64Array(width);
  for (let x = 0; x < width; x += step) dx2[x] = ((x - cx) / (width / 2)) ** 2;
  const right = step * 3;
  const down = width * step * 3;

  let n = 0;
  let tissue = 0,
    dark = 0,
    grey = 0,
    cool = 0,
    white = 0,
    skin = 0;
  let sumS = 0,
    sumS2 = 0,
    sumV = 0,
    sumV2 = 0,
    sumR = 0,
    sumG = 0;
  let cornerV = 0,
    cornerN = 0,
    centreV = 0,
    centreN = 0;
  let edges = 0,
    edgeN = 0;
  // Hue concentration: length of the mean hue vector of saturated pixels (1 = one colour).
  let hx = 0,
    hy = 0,
    hn = 0;

  for (let y = 0; y < height; y += step) {
    const dy2 = ((y - cy) / (height / 2)) ** 2;
    const hasDown = y + step < height;
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 3;
      const R = data[i]!;
      const G = data[i + 1]!;
      const B = data[i + 2]!;
      const r = R / 255;
      const g = G / 255;
      const b = B / 255;
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      const min = r < g ? (r < b ? r : b) : g < b ? g : b;
      const v = max;
      const s = max > 0 ? (max - min) / max : 0;
      n += 1;
      sumS += s;
      sumS2 += s * s;
      sumV += v;
      sumV2 += v * v;
      sumR += r;
      sumG += g;
      if (v < 0.12) dark += 1;
      else if (s < 0.18) {
        if (v > 0.85) white += 1;
        else grey += 1;
      }
      // Hue only counts for pixels with some light and colour (every hue rule below needs both).
      if (v >= 0.12 && s >= 0.15) {
        let h: number;
        if (max === r) {
          h = (g - b) / (max - min);
          if (h < 0) h += 6;
        } else if (max === g) h = (b - r) / (max - min) + 2;
        else h = (r - g) / (max - min) + 4;
        h *= 60;
        if (s >= 0.35 && (h < 45 || h > 330)) tissue += 1;
        if (v >= 0.2 && s >= 0.2 && h >= 80 && h <= 270) cool += 1;
        if (v >= 0.35 && s < 0.5 && h >= 8 && h <= 40) skin += 1;
        if (s >= 0.25) {
          const bin = Math.round(h * HUE_BINS_PER_DEGREE) % HUE_TABLE_SIZE;
          hx += HUE_COS[bin]!;
          hy += HUE_SIN[bin]!;
          hn += 1;
        }
      }
      const radius2 = dx2[x]! + dy2;
      if (radius2 > 1.15 * 1.15) {
        cornerV += v;
        cornerN += 1;
      } else if (radius2 < 0.6 * 0.6) {
        centreV += v;
        centreN += 1;
      }
      if (hasDown && x + step < width) {
        // A luminance step of more than 40 to the right or lower neighbour is an edge.
        const here = 0.299 * R + 0.587 * G + 0.114 * B;
        const j = i + right;
        const k = i + down;
        const toRight = 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]! - here;
        const toDown = 0.299 * data[k]! + 0.587 * data[k + 1]! + 0.114 * data[k + 2]! - here;
        if (toRight > 40 || toRight < -40 || toDown > 40 || toDown < -40) edges += 1;
        edgeN += 1;
      }
    }
  }
  const meanS = sumS / n;
  const meanV = sumV / n;
  const corner = cornerN ? cornerV / cornerN : meanV;
  const centre = centreN ? centreV / centreN : meanV;
  return [
    tissue / n,
    Math.log((sumR / n + 0.02) / (sumG / n + 0.02)),
    meanS,
    Math.sqrt(Math.max(0, sumS2 / n - meanS * meanS)),
    meanV,
    Math.sqrt(Math.max(0, sumV2 / n - meanV * meanV)),
    dark / n,
    grey / n,
    cool / n,
    white / n,
    skin / n,
    Math.max(0, centre - corner),
    edgeN ? edges / edgeN : 0,
    hn ? Math.sqrt(hx * hx + hy * hy) / hn : 0,
  ];
};
