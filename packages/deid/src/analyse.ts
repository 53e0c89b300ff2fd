// Whole-video privacy analysis. Every second of the timeline is examined: an even pass at
// `sampleFps` (at least 1, default 2 frames a second, wherever the keyframes fall), a fill pass
// wherever a codec's frame types left an interval without a picture, dense passes where neighbours
// disagree or are uncertain, secondary detectors (faces, people, burned-in text) where they are
// needed, then the temporal decision. A long video is analysed in chunks (planChunks) that any
// number of workers can take; merging them gives the same result as one process taking them in
// turn, which is what analyseVideo does.
import { MediaError } from '@ipsv/media/errors';
import { type Frame } from '@ipsv/media/frame';
import { keyframeTimes, probe } from '@ipsv/media/probe';
import { sampleFrames } from '@ipsv/media/sample-frames';
import { type Detector, type Reason } from './detector.js';
import { SceneDetector } from './scene-detector.js';
import { SCENE_UNCERTAIN_FROM } from './scene-model.js';
import { decideRanges, type RemovedRange, type Sample } from './temporal.js';
import { trackBoxes, type Box, type BoxObservation, type MaskRect, type TrackKind } from './detectors/text-track.js';

/** A detector that can also say where in the frame it found something (text lines, faces). */
interface LocatingDetector extends Detector {
  detect(frames: readonly Frame[]): Promise<Box[][]>;
}
const locates = (detector: Detector): detector is LocatingDetector => typeof (detector as Partial<LocatingDetector>).detect === 'function';

export interface SecondaryDetector {
  detector: Detector;
  /** Its own operating threshold (mapped onto the scene threshold for the decision). */
  threshold: number;
  /**
   * 'uncertain': frames whose scene score is in the uncertain band (faces, people: a confident
   * endoscopic view has none). 'periodic': also one coarse frame every `everySeconds` whatever the
   * scene score (burned-in text sits on endoscopic frames too).
   */
  run: 'uncertain' | 'periodic';
  everySeconds?: number;
}

