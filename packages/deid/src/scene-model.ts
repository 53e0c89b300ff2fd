// The committed out-of-body scene model: a logistic head over colour statistics and the pooled
// feature map of a frozen pretrained backbone (scene-embedding.ts), applied to the whole frame and
// to each picture-in-picture region (scene-regions.ts). Loaded from
// packages/deid/model/scene-logistic.json (trained by scripts/train-scene.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MediaError } from '@ipsv/media/errors';
import { type Pixels } from './dataset.js';
import { type LogisticModel, predict } from './logistic.js';
import { crop } from './scene-augment.js';
import { BACKBONE, type FeatureMap } from './scene-embedding.js';
import { SCENE_FEATURES, sceneFeatures } from './scene-features.js';
import { frameScore, insetBorders, poolRegion, REGIONS, type RegionScores, type SceneBand } from './scene-regions.js';

export const SCENE_MODEL_FILE = fileURLToPath(new URL('../model/scene-logistic.json', import.meta.url));

/**
 * The operating threshold. Leaning toward removal: a missed revealing frame is a privacy breach,
 * a needlessly removed second a small loss, so a frame goes when the model gives it one chance in
 * five of being outside the body (the Bayes threshold for a miss costing four times a false removal).
 */
export const SCENE_THRESHOLD = 0.2;

/**
 * The uncertain band is [SCENE_UNCERTAIN_FROM, SCENE_THRESHOLD): frames there are looked at again
 * (dense passes around them, the face/person detectors on them) and a removal grows over them
 * (the decision's hysteresis). Half the threshold.
 */
export const SCENE_UNCERTAIN_FROM = SCENE_THRESHOLD / 2;

/** The model's inputs, in order: the colour statistics, then the backbone's channels. */
export const MODEL_FEATURES: readonly string[] = [...SCENE_FEATURES, ...Array.from({ length: BACKBONE.channels }, (_, c) => `backbone${c}`)];

export interface SceneModelFile extends LogisticModel {
  name: string;
  version: string;
  kind: 'embedding-logistic';
  backbone: { package: string; model: string; node: string; input: number; licence: string };
  features: string[];
  regions: string[];
  lambda: number;
  threshold: number;
  training: Record<string, string | number>;
}

export const loadSceneModel = (file = SCENE_MODEL_FILE): SceneModelFile => {
  let parsed: SceneModelFile;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as SceneModelFile;
  } catch (error) {
    throw new MediaError('bad_argument', `Cannot load the scene model ${file}: ${(error as Error).message}`);
  }
  const d = MODEL_FEATURES.length;
  const valid =
    parsed.kind === 'embedding-logistic' &&
    JSON.stringify(parsed.features) === JSON.stringify(MODEL_FEATURES) &&
    JSON.stringify(parsed.regions) === JSON.stringify(REGIONS.map((r) => r.name)) &&
    parsed.backbone?.node === BACKBONE.node &&
    parsed.backbone.input === BACKBONE.input &&
    [parsed.means, parsed.scales, parsed.weights].every((a) => Array.isArray(a) && a.length === d && a.every(Number.isFinite)) &&
    Number.isFinite(parsed.bias) &&
    parsed.threshold > 0 &&
    parsed.threshold < 1;
  if (!valid) throw new MediaError('bad_argument', `The scene model ${file} does not match this version's features; retrain it with npm run deid:train`);
  return parsed;
};

export interface SceneInputs {
  full: number[];
  regions: number[][];
  /** Inset borders found at each region (insetBorders); absent, every region votes in full. */
  borders?: boolean[];
}

/**
 * How the scores are read into the frame's score, recorded after the weights' version in every
 * analysis (the same weights read another way decide differently): `borders`, regions count in
 * full only at an inset's border (regionVotes).
 */
export const SCENE_RULE = 'borders';

/** The band the frame's score is read against (regionVotes). */
export const SCENE_BAND: SceneBand = { threshold: SCENE_THRESHOLD, uncertainFrom: SCENE_UNCERTAIN_FROM };

const WHOLE = { x: 0, y: 0, w: 1, h: 1 };

/** The model's inputs for the whole frame and for each region, from the frame and its feature map. */
export const sceneInputs = (frame: Pixels, map: FeatureMap): SceneInputs => {
  const pooled = (box: typeof WHOLE) => poolRegion(map.data, map.width, map.height, map.channels, box);
  return {
    full: [...sceneFeatures(frame), ...pooled(WHOLE)],
    regions: REGIONS.map((region) => [...sceneFeatures(crop(frame, region)), ...pooled(region)]),
    borders: insetBorders(frame),
  };
};

export const sceneScores = (model: LogisticModel, inputs: SceneInputs): RegionScores => ({
  full: predict(model, inputs.full),
  regions: inputs.regions.map((x) => predict(model, x)),
  ...(inputs.borders ? { borders: inputs.borders } : {}),
});

/** The frame's out-of-body score: the whole frame or its most revealing region (regionVotes). */
export const sceneScore = (model: LogisticModel, inputs: SceneInputs): number => frameScore(sceneScores(model, inputs), SCENE_BAND);
