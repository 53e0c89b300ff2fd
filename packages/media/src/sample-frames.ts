// Streams small decoded RGB frames with their timestamps straight from ffmpeg into the caller,
// never to disk: a fast keyframe-only pass for the whole file, or a dense pass over a time range.
import { execFileSync, spawn } from 'node:child_process';
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { type Frame } from './frame.js';
import { lastErrorLine } from './run.js';

export interface SampleOptions {
  width: number;
  height: number;
  /**
   * 'keyframes': decode only keyframes (whole file). 'dense': every frame in [start, end), or with
   * `fps`, the first frame decoded in each 1/fps s interval (non-reference frames are skipped), at
   * its own time.
   */
  mode: 'keyframes' | 'dense';
  fps?: number;
  /**
   * With `fps`: skip decoding frames no other frame is predicted from (default true). A pass that
   * must find a picture in every interval, whatever the codec's frame types, sets it false.
   */
  skipNonReference?: boolean;
  /** Seconds from the start of the file (dense mode). */
  start?: number;
  end?: number;
  /**
   * Where to seek the input to, at or before `start` (default: `start`); the frames before
   * `start` are decoded and dropped. A file without an index (an MPEG program or transport
   * stream) is sought by timestamp, and the seek often lands past the keyframe the first pictures
   * need, so decoding resumes only at the next one: seeking a GOP earlier loses nothing.
   */
  seekFrom?: number;
  /** Decoder threads (0 = ffmpeg decides). Parallel samplers run best single-threaded. */
  threads?: number;
  signal?: AbortSignal;
  /** 0-100, monotonic, from frame times over the sampled span. */
  onProgress?: (percent: number) => void;
  /** Needed for progress in keyframe mode: the file duration in seconds. */
  durationSeconds?: number;
  /** Kill ffmpeg when it produces nothing for this long (default 60 s). */
  stallTimeoutMs?: number;
}

/** How the sampler scales every frame to the analysis size (area averaging). */
const scaleFilter = (width: number, height: number) => `scale=${width}:${height}:flags=area,format=rgb24`;

/**
 * A still RGB picture scaled exactly as sampleFrames scales a video's frames, for benches and tests
 * that score image sets as the analysis would see them (a detector's scores move with the scaler).
 */