export interface AnalyseOptions {
  detectors?: SecondaryDetector[];
  scene?: SceneDetector;
  /** Scene scores from this up to the threshold count as uncertain (default SCENE_UNCERTAIN_FROM). */
  uncertainFrom?: number;
  marginSeconds?: number;
  mergeGapSeconds?: number;
  /** Hysteresis of the decision (see decideRanges; default half the scene threshold). */
  releaseThreshold?: number;
  /**
   * Frames per second of the even pass over the whole timeline (default DEFAULT_SAMPLE_FPS, at least
   * MIN_SAMPLE_FPS): every 1/sampleFps interval of the video has a frame examined.
   */
  sampleFps?: number;
  /** Frames per second of the dense passes that locate boundaries (default 5). */
  refineFps?: number;
  /** Parallel ffmpeg samplers inside a chunk (default 2: one per core, each single-threaded). */
  workers?: number;
  frameWidth?: number;
  frameHeight?: number;
  /**
   * Frames per second of the text-tracking passes: where the text found in one periodic frame is not
   * found at the same place in its neighbours, the detector looks again this densely in between to
   * tell an overlay from a moving instrument's print (default 2).
   */
  textTrackFps?: number;
  /** Length of a chunk (default DEFAULT_CHUNK_SECONDS; see planChunks). */
  chunkSeconds?: number;
  /**
   * Keyframe times on the analysis's timeline (planFile's), to spare a file without an index a
   * packet scan per chunk (see seekPoints).
   */
  keyframes?: readonly number[];
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The even pass's rate unless told otherwise, and the lowest rate accepted. */
export const DEFAULT_SAMPLE_FPS = 2;
export const MIN_SAMPLE_FPS = 1;
/** Chunks of about three minutes: a 60-minute case is 20 jobs for as many workers. */
export const DEFAULT_CHUNK_SECONDS = 180;
/**
 * Each chunk decodes this far into its neighbours, so that the pair of examined frames that
 * straddles a border is seen whole by the chunk before it (which refines it); nothing it sees
 * there is kept, so a border can neither open nor close a range.
 */
export const CHUNK_OVERLAP_SECONDS = 3;

/** Refuses a sampling rate under MIN_SAMPLE_FPS (coverage is not traded for speed). */
export const checkSampleFps = (fps: number): number => {
  if (!(Number.isFinite(fps) && fps >= MIN_SAMPLE_FPS)) {
    throw new MediaError('bad_argument', `The privacy sampling rate must be at least ${MIN_SAMPLE_FPS} frame per second (got ${fps})`);
  }
  return fps;
};

export interface TrackPoint {
  time: number;
  /** Highest calibrated score of this frame. */
  score: number;
  /** Name of the detector that gave it. */
  detector: string;
  scores: Partial<Record<Reason, number>>;
}

export interface AnalysisMask extends MaskRect {
  reason: 'text' | 'face';
}

export interface AnalysisResult {
  durationSeconds: number;
  threshold: number;
  ranges: RemovedRange[];
  /** Burned-in text that stays in place (a tower overlay): covered in the render instead of cut. */
  masks: AnalysisMask[];
  /**
   * Faces inside a picture the scene classifier calls endoscopic (an inset), as masks: their frames
   * are still in `ranges`; the provider may choose to cover them instead.
   */
  faceMasks: AnalysisMask[];
  /** What the text tracking made of the text it saw (for the review's record and for checking). */
  textTracks: { kind: TrackKind; first: number; last: number; sightings: number; instrumentPrint: number }[];
  /** Every looked-at frame with its calibrated scores, for the review timeline. */
  track: TrackPoint[];
  /** Frames that reached the detectors (a frame decoded by two overlapping chunks counts twice). */
  framesDecoded: number;
  /** Distinct frames the scene model scored: at least sampleFps × duration. */
  framesExamined: number;
  /** The even pass's rate. */
  sampleFps: number;
  /** How the timeline was split (one chunk for a short video). */
  chunks: number;
  /** Frames each detector looked at, by reason (the scene model: framesExamined). */
  framesPerDetector: Partial<Record<Reason, number>>;
  detectors: { name: string; version: string; reason: Reason }[];
}

export const DEFAULT_UNCERTAIN_FROM = SCENE_UNCERTAIN_FROM;

export interface Span {
  start: number;
  end: number;
  fps: number;
  /** Decode every frame, not only those others are predicted from (the fill pass). */
  everyFrame?: boolean;
}

/** Runs `tasks` with at most `limit` at once. */
const pool = async <T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> => {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
};

/**
 * Joins touching spans of the same rate (an uncertain frame asks for the intervals on both of
 * its sides): every ffmpeg start costs a process, a probe and a seek, about as much as decoding a
 * second of 1080p. Joined spans stay short enough to share out between the workers.
 */
export const joinSpans = (spans: readonly Span[], longest = 20): Span[] => {
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && last.fps === span.fps && !last.everyFrame === !span.everyFrame && Math.abs(last.end - span.start) < 1e-6 && span.end - last.start <= longest)
      last.end = span.end;
    else joined.push({ ...span });
  }
  return joined;
};

/** Maps a detector score so that its own threshold lands on the shared threshold, keeping order. */
export const calibrate = (score: number, own: number, shared: number): number =>
  score >= own ? shared + ((1 - shared) * (score - own)) / Math.max(1e-9, 1 - own) : (shared * score) / Math.max(1e-9, own);

/** A part of the timeline; the frames it examines in [start, end) are its own. */
export interface AnalysisChunk {
  index: number;
  start: number;
  end: number;
}

/**
 * Splits the timeline into chunks of about `chunkSeconds`, each border at the keyframe nearest an
 * even split (within a third of a chunk; else at the even split, which decoding reaches from the
 * keyframe before it). A video shorter than one and a half chunks is one chunk.
 */
