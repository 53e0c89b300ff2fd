// Removes time ranges from a video, frame-exactly from the picture and sample-exactly from the
// sound, and writes a file with no container metadata: the de-identified master.
import { rename, rm } from 'node:fs/promises';
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { probe, type ProbeResult } from './probe.js';
import { keepFilterGraph, keptRanges, normaliseRanges, STRIP_METADATA, type TimeRange } from './ranges.js';
import { percentReporter, runTool } from './run.js';

export interface CutOptions {
  /** Drop the sound entirely (voices in the room can identify people). */
  removeAudio?: boolean;
  /** x264 constant rate factor of the re-encoded picture (default 18: visually lossless for a master). */
  crf?: number;
  preset?: string;
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  timeoutMs?: number;
  /** Reuse a probe the caller already has. */
  info?: ProbeResult;
}

export interface CutResult {
  output: string;
  removed: TimeRange[];
  kept: TimeRange[];
  durationSeconds: number;
}

export const cut = async (file: string, ranges: readonly TimeRange[], output: string, options: CutOptions = {}): Promise<CutResult> => {
  const info = options.info ?? (await probe(file, { signal: options.signal }));
  const removed = normaliseRanges(ranges, info.durationSeconds);
  const kept = keptRanges(removed, info.durationSeconds);
  if (kept.length === 0) throw new MediaError('bad_argument', 'Nothing would be left of the video after removing these ranges');
  const withAudio = !options.removeAudio && info.audio.length > 0;
  const keptSeconds = kept.reduce((sum, r) => sum + (r.end - r.start), 0);

  const { ffmpeg } = locateBinaries();
  // Write beside the target and rename at the end: a crash never leaves a half file under the real name.
  const partial = `${output}.partial.mp4`;
  const args = [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:2', '-nostats',
    '-threads', String(options.threads ?? 0),
    '-i', file,
    '-filter_complex', keepFilterGraph(kept, withAudio, 'format=yuv420p'),
    '-map', '[vout]',
    ...(withAudio ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '160k'] : ['-an']),
    '-sn', '-dn',
    '-c:v', 'libx264', '-preset', options.preset ?? 'veryfast', '-crf', String(options.crf ?? 18),
    ...STRIP_METADATA,
    '-movflags', '+faststart',
    partial,
  ];
  try {
    await runTool(ffmpeg, args, {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 6 * 60 * 60_000,
      onTime: percentReporter(keptSeconds, options.onProgress, 0, 99),
    });
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  options.onProgress?.(100);
  return { output, removed, kept, durationSeconds: keptSeconds };
};
