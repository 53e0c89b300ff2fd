// The committed out-of-body scene model: a logistic model over scene features, loaded from
// packages/deid/model/scene-logistic.json (trained by scripts/train-scene.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MediaError } from '@ipsv/media/errors';
import { type LogisticModel, predict } from './logistic.js';
import { SCENE_FEATURES } from './scene-features.js';

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
 * (the decision's hysteresis). Half the threshold: with the committed model about 7 % of the
 * endoscopic dev frames score there, so the slow work stays small, while a band from 0.03 would
 * take in 59 % of them (this model is strongly regularised and rarely says less than 0.01).
 */
export const SCENE_UNCERTAIN_FROM = SCENE_THRESHOLD / 2;

export interface SceneModelFile extends LogisticModel {
  name: string;
  version: string;
  kind: 'logistic';
  features: string[];
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
  const d = SCENE_FEATURES.length;
  const valid =
    parsed.kind === 'logistic' &&
    JSON.stringify(parsed.features) === JSON.stringify(SCENE_FEATURES) &&
    [parsed.means, parsed.scales, parsed.weights].every((a) => Array.isArray(a) && a.length === d && a.every(Number.isFinite)) &&
    Number.isFinite(parsed.bias) &&
    parsed.threshold > 0 &&
    parsed.threshold < 1;
  if (!valid) throw new MediaError('bad_argument', `The scene model ${file} does not match this version's features; retrain it with npm run deid:train`);
  return parsed;
};

export const sceneScore = (model: SceneModelFile, features: readonly number[]): number => predict(model, features);