export const planChunks = (durationSeconds: number, keyframes: readonly number[], chunkSeconds = DEFAULT_CHUNK_SECONDS): AnalysisChunk[] => {
  if (!(chunkSeconds > 0)) throw new MediaError('bad_argument', `A chunk must be longer than 0 s (got ${chunkSeconds})`);
  const count = Math.max(1, Math.round(durationSeconds / chunkSeconds));
  const step = durationSeconds / count;
  const edges = [0];
  for (let k = 1; k < count; k += 1) {
    const target = k * step;
    let best = target;
    let distance = step / 3;
    for (const time of keyframes) {
      if (Math.abs(time - target) < distance) {
        best = time;
        distance = Math.abs(time - target);
      }
    }
    if (best > edges.at(-1)! + 1) edges.push(best);
  }
  edges.push(durationSeconds);
  return edges.slice(0, -1).map((start, index) => ({ index, start, end: edges[index + 1]! }));
};

/** What the merge needs to know of a detector that took part (results carry it across processes). */
export interface DetectorInfo {
  name: string;
  version: string;
  reason: Reason;
  /** Its own operating threshold (the scene detector's is the shared one). */
  threshold: number;
  locates: boolean;
}

export interface ExaminedFrame {
  time: number;
  /** The scene model's score. */
  scene: number;
  /** The secondary detectors' scores, calibrated onto the scene threshold. */
  scores: Partial<Record<Reason, number>>;
}

/** One chunk's findings: plain data, so that a worker anywhere can hand them on (JSON). */
export interface ChunkAnalysis {
  chunk: AnalysisChunk;
  durationSeconds: number;
  sampleFps: number;
  scene: DetectorInfo;
  detectors: DetectorInfo[];
  /** The frames this chunk owns, in time order. */
  frames: ExaminedFrame[];
  /** What each locating detector (by index in `detectors`) found in the frames it looked at. */
  boxes: { detector: number; time: number; boxes: Box[] }[];
  framesDecoded: number;
  /** Frames each secondary detector (by index) looked at. */
  framesLooked: number[];
}

const key = (time: number) => Math.round(time * 1000);

/** Containers with an index, where ffmpeg seeks to the keyframe before the time asked for. */
const INDEXED_FORMATS = new Set(['mov', 'mp4', 'matroska', 'webm', 'avi']);

/**
 * Where a pass starting at a given time seeks to. A file with an index: that time. A file without
 * one (an MPEG program stream from a recorder, a transport stream) is sought by timestamp and the
 * seek lands past the keyframe the first pictures need: decoding resumes at the next keyframe, so
 * up to a GOP after the start went unexamined (the second half of the even pass, a chunk, a fill
 * pass), 4.5 s of a 10 s GOP. There a pass seeks to the keyframe before the one at or before its
 * start (a landing just past it still decodes from the right one), at the cost of decoding up to
 * two GOPs more.
 */
export const seekPoints = async (file: string, options: { keyframes?: readonly number[]; signal?: AbortSignal } = {}): Promise<(start: number) => number> => {
  const info = await probe(file, { signal: options.signal });
  if (info.formatName.split(',').some((name) => INDEXED_FORMATS.has(name))) return (start) => start;
  const keyframes = [...(options.keyframes ?? (await keyframeTimes(file, { signal: options.signal })).map((time) => time - info.startTime))].sort(
    (a, b) => a - b,
  );
  return (start) => {
    let at = -1;
    while (at + 1 < keyframes.length && keyframes[at + 1]! <= start + 1e-6) at += 1;
    return at >= 1 ? keyframes[at - 1]! : 0;
  };
};

/**
 * Examines one chunk. Its decoding reaches CHUNK_OVERLAP_SECONDS into each neighbour; frames seen
 * there are scored by the scene model only, to decide where to look densely, and are not kept: the
 * neighbour owns them. The pair of examined frames that straddles the end border is the chunk's
 * to refine (its first frame is its own), so no boundary is located by two chunks or by none.
 */
