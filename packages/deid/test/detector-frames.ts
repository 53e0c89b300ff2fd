// Test and benchmark helpers: decode image files into the Frame type with the system ffmpeg, and
// read the labelled de-identification dev set shared beside the repository.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Frame } from '@ipsv/media/frame';

const run = promisify(execFile);

/** Decodes an image (or the first frame of a video) to RGB24, optionally scaled to `width`. */
export async function readFrame(file: string, options: { width?: number; filter?: string } = {}): Promise<Frame> {
  const filters = [options.filter, options.width ? `scale=${options.width}:-2` : undefined].filter(Boolean).join(',');
  // PPM carries its own size in a text header, so one ffmpeg call gives pixels and dimensions.
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, ...(filters ? ['-vf', filters] : []), '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'ppm', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return parsePpm(stdout);
}

/** One frame of an ffmpeg lavfi source (`testsrc2=size=640x360:rate=30`, …) at `seconds`, as RGB. */
export async function lavfiFrame(source: string, seconds = 0): Promise<Frame> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', source, '-ss', String(seconds), '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'ppm', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return parsePpm(stdout);
}

export function parsePpm(buf: Buffer): Frame {
  // Header: "P6\n<width> <height>\n<maxval>\n" then width × height × 3 bytes.
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]!))) i++;
    let token = '';
    while (!/\s/.test(String.fromCharCode(buf[i]!))) token += String.fromCharCode(buf[i++]!);
    fields.push(token);
  }
  const [magic, w, h] = fields;
  if (magic !== 'P6') throw new Error(`not a binary PPM: ${magic}`);
  const width = Number(w);
  const height = Number(h);
  const data = new Uint8Array(buf.subarray(i + 1, i + 1 + width * height * 3));
  return { time: 0, width, height, data, keyframe: true };
}

/** The labelled dev set in shared/ beside the repository (DEID_FRAMES overrides). */
export const DEV_SET = process.env.DEID_FRAMES ?? path.resolve(import.meta.dirname, '../../../../shared/data/deid-frames');

export interface LabelledImage {
  file: string;
  label: 'inside' | 'outside';
  sourceVideo: string;
  kind: string;
}

/** The dev set's labels, or an empty list when shared/ is not beside the repository. */
export function devSet(dir = DEV_SET): LabelledImage[] {
  const csv = path.join(dir, 'labels.csv');
  if (!existsSync(csv)) return [];
  return readFileSync(csv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file, label, sourceVideo, kind] = line.split(',');
      return { file: path.join(dir, 'images', file!), label: label as 'inside' | 'outside', sourceVideo: sourceVideo!, kind: kind! };
    });
}

/** Every `step`-th item, so a sample spreads over all source videos of the dev set. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, k) => items[Math.floor(k * step)]!);
}
