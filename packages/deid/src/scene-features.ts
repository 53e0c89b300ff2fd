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

/** Samples at most about this many pixels per frame: statistics, not pictures. */
const TARGET_SAMPLES = 96 * 96;

export const sceneFeatures = (frame: Pixels): number[] => {
  const { width, height, data } = frame;
  if (width <= 0 || height <= 0 || data.length < width * height * 3) throw new Error(`Frame data does not match its size ${width}x${height}`);
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / TARGET_SAMPLES)));
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;

  let n = 0;
  let tissue = 0, dark = 0, grey = 0, cool = 0, white = 0, skin = 0;
  let sumS = 0, sumS2 = 0, sumV = 0, sumV2 = 0, sumR = 0, sumG = 0;
  let cornerV = 0, cornerN = 0, centreV = 0, centreN = 0;
  let edges = 0, edgeN = 0;
  // Hue concentration: length of the mean hue vector of saturated pixels (1 = one colour).
  let hx = 0, hy = 0, hn = 0;

  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const i = (y * width + x) * 3;
      const r = data[i]! / 255;
      const g = data[i + 1]! / 255;
      const b = data[i + 2]! / 255;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const v = max;
      const s = max > 0 ? (max - min) / max : 0;
      let h = 0;
      if (max > min) {
        if (max === r) h = ((g - b) / (max - min) + 6) % 6;
        else if (max === g) h = (b - r) / (max - min) + 2;
        else h = (r - g) / (max - min) + 4;
        h *= 60;
      }
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
      if (v >= 0.12 && s >= 0.35 && (h < 45 || h > 330)) tissue += 1;
      if (v >= 0.2 && s >= 0.2 && h >= 80 && h <= 270) cool += 1;
      if (v >= 0.35 && s >= 0.15 && s < 0.5 && h >= 8 && h <= 40) skin += 1;
      if (s >= 0.25 && v >= 0.12) {
        const a = (h * Math.PI) / 180;
        hx += Math.cos(a);
        hy += Math.sin(a);
        hn += 1;
      }
      // Position relative to the frame, so a square and a 16:9 frame are measured alike.
      const dx = (x - cx) / (width / 2);
      const dy = (y - cy) / (height / 2);
      const radius = Math.sqrt(dx * dx + dy * dy);
      if (radius > 1.15) {
        cornerV += v;
        cornerN += 1;
      } else if (radius < 0.6) {
        centreV += v;
        centreN += 1;
      }
      if (x + step < width && y + step < height) {
        const right = (y * width + x + step) * 3;
        const down = ((y + step) * width + x) * 3;
        const lum = (k: number) => 0.299 * data[k]! + 0.587 * data[k + 1]! + 0.114 * data[k + 2]!;
        const here = lum(i);
        edges += Math.abs(lum(right) - here) > 40 || Math.abs(lum(down) - here) > 40 ? 1 : 0;
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