export const analyseChunk = async (
  file: string,
  chunk: AnalysisChunk,
  durationSeconds: number,
  scene: SceneDetector,
  options: AnalyseOptions = {},
): Promise<ChunkAnalysis> => {
  const threshold = scene.threshold;
  const uncertainFrom = options.uncertainFrom ?? DEFAULT_UNCERTAIN_FROM;
  const sampleFps = checkSampleFps(options.sampleFps ?? DEFAULT_SAMPLE_FPS);
  const refineFps = options.refineFps ?? 5;
  const workers = Math.max(1, options.workers ?? 2);
  const secondary = options.detectors ?? [];
  // Faces in a room shot and overlay text need more pixels than the scene statistics.
  const width = options.frameWidth ?? (secondary.length ? 640 : 256);
  const height = options.frameHeight ?? (secondary.length ? 360 : 144);
  const { signal } = options;
  const last = chunk.end >= durationSeconds - 1e-6;
  const from = Math.max(0, chunk.start - CHUNK_OVERLAP_SECONDS);
  // The last chunk decodes to the end of the file, whatever the container says its duration is.
  const to = last ? durationSeconds + 1 : Math.min(durationSeconds, chunk.end + CHUNK_OVERLAP_SECONDS);
  const ownTime = (time: number) => (chunk.index === 0 || time >= chunk.start) && (last || time < chunk.end);
  const seekFor = await seekPoints(file, { keyframes: options.keyframes, signal });

  let lastPercent = -1;
  const progress = (percent: number) => {
    const value = Math.min(100, Math.floor(percent));
    if (value > lastPercent) options.onProgress?.((lastPercent = value));
  };
  progress(0);

  const samples = new Map<number, { time: number; scene: number; own: boolean }>();
  const extra = new Map<number, Partial<Record<Reason, number>>>();
  let framesDecoded = 0;
  // Secondary detectors see frames as they stream by, in small batches, so no frame is held in
  // memory longer than one batch whatever the length of the video.
  const pending = secondary.map(() => [] as Frame[]);
  const looked = secondary.map(() => new Set<number>());
  const periodicBuckets = secondary.map(() => new Set<number>());
  /** Per locating detector (by index): every frame it looked at, with its boxes. */
  const boxes = new Map<number, Map<number, { time: number; boxes: Box[] }>>();
  /** Detectors that see every frame of the current pass whatever its scene score (text tracking). */
  let forced = new Set<number>();
  const flush = async (index: number, force = false) => {
    const queue = pending[index]!;
    if (queue.length === 0 || (!force && queue.length < 8)) return;
    const { detector, threshold: own } = secondary[index]!;
    const batch = queue.splice(0, queue.length);
    let scores: number[];
    if (locates(detector)) {
      const found = await detector.detect(batch);
      scores = found.map((list) => list.reduce((m, b) => Math.max(m, b.score), 0));
      const byTime = boxes.get(index) ?? new Map<number, { time: number; boxes: Box[] }>();
      boxes.set(index, byTime);
      batch.forEach((frame, k) => byTime.set(key(frame.time), { time: frame.time, boxes: found[k] ?? [] }));
    } else scores = await detector.score(batch);
    batch.forEach((frame, k) => {
      const entry = extra.get(key(frame.time)) ?? {};
      entry[detector.reason] = Math.max(entry[detector.reason] ?? 0, calibrate(scores[k] ?? 0, own, threshold));
      extra.set(key(frame.time), entry);
    });
  };
  /** `pass`: 'even' and 'fill' frames are this chunk's by their time; the others by their pass. */
  const keep = async (frame: Frame, pass: 'even' | 'fill' | 'refine' | 'text') => {
    framesDecoded += 1;
    let sample = samples.get(key(frame.time));
    if (!sample) {
      const own = pass === 'even' || pass === 'fill' ? ownTime(frame.time) : true;
      sample = { time: frame.time, scene: await scene.scoreOne(frame), own };
      samples.set(key(frame.time), sample);
    }
    if (!sample.own) return;
    const uncertain = sample.scene >= uncertainFrom && sample.scene < threshold;
    // The periodic frame of every `everySeconds` is the even pass's first, chosen by its time, not
    // by which sampler delivered first: the same frames in one pass or in chunks.
    const slot = Math.floor(frame.time * sampleFps + 1e-3);
    for (const [index, { run, everySeconds = 10 }] of secondary.entries()) {
      if (looked[index]!.has(key(frame.time))) continue;
      const periodic =
        run === 'periodic' &&
        (pass === 'even' || pass === 'fill') &&
        sample.scene < threshold &&
        slot % Math.max(1, Math.round(everySeconds * sampleFps)) === 0 &&
        !periodicBuckets[index]!.has(slot);
      if (!uncertain && !periodic && !forced.has(index)) continue;
      if (periodic) periodicBuckets[index]!.add(slot);
      looked[index]!.add(key(frame.time));
      pending[index]!.push(frame);
      await flush(index);
    }
  };

  const runSpans = async (spans: Span[], pass: 'even' | 'fill' | 'refine' | 'text', fromPercent: number, toPercent: number) => {
    const total = spans.reduce((sum, s) => sum + (s.end - s.start), 0) || 1;
    let done = 0;
    await pool(
      spans.map((span) => async () => {
        let reached = 0;
        const sampler = sampleFrames(file, {
          width,
          height,
          mode: 'dense',
          fps: span.fps,
          skipNonReference: !span.everyFrame,
          start: span.start,
          seekFrom: seekFor(span.start),
          end: span.end,
          threads: 1,
          signal,
        });
        for await (const frame of sampler) {
          await keep(frame, pass);
          const advanced = Math.max(0, Math.min(frame.time, span.end) - span.start) - reached;
          if (advanced > 0) {
            reached += advanced;
            done += advanced;
            progress(fromPercent + ((toPercent - fromPercent) * done) / total);
          }
        }
        done += span.end - span.start - reached;
        progress(fromPercent + ((toPercent - fromPercent) * done) / total);
      }),
      workers,
    );
  };

  // 1. Even: sampleFps frames a second over the whole chunk, split among the workers at interval
  //    borders of the sampling grid (so the split changes no sample).
  const parts = to - from > 20 ? workers : 1;
  const cuts = Array.from({ length: parts + 1 }, (_, i) =>
    i === 0 ? from : i === parts ? to : Math.floor((from + ((to - from) * i) / parts) * sampleFps) / sampleFps,
  );
  await runSpans(
    cuts.slice(0, -1).map((start, i) => ({ start, end: cuts[i + 1]!, fps: sampleFps })),
    'even',
    0,
    60,
  );

  // 1b. Fill: an interval left without a frame (a codec whose frames between keyframes are mostly
  //     non-reference, a stretch that did not decode) is decoded again frame by frame.
  const even = [...samples.values()].sort((a, b) => a.time - b.time);
  const limit = Math.min(to, durationSeconds);
  const marks = [from, ...even.map((s) => s.time), limit];
  const holes: Span[] = [];
  for (let i = 0; i + 1 < marks.length; i += 1) {
    if (marks[i + 1]! - marks[i]! > 1.5 / sampleFps) holes.push({ start: marks[i]!, end: marks[i + 1]!, fps: sampleFps, everyFrame: true });
  }
  if (holes.length) await runSpans(joinSpans(holes), 'fill', 60, 65);

  // 2. Dense where it matters: between neighbours whose answers differ or are uncertain (to find
  //    the boundary to a fifth of a second). The pair is this chunk's when its first frame is.
  const examined = [...samples.values()].sort((a, b) => a.time - b.time);
  const spans: Span[] = [];
  for (let i = 0; i + 1 < examined.length; i += 1) {
    const a = examined[i]!;
    const b = examined[i + 1]!;
    if (!a.own || b.time - a.time <= 1 / refineFps) continue;
    const flaggedA = a.scene >= threshold;
    const flaggedB = b.scene >= threshold;
    const uncertain = [a, b].some((s) => s.scene >= uncertainFrom && s.scene < threshold);
    if (flaggedA !== flaggedB || uncertain) spans.push({ start: a.time, end: b.time, fps: refineFps });
  }
  await runSpans(joinSpans(spans), 'refine', 65, 99);

  // 3. What is left in the secondary detectors' queues.
  for (const index of secondary.keys()) await flush(index, true);

  // 3b. Text over time: between two looked-at frames whose text differs (found in one, not at the
  //     same place in the other), the text detector looks densely, so that an overlay (stays), a
  //     moving instrument's print (moves) and short-lived text (vanishes) can be told apart.
  const textIndex = secondary.findIndex(({ detector }) => detector.reason === 'text' && locates(detector));
  if (textIndex >= 0) {
    const trackFps = options.textTrackFps ?? 2;
    const ownThreshold = secondary[textIndex]!.threshold;
    const seen = [...(boxes.get(textIndex)?.values() ?? [])].sort((a, b) => a.time - b.time);
    const strong = (o: { boxes: Box[] }) => o.boxes.filter((b) => b.score >= ownThreshold);
    const same = (a: Box[], b: Box[]) => {
      if (a.length === 0 || a.length !== b.length) return a.length === b.length;
      const result = trackBoxes(
        [
          { time: 0, boxes: a },
          { time: 1, boxes: b },
        ],
        { durationSeconds: 1, minPersistSeconds: 1, minSightings: 2 },
      );
      return result.tracks.every((t) => t.kind === 'persistent');
    };
    const textSpans: Span[] = [];
    for (let i = 0; i + 1 < seen.length; i += 1) {
      const a = seen[i]!;
      const b = seen[i + 1]!;
      if (b.time - a.time <= 1.5 / trackFps) continue;
      if (!same(strong(a), strong(b))) textSpans.push({ start: a.time, end: b.time, fps: trackFps });
    }
    // Text in the chunk's first or last looked-at frame: look towards its borders too (the
    // neighbour looks from its side).
    const first = seen[0];
    const lastSeen = seen.at(-1);
    const end = Math.min(chunk.end, durationSeconds);
    if (first && strong(first).length && first.time - chunk.start > 1 / trackFps) textSpans.unshift({ start: chunk.start, end: first.time, fps: trackFps });
    if (lastSeen && strong(lastSeen).length && end - lastSeen.time > 1 / trackFps) textSpans.push({ start: lastSeen.time, end, fps: trackFps });
    if (textSpans.length) {
      forced = new Set([textIndex]);
      await runSpans(joinSpans(textSpans), 'text', 99, 99);
      await flush(textIndex, true);
      forced = new Set();
    }
  }
  if (signal?.aborted) throw new MediaError('cancelled', 'The operation was cancelled');
  progress(100);

  const info = (detector: Detector, own: number): DetectorInfo => ({
    name: detector.name,
    version: detector.version,
    reason: detector.reason,
    threshold: own,
    locates: locates(detector),
  });
  return {
    chunk,
    durationSeconds,
    sampleFps,
    scene: info(scene, threshold),
    detectors: secondary.map(({ detector, threshold: own }) => info(detector, own)),
    frames: [...samples.values()]
      .filter((s) => s.own)
      .sort((a, b) => a.time - b.time)
      .map((s) => ({ time: s.time, scene: s.scene, scores: extra.get(key(s.time)) ?? {} })),
    boxes: [...boxes.entries()].flatMap(([detector, byTime]) =>
      [...byTime.values()].filter((o) => samples.get(key(o.time))?.own).map((o) => ({ detector, time: o.time, boxes: o.boxes })),
    ),
    framesDecoded,
    framesLooked: looked.map((set) => set.size),
  };
};

