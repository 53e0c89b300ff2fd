// Picture-in-picture: a frame whose endoscopic view does not fill it is judged region by region.
// The scene model scores the whole frame and each of these regions (the same head, on the region's
// colour statistics and the backbone's feature map pooled over the region); the frame's score is
// the highest. Every region is at least a ninth of the frame: on a 1080p frame that is 640 × 360
// pixels, room for a person or a face, and an inset that small in a corner is where operating-room
// cameras sit in tower layouts.
import { type Box } from './scene-augment.js';

export interface Region extends Box {
  name: string;
}

const third = 1 / 3;

export const REGIONS: readonly Region[] = [
  { name: 'quadrant-tl', x: 0, y: 0, w: 0.5, h: 0.5 },
  { name: 'quadrant-tr', x: 0.5, y: 0, w: 0.5, h: 0.5 },
  { name: 'quadrant-bl', x: 0, y: 0.5, w: 0.5, h: 0.5 },
  { name: 'quadrant-br', x: 0.5, y: 0.5, w: 0.5, h: 0.5 },
  { name: 'corner-tl', x: 0, y: 0, w: third, h: third },
  { name: 'corner-tr', x: 2 * third, y: 0, w: third, h: third },
  { name: 'corner-bl', x: 0, y: 2 * third, w: third, h: third },
  { name: 'corner-br', x: 2 * third, y: 2 * third, w: third, h: third },
  { name: 'side-left', x: 0, y: 0, w: third, h: 1 },
  { name: 'side-right', x: 2 * third, y: 0, w: third, h: 1 },
];

/** The smallest region judged on its own: a ninth of the frame (see above). */
export const MIN_REGION_AREA = 1 / 9;

export interface RegionScores {
  full: number;
  regions: readonly number[];
}

/**
 * The frame's score: the whole frame, or any region that looks non-endoscopic. A frame is kept only
 * when the whole view and every region big enough to hold a person look endoscopic.
 */
export const frameScore = ({ full, regions }: RegionScores): number => regions.reduce((best, s) => (s > best ? s : best), full);

/** Which region decided (`full` for the whole frame), for the review timeline and for tests. */
export const decidingRegion = (scores: RegionScores): string => {
  let best = scores.full;
  let name = 'full';
  scores.regions.forEach((s, i) => {
    if (s > best) {
      best = s;
      name = REGIONS[i]?.name ?? `region-${i}`;
    }
  });
  return name;
};

/**
 * Mean of a feature map (row-major `height × width × channels`) over the cells a region covers;
 * a cell counts when its centre lies inside the region, and the nearest cell when none does.
 */
export const poolRegion = (map: Float32Array, width: number, height: number, channels: number, box: Box): number[] => {
  const sum = new Array<number>(channels).fill(0);
  const cells: [number, number][] = [];
  for (let y = 0; y < height; y += 1) {
    const cy = (y + 0.5) / height;
    if (cy < box.y || cy > box.y + box.h) continue;
    for (let x = 0; x < width; x += 1) {
      const cx = (x + 0.5) / width;
      if (cx >= box.x && cx <= box.x + box.w) cells.push([x, y]);
    }
  }
  if (cells.length === 0) {
    cells.push([Math.min(width - 1, Math.floor((box.x + box.w / 2) * width)), Math.min(height - 1, Math.floor((box.y + box.h / 2) * height))]);
  }
  for (const [x, y] of cells) {
    const at = (y * width + x) * channels;
    for (let c = 0; c < channels; c += 1) sum[c]! += map[at + c]!;
  }
  return sum.map((s) => s / cells.length);
};
