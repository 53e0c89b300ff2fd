// Training and cross-validation of the out-of-body scene model on labelled frame folders. Every
// step is deterministic (fixed augmentations, fixed composites, fixed fold assignment), so the
// committed weights can be reproduced exactly with `npm run deid:train`. The backbone's feature
// maps are cached on disk (node_modules/.cache, keyed by the image bytes), so only the first run
// pays for them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LabelledFrame, loadPixels, type Pixels } from './dataset.js';
import { fitLogistic, type LogisticModel, type TrainingRow } from './logistic.js';
import { atThreshold, rocAuc, type Scored } from './metrics.js';
import { AUGMENTATIONS, type Box, composite, coverage, PIP_LAYOUTS } from './scene-augment.js';
import { BACKBONE, type FeatureMap, SceneBackbone } from './scene-embedding.js';
import { type SceneInputs, sceneInputs, sceneScore } from './scene-model.js';
import { REGIONS } from './scene-regions.js';

export { AUGMENTATIONS };

/** One image the model learns from or is judged on: a dev frame, an augmented copy, or a composite. */
export interface Sample {
  frame: LabelledFrame;
  /** Source videos of every image in it (a composite has two); a fold excludes all of them. */
  groups: string[];
  index: number;
  variant: string;
  revealing: boolean;
  /** Where a picture-in-picture inset sits, and the frame put there (composites only). */
  inset?: Box;
  insetFile?: string;
  inputs: SceneInputs;
}

/** Augmented copies whose regions are also training rows (the others add whole-frame rows only). */
const REGION_VARIANTS = new Set(['original', 'dark', 'warm', 'smoke']);
/** A region is labelled revealing when an inset covers this much of it, endoscopic when none does. */
const INSET_COVERS = 0.4;

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/ipsv-deid-scene/', import.meta.url));

/** The backbone's feature map of an image, from the disk cache when these bytes were seen before. */
export const cachedFeatureMap = async (backbone: SceneBackbone, pixels: Pixels): Promise<FeatureMap> => {
  const key = createHash('sha256')
    .update(`${BACKBONE.model}:${BACKBONE.node}:${BACKBONE.input}:${BACKBONE.runtime}:${pixels.width}x${pixels.height}`)
    .update(pixels.data)
    .digest('hex');
  const file = join(CACHE_DIR, `${key}.f32`);
  const side = BACKBONE.input / 32;
  if (existsSync(file)) {
    const bytes = await readFile(file);
    return {
      width: side,
      height: side,
      channels: BACKBONE.channels,
      data: new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    };
  }
  const map = await backbone.featureMap(pixels);
  mkdirSync(CACHE_DIR, { recursive: true });
  await writeFile(file, Buffer.from(map.data.buffer, map.data.byteOffset, map.data.byteLength));
  return map;
};

/**
 * Every sample of a frame list: each frame, its augmented copies (AUGMENTATIONS) and, when
 * `augment`, picture-in-picture composites (every other endoscopic frame with a revealing frame
 * inset, layouts and insets chosen by position in the list, never at random).
 */
export const buildSamples = async (
  frames: readonly LabelledFrame[],
  augment: boolean,
  onProgress?: (done: number, total: number) => void,
): Promise<Sample[]> => {
  const backbone = new SceneBackbone();
  const samples: Sample[] = [];
  const add = async (frame: LabelledFrame, index: number, variant: string, pixels: Pixels, extra: Partial<Sample> = {}) =>
    samples.push({
      frame,
      groups: [frame.group],
      index,
      variant,
      revealing: frame.revealing,
      inputs: sceneInputs(pixels, await cachedFeatureMap(backbone, pixels)),
      ...extra,
    });
  try {
    const revealing = frames.filter((f) => f.revealing);
    const layouts = Object.entries(PIP_LAYOUTS);
    let insideCount = 0;
    for (const [index, frame] of frames.entries()) {
      onProgress?.(index, frames.length);
      const original = await loadPixels(frame.file);
      await add(frame, index, 'original', original);
      if (!augment) continue;
      for (const [variant, transform] of Object.entries(AUGMENTATIONS)) await add(frame, index, variant, transform(original));
      if (frame.revealing || revealing.length === 0) continue;
      insideCount += 1;
      if (insideCount % 2 !== 0) continue;
      const inset = revealing[(insideCount * 7) % revealing.length]!;
      const [layout, box] = layouts[(insideCount / 2) % layouts.length]!;
      await add(frame, index, `pip:${layout}`, composite(original, await loadPixels(inset.file), box), {
        groups: [...new Set([frame.group, inset.group])],
        revealing: true,
        inset: box,
        insetFile: inset.file,
      });
    }
  } finally {
    await backbone.close();
  }
  return samples;
};

