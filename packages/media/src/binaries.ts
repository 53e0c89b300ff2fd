// Finds the ffmpeg and ffprobe binaries: FFMPEG_PATH / FFPROBE_PATH, else the system ones on PATH,
// else those shipped by @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (optional
// dependencies, so a machine with a system ffmpeg installs nothing extra).
import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { MediaError } from './errors.js';

export type BinarySource = 'env' | 'path' | 'npm';

export interface Binaries {
  ffmpeg: string;
  ffprobe: string;
  source: BinarySource;
  /** e.g. "5.1.9-0+deb12u1" */
  version: string;
  /** ffmpeg 5.1 renamed -vsync to -fps_mode; the static npm build (2018) knows only -vsync. */
  passthroughFrames: string[];
  /** 5.1 or newer: the GOP-copy cut is verified frame-exact only there (older builds lose frames at joins). */
  modern: boolean;
}

const isExecutable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const onPath = (name: string, pathVariable: string | undefined): string | null => {
  for (const dir of (pathVariable ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
};

/** npm tarballs do not always keep the executable bit; restore it rather than fail. */
const ensureExecutable = (file: string): string => {
  if (!isExecutable(file)) chmodSync(file, 0o755);
  return file;
};

const fromNpm = (pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | null => {
  try {
    const require = createRequire(import.meta.url);
    const { path } = require(pkg) as { path: string };
    return existsSync(path) ? ensureExecutable(path) : null;
  } catch {
    return null;
  }
};

export const readVersion = (ffmpeg: string): string => {
  const out = execFileSync(ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  return /version (\S+)/.exec(out)?.[1] ?? 'unknown';
};

/** Resolves the binaries once per distinct environment; throws `binary_missing` with what was tried. */
export const locateBinaries = (env: NodeJS.ProcessEnv = process.env): Binaries => {
  const key = `${env.FFMPEG_PATH ?? ''}|${env.FFPROBE_PATH ?? ''}|${env.PATH ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;

  let found: Pick<Binaries, 'ffmpeg' | 'ffprobe' | 'source'> | null = null;
  if (env.FFMPEG_PATH || env.FFPROBE_PATH) {
    const ffmpeg = env.FFMPEG_PATH ?? onPath('ffmpeg', env.PATH);
    const ffprobe = env.FFPROBE_PATH ?? onPath('ffprobe', env.PATH);
    for (const [name, file] of [
      ['FFMPEG_PATH', ffmpeg],
      ['FFPROBE_PATH', ffprobe],
    ] as const) {
      if (!file || !isExecutable(file)) {
        throw new MediaError('binary_missing', `${name} does not point at an executable file: ${file ?? '(unset)'}`);
      }
    }
    found = { ffmpeg: ffmpeg!, ffprobe: ffprobe!, source: 'env' };
  } else {
    const ffmpeg = onPath('ffmpeg', env.PATH);
    const ffprobe = onPath('ffprobe', env.PATH);
    if (ffmpeg && ffprobe) found = { ffmpeg, ffprobe, source: 'path' };
    else {
      const npmFfmpeg = fromNpm('@ffmpeg-installer/ffmpeg');
      const npmFfprobe = fromNpm('@ffprobe-installer/ffprobe');
      if (npmFfmpeg && npmFfprobe) found = { ffmpeg: npmFfmpeg, ffprobe: npmFfprobe, source: 'npm' };
    }
  }
  if (!found) {
    throw new MediaError(
      'binary_missing',
      'ffmpeg and ffprobe were not found: set FFMPEG_PATH and FFPROBE_PATH, install ffmpeg on the PATH, or install the optional packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe',
    );
  }
  const options = execFileSync(found.ffmpeg, ['-hide_banner', '-h', 'long'], { encoding: 'utf8', timeout: 10_000, maxBuffer: 8 * 1024 * 1024 });
  const modern = options.includes('-fps_mode');
  const passthroughFrames = modern ? ['-fps_mode', 'passthrough'] : ['-vsync', 'passthrough'];
  const binaries = { ...found, version: readVersion(found.ffmpeg), passthroughFrames, modern };
  cache.set(key, binaries);
  return binaries;
};

const cache = new Map<string, Binaries>();
