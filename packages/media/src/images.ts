// Still images of a (de-identified) video: the poster, candidate thumbnails the provider picks
// from, and the storyboard sprite with its WebVTT map for seek-bar previews.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { probe, scanPackets, type ProbeResult } from './probe.js';
import { percentReporter, runTool } from './run.js';

export interface ImageOptions {
  signal?: AbortSignal;
  info?: ProbeResult;
}

/** One JPEG frame at `time` seconds, `height` pixels high (aspect kept). */
export const poster = async (file: string, output: string, time: number, options: ImageOptions & { height?: number } = {}): Promise<string> => {
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  if (!(time >= 0) || time >= info.durationSeconds) {
    throw new MediaError('bad_argument', `The poster time ${time} s is outside the video (0 to ${info.durationSeconds.toFixed(1)} s)`);
  }
  const height = Math.min(options.height ?? 720, info.video.height);
  const { ffmpeg } = locateBinaries();
  const partial = `${output}.partial.jpg`;
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-ss',
      time.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-map_metadata',
      '-1',
      '-vf',
      `scale=-2:${height}`,
      '-q:v',
      '3',
      partial,
    ],
    { signal: options.signal, timeoutMs: 60_000 },
  );
  await rename(partial, output);
  return output;
};

/** `count` candidate thumbnails spread over the video (avoiding the very first and last moments). */
export const thumbnails = async (
  file: string,
  outDir: string,
  options: ImageOptions & { count?: number; height?: number } = {},
): Promise<{ time: number; file: string }[]> => {
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  const count = options.count ?? 5;
  await mkdir(outDir, { recursive: true });
  const results: { time: number; file: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const time = Math.round(((info.durationSeconds * (i + 1)) / (count + 1)) * 1000) / 1000;
    const output = join(outDir, `thumbnail-${i + 1}.jpg`);
    await poster(file, output, time, { ...options, info, height: options.height ?? 360 });
    results.push({ time, file: output });
  }
  return results;
};

export interface StoryboardOptions extends ImageOptions {
  tileWidth?: number;
  columns?: number;
  /** At most this many tiles (one sprite); the interval grows for long videos. */
  maxTiles?: number;
  /** Shortest interval between tiles, seconds. */
  minInterval?: number;
  /** Base name of the sprite and its map (`<name>.jpg`, `<name>.vtt`); the map names the sprite. */
  name?: string;
  /** Keyframe times, when the caller already has them (otherwise read from the file). */
  keyframeTimes?: number[];
  onProgress?: (percent: number) => void;
}

export interface Storyboard {
  sprite: string;
  vtt: string;
  tiles: number;
  interval: number;
  tileWidth: number;
  tileHeight: number;
}

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** The WebVTT map of a storyboard: cue i covers [i·interval, (i+1)·interval) and points at tile i. */
export const storyboardVtt = (
  spriteName: string,
  tiles: number,
  interval: number,
  duration: number,
  tileWidth: number,
  tileHeight: number,
  columns: number,
): string => {
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < tiles; i += 1) {
    const start = i * interval;
    const end = Math.min(duration, (i + 1) * interval);
    if (end <= start) break;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${spriteName}#xywh=${(i % columns) * tileWidth},${Math.floor(i / columns) * tileHeight},${tileWidth},${tileHeight}`,
      '',
    );
  }
  return cues.join('\n');
};

/** True when every stretch between keyframes (and after the last) is at most `interval` long. */
export const keyframesEvery = (keyframes: readonly number[], duration: number, interval: number): boolean => {
  if (keyframes.length === 0) return false;
  const times = [...keyframes, duration];
  return times.every((time, i) => i === 0 || time - times[i - 1]! <= interval + 1e-6);
};

/**
 * One sprite of small tiles and its WebVTT map. When the video has a keyframe at least every
 * interval (renditions: one every 2 s), only keyframes are decoded (fast); otherwise (a camera's
 * long GOP, a single keyframe) every frame is, so each tile shows its own moment. The last frame
 * is held to fill the grid, so the sprite always has every tile its map points at.
 */
export const storyboard = async (file: string, outDir: string, options: StoryboardOptions = {}): Promise<Storyboard> => {
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  const columns = options.columns ?? 10;
  const maxTiles = options.maxTiles ?? 100;
  const tileWidth = options.tileWidth ?? 160;
  const tileHeight = Math.max(2, Math.round((tileWidth * info.video.height) / info.video.width / 2) * 2);
  const interval = Math.max(options.minInterval ?? 2, info.durationSeconds / maxTiles);
  const tiles = Math.max(1, Math.min(maxTiles, Math.ceil(info.durationSeconds / interval)));
  const rows = Math.ceil(tiles / columns);
  const name = options.name ?? 'storyboard';
  await mkdir(outDir, { recursive: true });
  const sprite = join(outDir, `${name}.jpg`);
  const keyframes = options.keyframeTimes ?? (await scanPackets(file, { signal: options.signal })).keyframeTimes;
  const keyframesOnly = keyframesEvery(keyframes, info.durationSeconds, interval);
  const { ffmpeg } = locateBinaries();
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-progress',
      'pipe:2',
      '-nostats',
      ...(keyframesOnly ? ['-skip_frame', 'nokey'] : []),
      '-i',
      file,
      '-map',
      '0:v:0',
      '-map_metadata',
      '-1',
      '-vf',
      `tpad=stop_mode=clone:stop_duration=${(rows * columns * interval).toFixed(3)},fps=1/${interval.toFixed(6)}:round=down,scale=${tileWidth}:${tileHeight},tile=${columns}x${rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '4',
      `${sprite}.partial.jpg`,
    ],
    { signal: options.signal, timeoutMs: 30 * 60_000, onTime: percentReporter(info.durationSeconds, options.onProgress, 0, 99) },
  );
  await rename(`${sprite}.partial.jpg`, sprite);
  const vtt = join(outDir, `${name}.vtt`);
  await writeFile(vtt, storyboardVtt(`${name}.jpg`, tiles, interval, info.durationSeconds, tileWidth, tileHeight, columns));
  options.onProgress?.(100);
  return { sprite, vtt, tiles, interval, tileWidth, tileHeight };
};
