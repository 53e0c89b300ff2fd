// Burned-in text taken out of a frame before the scene model judges it: a tower's name-and-date
// overlay is white or yellow lettering, often on a dark band, which the scene model (trained on
// pictures without overlays) reads as "not an endoscopic view" (issue 47: an overlay alone proposed
// cutting 0:00-0:21 of an all-endoscopic clip). Each text line is filled with the picture beside
// it, mirrored, so the scene model sees the picture the text sits on (a flat patch of the
// surrounding median colour was tried first: it reads as an object of its own, and the overlay
// frames scored no lower). Pure: pixels in, pixels out.
import { type Box } from './detectors/text-track.js';

/** The frame shape both the sampler's frames and the dataset's pixels share. */
export interface RgbPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * At most this share of the frame is ever blanked: a tower's overlay lines take a few per cent of the
 * picture, and a frame with more "text" than this (a slide, a whiteboard, a room with signs, or the
 * detector boxing most of a frame) is not an endoscopic view with an overlay, so it is judged whole.
 */
export const MAX_BLANKED_SHARE = 0.2;

export interface BlankOptions {
  maxShare?: number;
  /** Added around each line, as a fraction of the frame (default 0.01), plus half the line's height. */
  padding?: number;
}

/**
 * The frame with `boxes` filled in, or undefined when there is nothing to blank or the padded boxes
 * together would cover more than `maxShare` of it (then nothing is blanked at all). Only boxes the
 * recogniser read as characters should be passed: a box alone may be glare or texture.
 */
export const blankText = <T extends RgbPixels>(frame: T, boxes: readonly Box[], options: BlankOptions = {}): T | undefined => {
  const { width, height } = frame;
  const maxShare = options.maxShare ?? MAX_BLANKED_SHARE;
  const padding = options.padding ?? 0.005;
  // Half the line height on every side: a tower's band and the glyphs' antialiasing reach past the
  // detector's box, and what is left of a dark band still looks like the edge of a picture.
  const rects = boxes
    .map((b) => {
      const pad = padding + b.height / 3;
      const x0 = Math.max(0, Math.floor((b.x - pad * (height / width)) * width));
      const y0 = Math.max(0, Math.floor((b.y - pad) * height));
      const x1 = Math.min(width, Math.ceil((b.x + b.width + pad * (height / width)) * width));
      const y1 = Math.min(height, Math.ceil((b.y + b.height + pad) * height));
      return { x0, y0, x1, y1 };
    })
    .filter((r) => r.x1 > r.x0 && r.y1 > r.y0);
  if (rects.length === 0) return undefined;
  const covered = new Uint8Array(width * height);
  let count = 0;
  for (const r of rects)
    for (let y = r.y0; y < r.y1; y++)
      for (let x = r.x0; x < r.x1; x++)
        if (!covered[y * width + x]) {
          covered[y * width + x] = 1;
          count += 1;
        }
  if (count > maxShare * width * height) return undefined;

  const data = new Uint8Array(frame.data);
  const median = (values: number[]) => {
    values.sort((a, b) => a - b);
    return values[values.length >> 1] ?? 0;
  };
  // The rest of the frame's colour, for a rectangle whose whole surroundings are other rectangles.
  let whole: number[] | undefined;
  const frameMedian = () => {
    if (whole) return whole;
    const channels: number[][] = [[], [], []];
    for (let i = 0; i < width * height; i += 7) if (!covered[i]) for (let c = 0; c < 3; c++) channels[c]!.push(frame.data[i * 3 + c]!);
    return (whole = channels.map(median));
  };
  // Each column's covered run is mirrored from the picture just below it (above it for a run that
  // reaches the bottom): the picture's own texture and colours, where a flat patch would be a new,
  // sharp-edged object to the scene model. Lines stacked in a corner make one run.
  const left = Math.min(...rects.map((r) => r.x0));
  const right = Math.max(...rects.map((r) => r.x1));
  for (let x = left; x < right; x++) {
    for (let y = 0; y < height;) {
      if (!covered[y * width + x]) {
        y += 1;
        continue;
      }
      const top = y;
      while (y < height && covered[y * width + x]) y += 1;
      const bottom = y;
      const below = bottom + (bottom - top) <= height || top - (bottom - top) < 0;
      for (let yy = top; yy < bottom; yy++) {
        const mirrored = below ? bottom + (bottom - 1 - yy) : top - 1 - (yy - top);
        const from = mirrored >= 0 && mirrored < height && !covered[mirrored * width + x] ? mirrored * width + x : -1;
        const fill = from >= 0 ? [frame.data[from * 3]!, frame.data[from * 3 + 1]!, frame.data[from * 3 + 2]!] : frameMedian();
        for (let c = 0; c < 3; c++) data[(yy * width + x) * 3 + c] = fill[c]!;
      }
    }
  }
  return { ...frame, data };
};
