// Labelled frame folders laid out like shared/data/deid-frames: a labels.csv with at least
// `file,label` (label `inside` or `outside`, optional `source_video`) and the images beside it.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { MediaError } from '@ipsv/media/errors';
import sharp, { type Sharp } from 'sharp';

export interface LabelledFrame {
  file: string;
  /** true when the frame reveals the patient (label `outside`). */
  revealing: boolean;
  /** The video it came from, when the labels say (grouped cross-validation). */
  group: string;
}

export const readLabels = async (labelsFile: string, imagesDir: string): Promise<LabelledFrame[]> => {
  let text: string;
  try {
    text = await readFile(labelsFile, 'utf8');
  } catch {
    throw new MediaError('bad_argument', `Cannot read the labels file ${labelsFile}`);
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  const header = (lines.shift() ?? '').split(',').map((h) => h.trim().toLowerCase());
  const fileColumn = header.indexOf('file');
  const labelColumn = header.indexOf('label');
  const groupColumn = header.indexOf('source_video');
  if (fileColumn < 0 || labelColumn < 0) throw new MediaError('bad_argument', `${labelsFile}: the first line must name the columns file and label`);
  const frames = lines.map((line, index) => {
    const cells = line.split(',').map((c) => c.trim());
    const label = cells[labelColumn];
    const file = cells[fileColumn];
    if (!file || (label !== 'inside' && label !== 'outside')) {
      throw new MediaError('bad_argument', `${labelsFile} line ${index + 2}: expected a file name and the label inside or outside, got "${line}"`);
    }
    return { file: isAbsolute(file) ? file : join(imagesDir, file), revealing: label === 'outside', group: (groupColumn >= 0 && cells[groupColumn]) || 'all' };
  });
  if (frames.length === 0) throw new MediaError('bad_argument', `${labelsFile} lists no frames`);
  return frames;
};

export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Decodes an image to packed RGB, optionally transformed first (augmentation). */
export const loadPixels = async (file: string, transform?: (image: Sharp) => Sharp): Promise<Pixels> => {
  try {
    let image = sharp(file).removeAlpha().toColourspace('srgb');
    if (transform) image = sharp(await transform(image).png().toBuffer()).removeAlpha();
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  } catch (error) {
    throw new MediaError('bad_argument', `Cannot read the image ${file}: ${(error as Error).message}`);
  }
};