export interface MergeOptions {
  marginSeconds?: number;
  mergeGapSeconds?: number;
  releaseThreshold?: number;
}

/**
 * One result from every chunk's findings, in whatever order they arrive: overlays tracked over the
 * whole timeline, faces in insets, then the decision over every examined frame, exactly as if one
 * process had examined them all.
 */
export const mergeChunks = (parts: readonly ChunkAnalysis[], options: MergeOptions = {}): AnalysisResult => {
  if (parts.length === 0) throw new MediaError('bad_argument', 'Nothing to merge: no chunk was analysed');
  const chunks = [...parts].sort((a, b) => a.chunk.index - b.chunk.index);
  const [head] = chunks;
  const { durationSeconds: duration, sampleFps, scene } = head!;
  const signature = (c: ChunkAnalysis) => JSON.stringify([c.durationSeconds, c.sampleFps, c.scene, c.detectors]);
  const whole = chunks.every((c, i) => c.chunk.index === i && (i === 0 ? c.chunk.start === 0 : c.chunk.start === chunks[i - 1]!.chunk.end));
  if (!whole || chunks.at(-1)!.chunk.end < duration - 1e-6 || chunks.some((c) => signature(c) !== signature(head!)))
    throw new MediaError('bad_argument', 'The chunks do not belong to one analysis (missing, repeated, or made with other detectors)');
  const threshold = scene.threshold;
  const secondary = head!.detectors;

  // A frame two chunks both kept (refinement frames of a straddling pair) counts once.
  const frames = new Map<number, ExaminedFrame>();
  for (const c of chunks) for (const f of c.frames) if (!frames.has(key(f.time))) frames.set(key(f.time), { ...f, scores: { ...f.scores } });
  const all = [...frames.values()].sort((a, b) => a.time - b.time);
  const observationsOf = (index: number) => {
    const byTime = new Map<number, { time: number; boxes: Box[] }>();
    for (const c of chunks) for (const o of c.boxes) if (o.detector === index && !byTime.has(key(o.time))) byTime.set(key(o.time), o);
    return [...byTime.values()].sort((a, b) => a.time - b.time);
  };

  // Overlays become masks; only short-lived text is left to cut (print that moved, or that read as a
  // maker's print on an instrument, counts for nothing).
  const masks: AnalysisMask[] = [];
  const textTracks: AnalysisResult['textTracks'] = [];
  const textIndex = secondary.findIndex((d) => d.reason === 'text' && d.locates);
  if (textIndex >= 0) {
    const ownThreshold = secondary[textIndex]!.threshold;
    const observations: BoxObservation[] = observationsOf(textIndex).map((o) => ({ time: o.time, boxes: o.boxes.filter((b) => b.score >= ownThreshold) }));
    const tracked = trackBoxes(observations, { durationSeconds: duration });
    masks.push(...tracked.masks.map((m) => ({ ...m, reason: 'text' as const })));
    textTracks.push(
      ...tracked.tracks.map((t) => ({
        kind: t.kind,
        first: t.first,
        last: t.last,
        sightings: t.sightings.length,
        instrumentPrint: t.sightings.filter((s) => s.box.instrumentPrint).length,
      })),
    );
    for (const [time, score] of tracked.transientScores) {
      const entry = frames.get(time)?.scores;
      if (entry && entry.text !== undefined) entry.text = calibrate(score, ownThreshold, threshold);
    }
  }
  // Faces in frames the scene classifier calls endoscopic: an inset, which can be covered instead.
  const faceMasks: AnalysisMask[] = [];
  const faceIndex = secondary.findIndex((d) => d.reason === 'face' && d.locates);
  if (faceIndex >= 0) {
    const ownThreshold = secondary[faceIndex]!.threshold;
    const observations: BoxObservation[] = observationsOf(faceIndex).map((o) => {
      const sceneScore = frames.get(key(o.time))?.scene ?? 1;
      return { time: o.time, boxes: sceneScore < threshold ? o.boxes.filter((b) => b.score >= ownThreshold) : [] };
    });
    const tracked = trackBoxes(observations, { durationSeconds: duration, minPersistSeconds: 0, minSightings: 1, padding: 0.02 });
    faceMasks.push(...tracked.masks.map((m) => ({ ...m, reason: 'face' as const })));
  }

  // 4. Decision.
  const decisionSamples: Sample[] = all.map((f) => {
    const scores: Partial<Record<Reason, number>> = { out_of_body: f.scene, ...f.scores };
    const [reason, score] = (Object.entries(scores) as [Reason, number][]).reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    return { time: f.time, score, reason, scores };
  });
  const ranges = decideRanges(decisionSamples, {
    threshold,
    durationSeconds: duration,
    marginSeconds: options.marginSeconds,
    mergeGapSeconds: options.mergeGapSeconds,
    releaseThreshold: options.releaseThreshold,
  });
  const detectorNames = new Map<Reason, string>([[scene.reason, scene.name], ...secondary.map((d) => [d.reason, d.name] as const)]);
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    durationSeconds: duration,
    threshold,
    ranges,
    masks,
    faceMasks,
    textTracks,
    track: decisionSamples.map((s) => ({
      time: round(s.time),
      score: round(s.score),
      detector: detectorNames.get(s.reason) ?? s.reason,
      scores: Object.fromEntries(Object.entries(s.scores).map(([k, v]) => [k, round(v)])),
    })),
    framesDecoded: chunks.reduce((sum, c) => sum + c.framesDecoded, 0),
    framesExamined: all.length,
    framesPerDetector: Object.fromEntries([
      [scene.reason, all.length],
      ...secondary.map((d, i) => [d.reason, chunks.reduce((sum, c) => sum + (c.framesLooked?.[i] ?? 0), 0)] as const),
    ]),
    sampleFps,
    chunks: chunks.length,
    detectors: [scene, ...secondary].map(({ name, version, reason }) => ({ name, version, reason })),
  };
};

