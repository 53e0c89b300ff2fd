// Small synthetic surgery clips with burned-in text, built from real endoscopic dev frames: a tower
// overlay in a corner for the whole video, or printing on an instrument shaft that moves.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { locateBinaries } from '@ipsv/media/binaries';
import { DEV_DATA } from './withdrawal-clip.js';

const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");

/** drawtext of `text` with the given position expressions (they may use t) and font size in pixels. */
export const drawText = (font: string, text: string, x: string, y: string, size: number, extra = '') =>
  `drawtext=fontfile='${font}':text='${escape(text)}':fontcolor=white:fontsize=${size}:x='${x}':y='${y}'${extra ? `:${extra}` : ''}`;

/**
 * `seconds` of endoscopic dev frames (2 s each, those `keepInside` accepts) at 320x180, 25 fps,
 * keyframe every 2 s, with `filters` drawn over them.
 */
export const makeTextClip = async (output: string, seconds: number, filters: string[], keepInside: (file: string) => Promise<boolean>): Promise<string> => {
  const rows = readFileSync(join(DEV_DATA, 'labels.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  const inside: string[] = [];
  for (const [file, label] of rows) {
    if (inside.length >= Math.ceil(seconds / 2)) break;
    if (label === 'inside' && (await keepInside(join(DEV_DATA, 'images', file!)))) inside.push(file!);
  }
  const { ffmpeg } = locateBinaries();
  const stills = inside.map((file, i) => {
    const still = output.replace(/\.mp4$/, `-${i}.png`);
    execFileSync(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-i',
      join(DEV_DATA, 'images', file),
      '-vf',
      'scale=320:180',
      '-pix_fmt',
      'rgb24',
      still,
    ]);
    return still;
  });
  const list = output.replace(/\.mp4$/, '.txt');
  writeFileSync(list, stills.map((still) => `file '${still}'\nduration 2`).join('\n') + `\nfile '${stills.at(-1)!}'\n`);
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-vf',
    ['fps=25', 'noise=alls=4:allf=t', ...filters, 'format=yuv420p'].join(','),
    '-t',
    String(seconds),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '50',
    output,
  ]);
  return output;
};
