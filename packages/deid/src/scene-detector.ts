// The out-of-body scene classifier as a Detector: colour statistics + a frozen backbone's feature
// map → committed logistic head, on the whole frame and on each picture-in-picture region.
import { type Frame } from '@ipsv/media/frame';
import { type Pixels } from './dataset.js';
import { type Detector } from './detector.js';
import { SceneBackbone } from './scene-embedding.js';
import { loadSceneModel, SCENE_RULE, type SceneModelFile, sceneInputs, sceneScore } from './scene-model.js';

export class SceneDetector implements Detector {
  readonly name: string;
  readonly version: string;
  readonly reason = 'out_of_body' as const;
  readonly threshold: number;
  private readonly backbone = new SceneBackbone();

  constructor(private readonly model: SceneModelFile = loadSceneModel()) {
    this.name = model.name;
    this.version = `${model.version}.${SCENE_RULE}`;
    this.threshold = model.threshold;
  }

  async scoreOne(frame: Pixels): Promise<number> {
    return sceneScore(this.model, sceneInputs(frame, await this.backbone.featureMap(frame)));
  }

  async score(frames: readonly Frame[]): Promise<number[]> {
    const scores: number[] = [];
    for (const frame of frames) scores.push(await this.scoreOne(frame));
    return scores;
  }

  async close(): Promise<void> {
    await this.backbone.close();
  }
}
