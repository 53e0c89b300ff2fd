// The out-of-body scene classifier as a Detector: scene features → committed logistic model.
import { type Frame } from '@ipsv/media/frame';
import { type Detector } from './detector.js';
import { sceneFeatures } from './scene-features.js';
import { loadSceneModel, type SceneModelFile, sceneScore } from './scene-model.js';

export class SceneDetector implements Detector {
  readonly name: string;
  readonly version: string;
  readonly reason = 'out_of_body' as const;
  readonly threshold: number;

  constructor(private readonly model: SceneModelFile = loadSceneModel()) {
    this.name = model.name;
    this.version = model.version;
    this.threshold = model.threshold;
  }

  scoreOne(frame: Pick<Frame, 'width' | 'height' | 'data'>): number {
    return sceneScore(this.model, sceneFeatures(frame));
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    return frames.map((frame) => this.scoreOne(frame));
  }
}