export function scaleLikeSampler(picture: Pick<Frame, 'data' | 'width' | 'height'>, width: number, height: number): Frame {
  const { ffmpeg } = locateBinaries();
  const input = ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${picture.width}x${picture.height}`, '-i', '-'];
  const out = execFileSync(ffmpeg, [...input, '-vf', scaleFilter(width, height), '-f', 'rawvideo', '-'], {
    input: picture.data,
    maxBuffer: width * height * 3 + 1024,
  });
  return { data: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), width, height, time: 0, keyframe: true };
}

const SHOWINFO = /n:\s*\d+\s+pts:\s*-?\d+\s+pts_time:(-?[\d.]+)/;

/**
 * Decoded frames read ahead of the caller, at most this many bytes (and between 2 and 32 frames):
 * ffmpeg keeps decoding while the caller scores a frame or a batch, instead of waiting on a full
 * pipe (a 640 × 360 frame is ten times the pipe's 64 KiB).
 */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;

export async function* sampleFrames(file: string, options: SampleOptions): AsyncGenerator<Frame> {
  const { width, height, mode, fps, start = 0, end, threads = 0, signal, onProgress, stallTimeoutMs = 60_000, skipNonReference = true } = options;
  if (!(width > 0 && height > 0 && Number.isInteger(width) && Number.isInteger(height))) {
    throw new MediaError('bad_argument', `Frame size must be positive integers, got ${width}x${height}`);
  }
  if (end !== undefined && !(end > start)) throw new MediaError('bad_argument', `The range end (${end}) must be after its start (${start})`);
  const seek = Math.max(0, Math.min(start, options.seekFrom ?? start));
  if (signal?.aborted) throw new MediaError('cancelled', 'The operation was cancelled');

  const { ffmpeg, passthroughFrames } = locateBinaries();
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'info', '-threads', String(threads)];
  if (mode === 'keyframes') args.push('-skip_frame', 'nokey');
  // At a chosen rate, frames no other frame is predicted from are not decoded at all (skipping one
  // never changes another picture): about a third of an x264 GOP's decoding at 1080p.
  else if (fps && skipNonReference) args.push('-skip_frame', 'noref');
  // Input seeking decodes from the keyframe before `seek` and drops frames until `seek`;
  // output times then count from `seek`, which is added back below. Without seeking, ffmpeg
  // counts from the file's first frame, as cut and render do, so times agree across passes.
  if (seek > 0) args.push('-ss', String(seek));
  if (end !== undefined) args.push('-t', String(end - seek));
  args.push('-i', file, '-map', '0:v:0', '-an', '-sn', '-dn');
  const filters = [];
  // One frame per 1/fps interval, the first decoded one in it, at its own time: not the fps
  // filter, which fills an interval whose frames were skipped with a copy of an earlier picture
  // under the interval's time, so a sample could show a picture from before the time it is given.
  // The intervals count from the start of the file, not of the pass (filter times count from
  // `start`), so passes over neighbouring or overlapping ranges pick the same frames.
  // Frames decoded from an earlier seek point are not selected outside [start, end), give or take
  // a timestamp's rounding (-t counted from further back would let a frame at `end` through).
  const from = seek < start ? `gte(t,${start - seek - 1e-4})${end !== undefined ? `*lt(t,${end - seek - 1e-4})` : ''}` : '';
  if (mode === 'dense' && fps) {
    const at = (t: string) => `floor((${t}+${seek})*${fps}+1e-3)`;
    const first = `isnan(prev_selected_t)+gt(${at('t')},${at('prev_selected_t')})`;
    filters.push(`select='${from ? `${from}*(${first})` : first}'`);
  } else if (mode === 'dense' && from) filters.push(`select='${from}'`);
  filters.push(scaleFilter(width, height), 'showinfo');
  args.push('-vf', filters.join(','), ...passthroughFrames, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');

  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const frameBytes = width * height * 3;
  const times: number[] = [];
  let stderr = '';
  let pending = '';
  let failure: MediaError | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const kill = (error: MediaError) => {
    failure ??= error;
    child.kill('SIGKILL');
    notify();
  };

  let stallTimer = setTimeout(() => kill(new MediaError('timeout', `ffmpeg produced no frame for ${stallTimeoutMs / 1000} s`)), stallTimeoutMs);
  const alive = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => kill(new MediaError('timeout', `ffmpeg produced no frame for ${stallTimeoutMs / 1000} s`)), stallTimeoutMs);
  };
  const onAbort = () => kill(new MediaError('cancelled', 'The operation was cancelled'));
  signal?.addEventListener('abort', onAbort, { once: true });

  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = SHOWINFO.exec(line);
      if (match) {
        times.push(Number(match[1]) + seek);
        notify();
      } else if (line.trim()) stderr = (stderr + line + '\n').slice(-16_384);
    }
  });
  let closed = false;
  let exitCode: number | null = null;
  const closedPromise = new Promise<void>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      exitCode = code;
      notify();
      resolve();
    }),
  );
  child.on('error', (error) => kill(new MediaError('binary_missing', `Could not run ffmpeg: ${error.message}`)));

  const span = mode === 'keyframes' ? (options.durationSeconds ?? 0) : (end ?? options.durationSeconds ?? 0) - start;
  let lastPercent = -1;
  const timeOf = async (index: number): Promise<number> => {
    // showinfo's line for a frame can arrive after the frame's bytes: wait for it.
    while (times.length <= index && !closed && !failure) await new Promise<void>((resolve) => (wake = resolve));
    return times[index] ?? Number.NaN;
  };

  // Frames are cut from the pipe as it delivers them, whatever the caller is doing, up to the
  // read-ahead; the pipe is paused only when that many wait.
  const ahead = Math.min(32, Math.max(2, Math.floor(READ_AHEAD_BYTES / frameBytes)));
  const ready: Uint8Array[] = [];
  let current = new Uint8Array(frameBytes);
  let filled = 0;
  let ended = false;
  child.stdout.on('data', (chunk: Buffer) => {
    alive();
    for (let offset = 0; offset < chunk.length;) {
      const n = Math.min(frameBytes - filled, chunk.length - offset);
      current.set(chunk.subarray(offset, offset + n), filled);
      filled += n;
      offset += n;
      if (filled === frameBytes) {
        ready.push(current);
        current = new Uint8Array(frameBytes);
        filled = 0;
      }
    }
    if (ready.length >= ahead) {
      // Waiting on the caller, not on ffmpeg: no stall while paused.
      child.stdout.pause();
      clearTimeout(stallTimer);
    }
    notify();
  });
  child.stdout.on('end', () => {
    // ffmpeg has written everything: whatever the caller still takes, nothing can stall now.
    ended = true;
    clearTimeout(stallTimer);
    notify();
  });

  let index = 0;
  try {
    for (;;) {
      if (failure) throw failure;
      const data = ready.shift();
      if (!data) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (child.stdout.isPaused() && ready.length < ahead) {
        alive();
        child.stdout.resume();
      }
      const time = await timeOf(index);
      if (failure) throw failure;
      index += 1;
      if (onProgress && span > 0) {
        const percent = Math.min(100, Math.max(0, Math.floor(((time - start) / span) * 100)));
        if (percent > lastPercent) onProgress((lastPercent = percent));
      }
      yield { time, width, height, data, keyframe: mode === 'keyframes' };
    }
    await closedPromise;
    if (failure) throw failure;
    if (exitCode !== 0) {
      throw new MediaError('ffmpeg_failed', `Decoding failed: ${lastErrorLine(stderr) || `exit code ${exitCode}`}`, stderr);
    }
    if (onProgress && lastPercent < 100) onProgress(100);
  } finally {
    clearTimeout(stallTimer);
    signal?.removeEventListener('abort', onAbort);
    if (!closed) child.kill('SIGKILL');
  }
}
