// One onnxruntime-node session on the CPU, created on first use (importing a detector costs nothing
// until it runs), tried again after a failed start, and released on close.
import type * as Ort from 'onnxruntime-node';

export interface LoadedSession {
  ort: typeof Ort;
  session: Ort.InferenceSession;
}

export class LazyOrtSession {
  private loading: Promise<LoadedSession> | undefined;

  /** `model`: the model's file path or its bytes; `threads`: onnxruntime's intra-op threads. */
  constructor(
    private readonly model: () => string | Uint8Array | Promise<string | Uint8Array>,
    private readonly threads: number,
  ) {}

  get(): Promise<LoadedSession> {
    this.loading ??= (async () => {
      const ort = (await import('onnxruntime-node')) as typeof Ort;
      const model = await this.model();
      const options: Ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], intraOpNumThreads: this.threads, graphOptimizationLevel: 'all' };
      const session = typeof model === 'string' ? await ort.InferenceSession.create(model, options) : await ort.InferenceSession.create(model, options);
      return { ort, session };
    })();
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    await (await loading?.catch(() => undefined))?.session.release();
  }
}
