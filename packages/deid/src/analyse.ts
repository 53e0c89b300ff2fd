// Whole-video privacy analysis: a coarse pass over keyframes (cheap: nothing else is decoded),
// dense passes only where the answer changes or is uncertain, secondary detectors (faces, people,
// burned-in text) where they are needed, then the temporal decision.
import { MediaError } from '@ipsv/media/errors';
import { type Frame } from '@ipsv/media/frame';
import { probe } from '@ipsv/media/probe';
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
  /** Frames per second of the dense passes that locate boundaries (default 5). */
  refineFps?: number;
  /** Keyframes further apart than this get a sparse dense pass in between (default 10 s). */
  maxGapSeconds?: number;
  gapFps?: number;
  /** Parallel ffmpeg samplers (default 2: one per core, each single-threaded). */
  workers?: number;
  frameWidth?: number;
  frameHeight?: number;
  /**
   * Frames per second of the text-tracking passes: where the text found in one periodic frame is not
   * found at the same place in its neighbours, the detector looks again this densely in between to
   * tell an overlay from a moving instrument's print (default 2).
   */
  textTrackFps?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

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
  framesDecoded: number;
  detectors: { name: string; version: string; reason: Reason }[];
}

export const DEFAULT_UNCERTAIN_FROM = SCENE_UNCERTAIN_FROM;

export interface Span {
  start: number;
  end: number;
  fps: number | null;
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
 * Joins touching spans of the same rate (an uncertain keyframe asks for the intervals on both of
 * its sides): every ffmpeg start costs a process, a probe and a seek, about as much as decoding a
 * second of 1080p. Joined spans stay short enough to share out between the workers.
 */
export const joinSpans = (spans: readonly Span[], longest = 20): Span[] => {
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && last.fps === span.fps && Math.abs(last.end - span.start) < 1e-6 && span.end - last.start <= longest) last.end = span.end;
    else joined.push({ ...span });
  }
  return joined;
};

/** Maps a detector score so that its own threshold lands on the shared threshold, keeping order. */
export const calibrate = (score: number, own: number, shared: number): number =>
  score >= own ? shared + ((1 - shared) * (score - own)) / Math.max(1e-9, 1 - own) : (shared * score) / Math.max(1e-9, own);

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