/**
 * Training rows of samples: the whole frame (not for composites, whose label is a region's) and
 * regions. Regions of a revealing frame are not taught as revealing (a blank corner of a slide
 * looks like white gauze): a region is revealing when a whole revealing picture sits in it (a
 * composite's inset), endoscopic when it is part of an endoscopic view.
 *
 * A frame is removed when its whole view or any of its REGIONS.length regions scores high, so an
 * endoscopic frame has that many chances to be removed wrongly: endoscopic region rows weigh
 * REGIONS.length times as much as the others (the union's prior, fixed, not tuned).
 */
const toRows = (samples: readonly Sample[]): TrainingRow[] => {
  const rows: TrainingRow[] = [];
  for (const s of samples) {
    if (!s.inset) rows.push({ x: s.inputs.full, y: s.revealing ? 1 : 0 });
    if ((!REGION_VARIANTS.has(s.variant) || s.revealing) && !s.inset) continue;
    s.inputs.regions.forEach((x, i) => {
      const covered = s.inset ? coverage(REGIONS[i]!, s.inset) : 0;
      if (s.inset && covered >= INSET_COVERS) rows.push({ x, y: 1 });
      else if (covered === 0) rows.push({ x, y: 0, weight: REGIONS.length });
    });
  }
  return balance(rows);
};

/**
 * Classes weighted to equal numbers of rows, so the rarer revealing rows count as much as the rest;
 * a row's own weight (the region prior above) multiplies that.
 */
const balance = (rows: readonly TrainingRow[]): TrainingRow[] => {
  const positives = rows.filter((r) => r.y === 1).length;
  const negatives = rows.length - positives;
  return rows.map((r) => ({ ...r, weight: ((r.weight ?? 1) * rows.length) / (2 * (r.y === 1 ? positives : negatives)) }));
};

/**
 * L2 strength, on class-balanced weights summing to the number of training rows. Chosen on the
 * leave-one-video-out figures (`npm run deid:eval -- --cv --lambda <λ>`, bench/RESULTS.md).
 */
export const LAMBDA = 1000;

export const trainScene = (samples: readonly Sample[], lambda = LAMBDA): LogisticModel => fitLogistic(toRows(samples), lambda, 30);

export interface ScoredSample extends Scored {
  file: string;
  group: string;
  variant: string;
  /** A composite's inset: where, and which frame (to build its pixels again). */
  inset?: { box: Box; file: string };
}

export interface CrossValidation {
  name: string;
  /** Dev frames, each scored by a model that never saw it nor any frame of its video. */
  scores: ScoredSample[];
  /** Synthetic picture-in-picture frames, scored by a model that saw neither of their videos. */
  pip: ScoredSample[];
}

const scoreOf = (model: LogisticModel, s: Sample): ScoredSample => ({
  file: s.frame.file,
  group: s.frame.group,
  variant: s.variant,
  revealing: s.revealing,
  score: sceneScore(model, s.inputs),
  ...(s.inset && s.insetFile ? { inset: { box: s.inset, file: s.insetFile } } : {}),
});

