// Scene changes of a video and the segments they suggest: the segment editor's 'AI Analysis'
// proposes these boundaries for the provider to accept or adjust.
import { locateBinaries } from './binaries.js';
import { MediaError } from './errors.js';
import { probe, type ProbeResult } from './probe.js';
import { percentReporter, runTool } from './run.js';
import { type TimeRange } from './ranges.js';

export interface SceneChange {
  /** Seconds from the start of the video. */
  time: number;
  /** ffmpeg's scene score, 0 (same picture) to 1 (nothing in common). */
  score: number;
}

export interface SegmentOptions {
  /** No suggested segment is shorter than this (default 20 s). */
  minSegmentSeconds?: number;
  /** At most this many segments (default 30). */
  maxSegments?: number;
}

export interface SceneChangeOptions extends SegmentOptions {
  /** Scene score above which a frame starts a new scene (default 0.3). */
  threshold?: number;
  signal?: AbortSignal;
  /** 0-100, monotonic. */
  onProgress?: (percent: number) => void;
  /** Kill ffmpeg after this many ms (default 30 minutes). */
  timeoutMs?: number;
  /** The file's probe, when the caller has it already. */
  info?: ProbeResult;
}

export interface SceneAnalysis {
  changes: SceneChange[];
  segments: TimeRange[];
}

// Small, slow frames are plenty to tell scenes apart and keep the pass far faster than real time;
// boundaries land on a 0.2 s grid, finer than anyone places a segment by hand.
const ANALYSIS_WIDTH = 160;
const ANALYSIS_FPS = 5;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Segments covering [0, duration] split at the strongest changes first, skipping any change that
 * would leave a segment shorter than `minSegmentSeconds`, until there are `maxSegments`.
 */
export const segmentsFromChanges = (changes: readonly SceneChange[], duration: number, options: SegmentOptions = {}): TimeRange[] => {
  const { minSegmentSeconds = 20, maxSegments = 30 } = options;
  if (!Number.isFinite(duration) || duration < 0) throw new MediaError('bad_argument', `The duration must be a positive number of seconds, got ${duration}`);
  if (!(minSegmentSeconds >= 0)) throw new MediaError('bad_argument', `The shortest segment must be 0 s or more, got ${minSegmentSeconds}`);
  if (!Number.isInteger(maxSegments) || maxSegments < 1)
    throw new MediaError('bad_argument', `The number of segments must be a whole number of at least 1, got ${maxSegments}`);
  if (duration === 0) return [];

  // Times that are equal to within floating-point noise count as equal: a change exactly
  // minSegmentSeconds after another is allowed.
  const slack = 1e-6;
  const boundaries: number[] = [];
  const strongestFirst = [...changes].sort((a, b) => b.score - a.score || a.time - b.time);
  for (const { time } of strongestFirst) {
    if (boundaries.length + 1 >= maxSegments) break;
    if (!(time > 0 && time < duration)) continue;
    if (time < minSegmentSeconds - slack || duration - time < minSegmentSeconds - slack) continue;
    if (boundaries.some((b) => Math.abs(b - time) < minSegmentSeconds - slack)) continue;
    boundaries.push(time);
  }
  const edges = [0, ...boundaries.sort((a, b) => a - b), duration];
  return edges.slice(1).map((end, i) => ({ start: edges[i]!, end }));
};

/** Parses `metadata=print` output: a "pts_time:" line per printed frame, then its scene score. */
export const parseSceneScores = (text: string, startTime = 0): SceneChange[] => {
  const changes: SceneChange[] = [];
  let time = Number.NaN;
  for (const line of text.split('\n')) {
    const frame = /pts_time:(-?[\d.]+)/.exec(line);
    if (frame) {
      time = Number(frame[1]);
      continue;
    }
    const score = /lavfi\.scene_score=([\d.]+)/.exec(line);
    if (score && Number.isFinite(time)) changes.push({ time: round(Math.max(0, time - startTime)), score: Number(score[1]) });
  }
  return changes;
};

/** One ffmpeg pass over the video: where the picture changes, and the segments that suggests. */
export const sceneChanges = async (file: string, options: SceneChangeOptions = {}): Promise<SceneAnalysis> => {
  const { threshold = 0.3, signal, onProgress, timeoutMs = 30 * 60_000 } = options;
  if (!(threshold > 0 && threshold < 1)) throw new MediaError('bad_argument', `The scene threshold must be between 0 and 1, got ${threshold}`);
  const info = options.info ?? (await probe(file, { signal }));
  const { ffmpeg } = locateBinaries();
  // Frames are thinned before they are shrunk (scaling 5 frames a second, not 25 or 60). select
  // passes every frame on, so ffmpeg's progress keeps moving, and only stores its scene score;
  // metadata=print writes the time and score of those above the threshold to stdout (the filter's
  // file option, escaped for the filter graph), where no long output is cut short.
  const filters = [
    `fps=${ANALYSIS_FPS}`,
    `scale=${ANALYSIS_WIDTH}:-2`,
    "select='gte(scene,0)'",
    `metadata=print:key=lavfi.scene_score:value=${threshold.toFixed(4)}:function=greater:file=pipe\\\\:1`,
  ];
  const report = percentReporter(info.durationSeconds, onProgress);
  const { stdout } = await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-progress',
      'pipe:2',
      '-nostats',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      filters.join(','),
      '-f',
      'null',
      '-',
    ],
    { signal, timeoutMs, onTime: (seconds) => report(seconds) },
  );
  report(info.durationSeconds);
  const changes = parseSceneScores(stdout.toString('utf8'), info.startTime).filter((change) => change.time <= info.durationSeconds);
  return { changes, segments: segmentsFromChanges(changes, info.durationSeconds, options) };
};
