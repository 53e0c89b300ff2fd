// The one interface every privacy detector implements, so the temporal decision can combine
// them (scene classifier first, face/person and text detectors only where it is uncertain).
import { type Frame } from '@ipsv/media/frame';

export type Reason = 'out_of_body' | 'face' | 'person' | 'text';

export interface Detector {
  readonly name: string;
  readonly version: string;
  /** Which removal reason a high score of this detector stands for. */
  readonly reason: Reason;
  /** One score per frame in [0, 1]: the probability that the frame reveals the patient. */
  score(frames: readonly Frame[]): Promise<number[]>;
  /** Releases models and native resources. */
  close?(): Promise<void>;
}

/** Refuses a frame whose pixels are not width × height RGB bytes, naming the frame. */
export function checkRgbFrame(frame: Frame): void {
  if (frame.data.length !== frame.width * frame.height * 3) {
    throw new Error(`frame at ${frame.time}s: ${frame.data.length} bytes, expected ${frame.width}×${frame.height}×3`);
  }
}
