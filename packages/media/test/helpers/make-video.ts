// Generates small test videos with ffmpeg (textured, moving picture; optional tone), so tests
// never depend on committed media.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateBinaries } from '../../src/binaries.js';

export interface VideoSpec {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  audio?: boolean;
  /** Extra output options (container metadata, codec, rotation...). */
  extra?: string[];
  /** Keyframe interval in frames. */
  gop?: number;
  /** A lavfi video source instead of testsrc2 (its size/rate/duration are set here). */
  source?: string;
  codec?: string[];
}

export const tempDir = (prefix = 'ipsv-media-'): { dir: string; cleanup: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

export const ffmpegSync = (args: string[]) => execFileSync(locateBinaries().ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);
export const ffprobeJson = <T = Record<string, unknown>>(args: string[]): T =>
  JSON.parse(execFileSync(locateBinaries().ffprobe, ['-v', 'error', '-print_format', 'json', ...args], { encoding: 'utf8' })) as T;

export const makeVideo = (output: string, spec: VideoSpec = {}): string => {
  const { width = 1280, height = 720, seconds = 6, fps = 25, audio = true, extra = [], gop = 50 } = spec;
  const source = spec.source ?? `testsrc2=size=${width}x${height}:rate=${fps}`;
  const args = ['-f', 'lavfi', '-i', `${source}`];
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds), '-map', '0:v');
  if (audio) args.push('-map', '1:a', '-c:a', 'aac', '-b:a', '96k');
  args.push(...(spec.codec ?? ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(gop), '-pix_fmt', 'yuv420p']), ...extra, output);
  ffmpegSync(args);
  return output;
};

/**
 * A clip of coloured blocks, `seconds` each, in the given order: frame colours tell which part of
 * the source a frame came from, so tests can check exactly which frames a cut kept.
 */
export const COLOURS = { red: [255, 0, 0], green: [0, 255, 0], blue: [0, 0, 255], white: [255, 255, 255], yellow: [255, 255, 0] } as const;
export type ColourName = keyof typeof COLOURS;

export const makeColourClip = (output: string, colours: ColourName[], secondsEach: number, fps = 25, size = '1280x720', audio = true): string => {
  const inputs: string[] = [];
  colours.forEach((c) => inputs.push('-f', 'lavfi', '-i', `color=c=${c}:size=${size}:rate=${fps}:duration=${secondsEach}`));
  const concat = `${colours.map((_, i) => `[${i}:v]`).join('')}concat=n=${colours.length}:v=1:a=0,noise=alls=8:allf=t[v]`;
  const args = [...inputs];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${secondsEach * colours.length}`);
  args.push('-filter_complex', concat, '-map', '[v]');
  if (audio) args.push('-map', `${colours.length}:a`, '-c:a', 'aac');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(fps * 2), '-pix_fmt', 'yuv420p', output);
  ffmpegSync(args);
  return output;
};

/** Nearest named colour of a frame's mean RGB. */
export const colourOf = (data: Uint8Array): ColourName => {
  let r = 0,
    g = 0,
    b = 0;
  for (let i = 0; i < data.length; i += 3) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = data.length / 3;
  const mean = [r / n, g / n, b / n];
  let best: ColourName = 'red';
  let bestDistance = Infinity;
  for (const [name, rgb] of Object.entries(COLOURS) as [ColourName, readonly number[]][]) {
    const distance = rgb.reduce((sum, v, i) => sum + (v - mean[i]!) ** 2, 0);
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
};
