// Picture-in-picture: a frame whose endoscopic view does not fill it is judged region by region.
// The scene model scores the whole frame and each of these regions (the same head, on the region's
// colour statistics and the backbone's feature map pooled over the region); the frame's score is
// the highest. Every region is at least a ninth of the frame: on a 1080p frame that is 640 × 360
// pixels, room for a person or a face, and an inset that small in a corner is where operating-room
// cameras sit in tower layouts.
//
// An inset is a second picture, so it has a border: a straight step between it and the view around
// it. A region that looks non-endoscopic without any such border near it is part of the endoscopic
// view (a pale patch of fat, gauze, a smoky corner); its vote makes the frame uncertain, which sends
// it to the face and person detectors, instead of removing it (insetBorders, regionVotes).
import { type Pixels } from './dataset.js';
import { type Box, resize } from './scene-augment.js';

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
  /** Whether an inset border was found at each region (insetBorders); absent, every region counts. */
  borders?: readonly boolean[];
}

/** The scene model's operating threshold and the bottom of its uncertain band (scene-model.ts). */
export interface SceneBand {
  threshold: number;
  uncertainFrom: number;
}

/**
 * What each region says about the frame. A region counts in full when an inset border was found at
 * it, or when the whole frame is itself uncertain or worse (then any doubt should weigh). Otherwise
 * a region scoring in or above the uncertain band only makes the frame uncertain: the face and
 * person detectors look at it, and the removal grows over it when a neighbour is removed.
 */
export const regionVotes = ({ full, regions, borders }: RegionScores, band?: SceneBand): number[] =>
  regions.map((s, i) => (band && borders && !borders[i] && full < band.uncertainFrom ? Math.min(s, band.uncertainFrom) : s));

/**
 * The frame's score: the whole frame, or any region that looks non-endoscopic (regionVotes). A frame
 * is kept only when the whole view and every region big enough to hold a person look endoscopic.
 */
export const frameScore = (scores: RegionScores, band?: SceneBand): number => regionVotes(scores, band).reduce((best, s) => (s > best ? s : best), scores.full);

/** Which region decided (`full` for the whole frame), for the review timeline and for tests. */
export const decidingRegion = (scores: RegionScores, band?: SceneBand): string => {
  let best = scores.full;
  let name = 'full';
  regionVotes(scores, band).forEach((s, i) => {
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

/** Inset borders are looked for on the frame scaled to the scene-only analysis's size. */
const BORDER_WIDTH = 256;
const BORDER_HEIGHT = 144;
/** A border pixel: the grey level steps by this much (of 255) from the row above or the column left. */
const BORDER_STEP = 20;
/** A border line may break for this many pixels (noise, a dark patch on both sides). */
const BORDER_GAP = 2;
/** A border runs straight for at least this share of the region's width or height. */
const BORDER_RUN = 0.5;
/** An inset's edge may lie a little outside the region it fills (an inset flush with a corner). */
const BORDER_MARGIN = 0.05;
/** Rows and columns this close to the frame's edge are not borders (the frame's own edge). */
const BORDER_EDGE = 2;

/** The longest run of `on` along 0..length-1, bridging gaps of up to BORDER_GAP. */
const longestRun = (length: number, on: (i: number) => boolean): number => {
  let best = 0;
  let run = 0;
  let gap = 0;
  for (let i = 0; i < length; i += 1) {
    if (on(i)) {
      run += 1 + gap;
      gap = 0;
      if (run > best) best = run;
    } else if (run > 0 && gap < BORDER_GAP) gap += 1;
    else {
      run = 0;
      gap = 0;
    }
  }
  return best;
};

/**
 * For each of REGIONS, whether a straight horizontal or vertical border runs through it (or just
 * outside it): a line of grey-level steps at least half as long as the region is wide or high. An
 * inset has one where it meets the view around it; tissue, fat and gauze seldom draw a line that
 * straight. Black bars beside the view draw one too, so a frame with bars finds borders at its
 * sides: that only leaves those regions their full vote, as before this rule.
 */
export const insetBorders = (frame: Pixels): boolean[] => {
  const W = BORDER_WIDTH;
  const H = BORDER_HEIGHT;
  const small = frame.width === W && frame.height === H ? frame : resize(frame, W, H);
  const grey = new Float32Array(W * H);
  for (let i = 0; i < W * H; i += 1) grey[i] = (small.data[i * 3]! + small.data[i * 3 + 1]! + small.data[i * 3 + 2]!) / 3;
  // rowStep[y·W + x]: a step between rows y − 1 and y at column x; colStep likewise between columns.
  const rowStep = new Uint8Array(W * H);
  const colStep = new Uint8Array(W * H);
  for (let y = 1; y < H; y += 1) for (let x = 0; x < W; x += 1) rowStep[y * W + x] = Math.abs(grey[y * W + x]! - grey[(y - 1) * W + x]!) >= BORDER_STEP ? 1 : 0;
  for (let y = 0; y < H; y += 1) for (let x = 1; x < W; x += 1) colStep[y * W + x] = Math.abs(grey[y * W + x]! - grey[y * W + x - 1]!) >= BORDER_STEP ? 1 : 0;
  return REGIONS.map((r) => {
    const x0 = Math.max(0, Math.floor((r.x - BORDER_MARGIN) * W));
    const x1 = Math.min(W, Math.ceil((r.x + r.w + BORDER_MARGIN) * W));
    const y0 = Math.max(0, Math.floor((r.y - BORDER_MARGIN) * H));
    const y1 = Math.min(H, Math.ceil((r.y + r.h + BORDER_MARGIN) * H));
    const across = BORDER_RUN * r.w * W;
    const down = BORDER_RUN * r.h * H;
    for (let y = Math.max(BORDER_EDGE, y0); y < Math.min(H - BORDER_EDGE, y1); y += 1) {
      if (longestRun(x1 - x0, (i) => rowStep[y * W + x0 + i] === 1) >= across) return true;
    }
    for (let x = Math.max(BORDER_EDGE, x0); x < Math.min(W - BORDER_EDGE, x1); x += 1) {
      if (longestRun(y1 - y0, (i) => colStep[(y0 + i) * W + x] === 1) >= down) return true;
    }
    return false;
  });
};