/** Stratified k-fold over frames (a frame's copies and composites stay in its fold). */
export const kFold = (samples: readonly Sample[], k: number, lambda = LAMBDA): CrossValidation => {
  const originals = samples.filter((r) => r.variant === 'original');
  const fold = new Map<number, number>();
  for (const revealing of [true, false]) originals.filter((r) => r.frame.revealing === revealing).forEach((r, i) => fold.set(r.index, i % k));
  const scores: ScoredSample[] = [];
  const pip: ScoredSample[] = [];
  for (let f = 0; f < k; f += 1) {
    const model = trainScene(
      samples.filter((r) => fold.get(r.index) !== f),
      lambda,
    );
    for (const r of samples.filter((o) => fold.get(o.index) === f)) {
      if (r.variant === 'original') scores.push(scoreOf(model, r));
      else if (r.inset) pip.push(scoreOf(model, r));
    }
  }
  return { name: `stratified ${k}-fold`, scores, pip };
};

/** Trains without every sample that touches `heldOut`, scores the originals and composites inside it. */
const holdOut = (samples: readonly Sample[], heldOut: ReadonlySet<string>, lambda: number) => {
  const training = samples.filter((s) => !s.groups.some((g) => heldOut.has(g)));
  if (!training.some((r) => r.revealing) || training.every((r) => r.revealing)) return undefined;
  const model = trainScene(training, lambda);
  const testing = samples.filter((s) => s.groups.every((g) => heldOut.has(g)) || (s.variant === 'original' && heldOut.has(s.frame.group)));
  return {
    scores: testing.filter((s) => s.variant === 'original').map((s) => scoreOf(model, s)),
    pip: testing.filter((s) => s.inset).map((s) => scoreOf(model, s)),
  };
};

export const LEAVE_ONE_VIDEO_OUT = 'leave one video out';

/**
 * Leave one source video out: every frame is scored by a model that never saw its video. The
 * composites scored are those whose endoscopic frame comes from the left-out video; their inset
 * comes from another video, which the model did see (the held-out group below has both unseen).
 */
export const leaveOneVideoOut = (samples: readonly Sample[], lambda = LAMBDA): CrossValidation => {
  const groups = [...new Set(samples.map((r) => r.frame.group))].sort();
  const scores: ScoredSample[] = [];
  const pip: ScoredSample[] = [];
  for (const group of groups) {
    const training = samples.filter((s) => !s.groups.includes(group));
    if (!training.some((r) => r.revealing) || training.every((r) => r.revealing)) continue;
    const model = trainScene(training, lambda);
    for (const s of samples.filter((o) => o.frame.group === group)) {
      if (s.variant === 'original') scores.push(scoreOf(model, s));
      else if (s.inset) pip.push(scoreOf(model, s));
    }
  }
  return { name: LEAVE_ONE_VIDEO_OUT, scores, pip };
};

/**
 * A held-out group of sources: one endoscopic video and one source of revealing frames, never
 * seen in training together; the picture-in-picture composites scored are built from both.
 */
export const HELD_OUT_SOURCES = ['rf_1035598', '4dor'];

export const heldOutGroup = (samples: readonly Sample[], sources: readonly string[] = HELD_OUT_SOURCES, lambda = LAMBDA): CrossValidation => {
  const result = holdOut(samples, new Set(sources), lambda);
  return { name: `held-out sources ${sources.join(' + ')}`, scores: result?.scores ?? [], pip: result?.pip ?? [] };
};

export const summarise = (scores: readonly Scored[], threshold: number) => ({ auc: rocAuc(scores), ...atThreshold(scores, threshold) });

/** A fingerprint of the labels and every image, recorded with the weights. */
export const dataHash = async (labelsFiles: readonly string[], frames: readonly LabelledFrame[]): Promise<string> => {
  const hash = createHash('sha256');
  for (const file of labelsFiles) hash.update(await readFile(file));
  for (const frame of frames) hash.update(await readFile(frame.file));
  return hash.digest('hex');
};

/** The repository's extra training frames (packages/deid/data, see its README). */
export const EXTRA_LABELS = fileURLToPath(new URL('../data/labels.csv', import.meta.url));
