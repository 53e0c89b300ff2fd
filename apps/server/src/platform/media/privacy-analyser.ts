// The privacy analysis behind a small adapter (STYLE.md habit 5): packages/deid with its models
// loaded once and kept for the next video. 'scene' uses the scene model only (for machines where
// the face, person and text models are too slow); 'all' is the product default.
//
// The analysis runs in a worker thread of its own (privacy-worker.ts): in one thread it held the
// process's event loop for up to a second at a time (model runs, colour statistics, resizes), and
// every HTTP request of every visitor waited behind it (bench/RESULTS.md, "The site while a video
// is analysed"). The thread starts with the first video and stays, with its models, for the next.
import { Worker } from 'node:worker_threads';
import {
  analyseChunk,
  analyseVideo,
  DEFAULT_SAMPLE_FPS,
  type AnalysisChunk,
  type AnalysisResult,
  type ChunkAnalysis,
  type SecondaryDetector,
} from '@ipsv/deid/analyse';
import { SceneDetector } from '@ipsv/deid/scene-detector';
import { loadSceneModel } from '@ipsv/deid/scene-model';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { MediaError, type MediaErrorCode } from '@ipsv/media/errors';
import { SCENE_MODEL_FILE } from '../paths.js';
import { askToClose } from '../worker-close.js';

export type DetectorSet = 'all' | 'scene';

export interface AnalyserOptions {
  /** Frames examined per second of the timeline (PRIVACY_SAMPLE_FPS). */
  sampleFps?: number;
}

type RunOptions = { signal?: AbortSignal; onProgress?: (percent: number) => void };

export interface PrivacyAnalyser {
  /** The whole video in this process (one chunk after the other). */
  analyse(file: string, options: RunOptions): Promise<AnalysisResult>;
  /**
   * One chunk of a video's timeline (the chunks' results merge with mergeChunks). The product's
   * analysers have it; a test's fake that only ever analyses short videos may leave it out.
   */
  analyseChunk?(file: string, chunk: AnalysisChunk, durationSeconds: number, options: RunOptions): Promise<ChunkAnalysis>;
  close(): Promise<void>;
}

/** An analyser that also takes chunks (every analyser of the product). */
export type ChunkingAnalyser = Required<PrivacyAnalyser>;

/** In this thread: what the worker thread runs (and tests that want no thread). */
export function createLocalAnalyser(detectors: DetectorSet = 'all', analyserOptions: AnalyserOptions = {}): ChunkingAnalyser {
  let scene: SceneDetector | undefined;
  let secondary: SecondaryDetector[] | undefined;
  const sampleFps = analyserOptions.sampleFps ?? DEFAULT_SAMPLE_FPS;
  const models = () => {
    scene ??= new SceneDetector(loadSceneModel(SCENE_MODEL_FILE));
    secondary ??= detectors === 'all' ? defaultSecondaryDetectors() : [];
    return { scene, detectors: secondary };
  };
  return {
    async analyse(file, options) {
      return analyseVideo(file, { ...models(), sampleFps, signal: options.signal, onProgress: options.onProgress });
    },
    async analyseChunk(file, chunk, durationSeconds, options) {
      const { scene: detector, detectors: others } = models();
      return analyseChunk(file, chunk, durationSeconds, detector, { detectors: others, sampleFps, signal: options.signal, onProgress: options.onProgress });
    },
    async close() {
      if (secondary) await closeDetectors(secondary);
      secondary = undefined;
      await scene?.close();
      scene = undefined;
    },
  };
}

/** Messages to the worker thread. */
export type AnalyserRequest =
  | { type: 'analyse'; id: number; file: string }
  | { type: 'analyse-chunk'; id: number; file: string; chunk: AnalysisChunk; durationSeconds: number }
  | { type: 'cancel'; id: number }
  | { type: 'close' };

/** An error as it crosses between threads (a MediaError keeps its code). */
interface ThreadError {
  code?: MediaErrorCode;
  message: string;
  detail?: string;
  stack?: string;
}

/** Messages from the worker thread. */
export type AnalyserReply =
  | { type: 'progress'; id: number; percent: number }
  | { type: 'result'; id: number; result: AnalysisResult | ChunkAnalysis }
  | { type: 'error'; id: number; error: ThreadError }
  | { type: 'closed' };

