// The privacy analysis behind a small adapter (STYLE.md habit 5): packages/deid with its models
// loaded once per worker process and kept for the next video. 'scene' uses the scene model only
// (for machines where the face, person and text models are too slow); 'all' is the product default.
import { analyseVideo, type AnalysisResult, type SecondaryDetector } from '@ipsv/deid/analyse';
import { SceneDetector } from '@ipsv/deid/scene-detector';
import { loadSceneModel } from '@ipsv/deid/scene-model';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { SCENE_MODEL_FILE } from '../paths.js';

export type DetectorSet = 'all' | 'scene';

export interface PrivacyAnalyser {
  analyse(file: string, options: { signal?: AbortSignal; onProgress?: (percent: number) => void }): Promise<AnalysisResult>;
  close(): Promise<void>;
}

export function createPrivacyAnalyser(detectors: DetectorSet = 'all'): PrivacyAnalyser {
  let scene: SceneDetector | undefined;
  let secondary: SecondaryDetector[] | undefined;
  return {
    async analyse(file, options) {
      scene ??= new SceneDetector(loadSceneModel(SCENE_MODEL_FILE));
      secondary ??= detectors === 'all' ? defaultSecondaryDetectors() : [];
      return analyseVideo(file, { scene, detectors: secondary, signal: options.signal, onProgress: options.onProgress });
    },
    async close() {
      if (secondary) await closeDetectors(secondary);
      secondary = undefined;
    },
  };
}