/** The chunks of a file (probe and packet scan: nothing is decoded). */
export const planFile = async (file: string, options: { chunkSeconds?: number; signal?: AbortSignal } = {}) => {
  const info = await probe(file, { signal: options.signal });
  // Packet times are as stored; the analysis (and the cut) count from the file's first timestamp,
  // as ffmpeg does: an MPEG-TS starts at 1.4 s or more, so unshifted borders would miss keyframes.
  const keyframes = (await keyframeTimes(file, { signal: options.signal })).map((time) => time - info.startTime);
  return { durationSeconds: info.durationSeconds, keyframes, chunks: planChunks(info.durationSeconds, keyframes, options.chunkSeconds) };
};

export const analyseVideo = async (file: string, options: AnalyseOptions = {}): Promise<AnalysisResult> => {
  if (options.scene) return analyseWith(file, options.scene, options);
  // A detector made here is closed here (its backbone holds an onnxruntime session).
  const scene = new SceneDetector();
  try {
    return await analyseWith(file, scene, options);
  } finally {
    await scene.close();
  }
};

/** The chunks in turn, in this process: what several workers do together, done by one. */
const analyseWith = async (file: string, scene: SceneDetector, options: AnalyseOptions): Promise<AnalysisResult> => {
  checkSampleFps(options.sampleFps ?? DEFAULT_SAMPLE_FPS);
  const { durationSeconds, keyframes, chunks } = await planFile(file, { chunkSeconds: options.chunkSeconds, signal: options.signal });
  let lastPercent = -1;
  const progress = (percent: number) => {
    const value = Math.min(100, Math.floor(percent));
    if (value > lastPercent) options.onProgress?.((lastPercent = value));
  };
  progress(0);
  const results: ChunkAnalysis[] = [];
  let before = 0;
  const total = Math.max(1e-9, durationSeconds);
  for (const chunk of chunks) {
    const share = (chunk.end - chunk.start) / total;
    const done = before;
    results.push(
      await analyseChunk(file, chunk, durationSeconds, scene, {
        ...options,
        keyframes,
        onProgress: (p) => progress(Math.min(99, 100 * (done + (share * p) / 100))),
      }),
    );
    before += share;
  }
  const result = mergeChunks(results, options);
  progress(100);
  return result;
};