// The bundle (dist/main.js) starts dist/privacy-worker.js, built beside it; from the sources, a
// small module registers the TypeScript loader in the new thread first.
const WORKER_URL = import.meta.url.endsWith('.ts') ? new URL('./privacy-worker-source.mjs', import.meta.url) : new URL('./privacy-worker.js', import.meta.url);

/** How long close() waits for the thread to release its models before it is stopped. */
const CLOSE_TIMEOUT_MS = 10_000;

const revive = (error: ThreadError): Error => {
  if (error.code) return new MediaError(error.code, error.message, error.detail);
  const revived = new Error(error.message);
  if (error.stack) revived.stack = error.stack;
  return revived;
};

interface Pending {
  /** The thread analysing it (a thread that ends fails only its own). */
  thread: Worker;
  resolve: (result: AnalysisResult | ChunkAnalysis) => void;
  reject: (error: Error) => void;
  onProgress?: (percent: number) => void;
}

function createThreadedAnalyser(detectors: DetectorSet, workerUrl: URL, analyserOptions: AnalyserOptions): ChunkingAnalyser {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  // A thread that died (an uncaught error, out of memory) fails what it was doing; the job is
  // retried, and the next analysis starts a new thread.
  const failAll = (thread: Worker, error: Error) => {
    for (const [id, entry] of [...pending]) {
      if (entry.thread !== thread) continue;
      pending.delete(id);
      entry.reject(error);
    }
  };

  const start = (): Worker => {
    const thread = new Worker(workerUrl, { workerData: { detectors, options: analyserOptions } });
    thread.on('message', (message: AnalyserReply) => {
      if (message.type === 'closed') return;
      const entry = pending.get(message.id);
      if (!entry) return;
      if (message.type === 'progress') {
        entry.onProgress?.(message.percent);
        return;
      }
      pending.delete(message.id);
      // An idle thread does not keep the process alive.
      if (![...pending.values()].some((other) => other.thread === thread)) thread.unref();
      if (message.type === 'result') entry.resolve(message.result);
      else entry.reject(revive(message.error));
    });
    thread.on('error', (error) => {
      if (worker === thread) worker = null;
      failAll(thread, new Error(`The privacy analysis stopped: ${error.message}`));
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(thread, new Error(`The privacy analysis stopped unexpectedly (its thread exited with code ${code})`));
    });
    return thread;
  };

  /** Sends one request to the thread and waits for its answer (cancelled through `signal`). */
  const ask = <T extends AnalysisResult | ChunkAnalysis>(request: (id: number) => AnalyserRequest, options: RunOptions): Promise<T> => {
    const { signal, onProgress } = options;
    if (signal?.aborted) return Promise.reject(new MediaError('cancelled', 'The operation was cancelled'));
    const thread = (worker ??= start());
    thread.ref();
    const id = (nextId += 1);
    return new Promise<T>((resolve, reject) => {
      const cancel = () => thread.postMessage({ type: 'cancel', id } satisfies AnalyserRequest);
      signal?.addEventListener('abort', cancel, { once: true });
      const done = () => signal?.removeEventListener('abort', cancel);
      pending.set(id, {
        thread,
        resolve: (result) => (done(), resolve(result as T)),
        reject: (error) => (done(), reject(error)),
        onProgress,
      });
      thread.postMessage(request(id));
    });
  };

  return {
    analyse(file, options) {
      return ask<AnalysisResult>((id) => ({ type: 'analyse', id, file }), options);
    },

    analyseChunk(file, chunk, durationSeconds, options) {
      return ask<ChunkAnalysis>((id) => ({ type: 'analyse-chunk', id, file, chunk, durationSeconds }), options);
    },

    async close() {
      const thread = worker;
      if (!thread) return;
      worker = null;
      await askToClose(thread, CLOSE_TIMEOUT_MS);
      failAll(thread, new MediaError('cancelled', 'The privacy analyser was closed'));
      await thread.terminate();
    },
  };
}

/**
 * The product's analyser: in its own thread (`thread: false` runs it in this one; `workerUrl`
 * starts another script that answers the same messages, as tests of a failing thread do).
 */
export function createPrivacyAnalyser(detectors: DetectorSet = 'all', options: AnalyserOptions & { thread?: boolean; workerUrl?: URL } = {}): ChunkingAnalyser {
  const { thread, workerUrl, ...analyserOptions } = options;
  return thread === false ? createLocalAnalyser(detectors, analyserOptions) : createThreadedAnalyser(detectors, workerUrl ?? WORKER_URL, analyserOptions);
}