const analyseWith = async (file: string, scene: SceneDetector, options: AnalyseOptions): Promise<AnalysisResult> => {
  const threshold = scene.threshold;
  const uncertainFrom = options.uncertainFrom ?? DEFAULT_UNCERTAIN_FROM;
  const workers = Math.max(1, options.workers ?? 2);
  const secondary = options.detectors ?? [];
  // Faces in a room shot and overlay text need more pixels than the scene statistics.
  const width = options.frameWidth ?? (secondary.length ? 640 : 256);
  const height = options.frameHeight ?? (secondary.length ? 360 : 144);
  const { signal } = options;
  const info = await probe(file, { signal });
  const duration = info.durationSeconds;

  let lastPercent = -1;
  const progress = (percent: number) => {
    const value = Math.min(100, Math.floor(percent));
    if (value > lastPercent) options.onProgress?.((lastPercent = value));
  };
  progress(0);

  const samples = new Map<number, { time: number; sceneScore: number; keyframe: boolean }>();
  const extra = new Map<number, Partial<Record<Reason, number>>>();
  let framesDecoded = 0;
  // Secondary detectors see frames as they stream by, in small batches, so no frame is held in
  // memory longer than one batch whatever the length of the video.
  const pending = secondary.map(() => [] as Frame[]);
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
      batch.forEach((frame, k) => byTime.set(Math.round(frame.time * 1000), { time: frame.time, boxes: found[k] ?? [] }));
    } else scores = await detector.score(batch);
    batch.forEach((frame, k) => {
      const key = Math.round(frame.time * 1000);
      const entry = extra.get(key) ?? {};
      entry[detector.reason] = Math.max(entry[detector.reason] ?? 0, calibrate(scores[k] ?? 0, own, threshold));
      extra.set(key, entry);
    });
  };
  const keep = async (frame: Frame) => {
    framesDecoded += 1;
    const key = Math.round(frame.time * 1000);
    if (samples.has(key)) return;
    const sceneScore = await scene.scoreOne(frame);
    samples.set(key, { time: frame.time, sceneScore, keyframe: frame.keyframe });
    const uncertain = sceneScore >= uncertainFrom && sceneScore < threshold;
    for (const [index, { run, everySeconds = 10 }] of secondary.entries()) {
      const bucket = Math.floor(frame.time / everySeconds);
      const periodic = run === 'periodic' && frame.keyframe && sceneScore < threshold && !periodicBuckets[index]!.has(bucket);
      if (!uncertain && !periodic && !forced.has(index)) continue;
      if (periodic) periodicBuckets[index]!.add(bucket);
      pending[index]!.push(frame);
      await flush(index);
    }
  };

  const runSpans = async (spans: Span[], from: number, to: number) => {
    const total = spans.reduce((sum, s) => sum + (s.end - s.start), 0) || 1;
    let done = 0;
    await pool(
      spans.map((span) => async () => {
        let reached = 0;
        const sampler = sampleFrames(file, {
          width,
          height,
          mode: span.fps === null ? 'keyframes' : 'dense',
          fps: span.fps ?? undefined,
          start: span.start,
          end: span.end,
          threads: 1,
          signal,
        });
        for await (const frame of sampler) {
          await keep(frame);
          const advanced = Math.max(0, frame.time - span.start) - reached;
          if (advanced > 0) {
            reached += advanced;
            done += advanced;
            progress(from + ((to - from) * done) / total);
          }
        }
        done += span.end - span.start - reached;
        progress(from + ((to - from) * done) / total);
      }),
      workers,
    );
  };

  // 1. Coarse: keyframes, the file split among the workers.
  const parts = duration > 20 ? workers : 1;
  await runSpans(
    Array.from({ length: parts }, (_, i) => ({ start: (duration * i) / parts, end: i === parts - 1 ? duration + 1 : (duration * (i + 1)) / parts, fps: null })),
    0,
    60,
  );

  // 2. Dense where it matters: long gaps between keyframes, and between neighbours whose answers
  //    differ or are uncertain (to find the boundary to a fifth of a second).
  const refineFps = options.refineFps ?? 5;
  const maxGap = options.maxGapSeconds ?? 10;
  const gapFps = options.gapFps ?? 1;
  const coarse = [...samples.values()].sort((a, b) => a.time - b.time);
  const edges = [{ time: 0, sceneScore: 0 }, ...coarse, { time: duration, sceneScore: 0 }];
  const spans: Span[] = [];
  for (let i = 0; i + 1 < edges.length; i += 1) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    if (b.time - a.time <= 1 / refineFps) continue;
    const flaggedA = a.sceneScore >= threshold;
    const flaggedB = b.sceneScore >= threshold;
    const uncertain = [a, b].some((s) => s.sceneScore >= uncertainFrom && s.sceneScore < threshold);
    if (flaggedA !== flaggedB || uncertain) spans.push({ start: a.time, end: b.time, fps: refineFps });
    else if (!flaggedA && b.time - a.time > maxGap) spans.push({ start: a.time, end: b.time, fps: gapFps });
  }
  await runSpans(joinSpans(spans), 60, 99);

  // 3. What is left in the secondary detectors' queues.
  for (const index of secondary.keys()) await flush(index, true);

  // 3b. Text over time: between two looked-at frames whose text differs (found in one, not at the
  //     same place in the other), the text detector looks densely, so that an overlay (stays), a
  //     moving instrument's print (moves) and short-lived text (vanishes) can be told apart.
  const textIndex = secondary.findIndex(({ detector }) => detector.reason === 'text' && locates(detector));
  if (textIndex >= 0) {
    const trackFps = options.textTrackFps ?? 2;
    const ownThreshold = secondary[textIndex]!.threshold;
    const looked = [...(boxes.get(textIndex)?.values() ?? [])].sort((a, b) => a.time - b.time);
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
    for (let i = 0; i + 1 < looked.length; i += 1) {
      const a = looked[i]!;
      const b = looked[i + 1]!;
      if (b.time - a.time <= 1.5 / trackFps) continue;
      if (!same(strong(a), strong(b))) textSpans.push({ start: a.time, end: b.time, fps: trackFps });
    }
    // Text in the first or last looked-at frame: look towards the ends of the video too.
    const first = looked[0];
    const last = looked.at(-1);
    if (first && strong(first).length && first.time > 1 / trackFps) textSpans.unshift({ start: 0, end: first.time, fps: trackFps });
    if (last && strong(last).length && duration - last.time > 1 / trackFps) textSpans.push({ start: last.time, end: duration, fps: trackFps });
    if (textSpans.length) {
      forced = new Set([textIndex]);
      await runSpans(joinSpans(textSpans), 99, 99);
      await flush(textIndex, true);
      forced = new Set();
    }
  }
  if (signal?.aborted) throw new MediaError('cancelled', 'The operation was cancelled');
  const all = [...samples.values()].sort((a, b) => a.time - b.time);

  // Overlays become masks; only short-lived text is left to cut (print that moved, or that read as a
  // maker's print on an instrument, counts for nothing).
  const masks: AnalysisMask[] = [];
  const textTracks: AnalysisResult['textTracks'] = [];
  if (textIndex >= 0) {
    const ownThreshold = secondary[textIndex]!.threshold;
    const observations: BoxObservation[] = [...(boxes.get(textIndex)?.values() ?? [])].map((o) => ({
      time: o.time,
      boxes: o.boxes.filter((b) => b.score >= ownThreshold),
    }));
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
    for (const [key, score] of tracked.transientScores) {
      const entry = extra.get(key);
      if (entry && entry.text !== undefined) entry.text = calibrate(score, ownThreshold, threshold);
    }
  }
  // Faces in frames the scene classifier calls endoscopic: an inset, which can be covered instead.
  const faceMasks: AnalysisMask[] = [];
  const faceIndex = secondary.findIndex(({ detector }) => detector.reason === 'face' && locates(detector));
  if (faceIndex >= 0) {
    const ownThreshold = secondary[faceIndex]!.threshold;
    const observations: BoxObservation[] = [...(boxes.get(faceIndex)?.values() ?? [])].map((o) => {
      const sceneScore = samples.get(Math.round(o.time * 1000))?.sceneScore ?? 1;
      return { time: o.time, boxes: sceneScore < threshold ? o.boxes.filter((b) => b.score >= ownThreshold) : [] };
    });
    const tracked = trackBoxes(observations, { durationSeconds: duration, minPersistSeconds: 0, minSightings: 1, padding: 0.02 });
    faceMasks.push(...tracked.masks.map((m) => ({ ...m, reason: 'face' as const })));
  }

  // 4. Decision.
  const decisionSamples: Sample[] = all.map((s) => {
    const scores: Partial<Record<Reason, number>> = { out_of_body: s.sceneScore, ...extra.get(Math.round(s.time * 1000)) };
    const [reason, score] = (Object.entries(scores) as [Reason, number][]).reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    return { time: s.time, score, reason, scores };
  });
  const ranges = decideRanges(decisionSamples, {
    threshold,
    durationSeconds: duration,
    marginSeconds: options.marginSeconds,
    mergeGapSeconds: options.mergeGapSeconds,
    releaseThreshold: options.releaseThreshold,
  });
  const detectorNames = new Map<Reason, string>([[scene.reason, scene.name], ...secondary.map(({ detector }) => [detector.reason, detector.name] as const)]);
  progress(100);
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
    framesDecoded,
    detectors: [
      { name: scene.name, version: scene.version, reason: scene.reason },
      ...secondary.map(({ detector }) => ({ name: detector.name, version: detector.version, reason: detector.reason })),
    ],
  };
};
