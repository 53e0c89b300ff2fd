// hls.js's loader, first looking among the answers the video page fetched ahead (warm-playback.ts):
// the master playlist, the first rung's playlist, its init segment and the first segment are then
// handed over from memory as soon as hls.js asks, instead of each waiting for a request and its
// completion task behind the page's rendering on a busy main thread. Anything not found there (or
// found with the wrong kind of body, or asked for by byte range) goes to hls.js's own loader. The
// timings given to hls.js are the warm-up request's own, so its bandwidth estimate (and the rung
// it picks next) follows the real network, not the copy from memory.
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { takeWarmed } from './api/warm-playback';

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

const freshStats = (): LoaderStats => ({
  aborted: false,
  loaded: 0,
  retry: 0,
  total: 0,
  chunkCount: 0,
  bwEstimate: 0,
  loading: { start: 0, first: 0, end: 0 },
  parsing: { start: 0, end: 0 },
  buffering: { start: 0, first: 0, end: 0 },
});

/** A loader class for hls.js's `loader` option that serves warmed answers and delegates the rest to `Base`. */
export function warmLoader(Base: LoaderClass): LoaderClass {
  return class WarmLoader implements Loader<LoaderContext> {
    private readonly fallback: Loader<LoaderContext>;
    /** Set while an answer from memory is being handed over (the fallback is not used then). */
    private own: { context: LoaderContext; stats: LoaderStats; callbacks: LoaderCallbacks<LoaderContext> | null } | null = null;

    constructor(config: HlsConfig) {
      this.fallback = new Base(config);
    }

    get context(): LoaderContext | null {
      return this.own ? this.own.context : this.fallback.context;
    }

    get stats(): LoaderStats {
      return this.own ? this.own.stats : this.fallback.stats;
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      const ranged = context.rangeStart !== undefined || context.rangeEnd !== undefined;
      const answer = ranged ? undefined : takeWarmed(context.url);
      if (!answer) {
        this.fallback.load(context, config, callbacks);
        return;
      }
      const own: NonNullable<typeof this.own> = { context, stats: freshStats(), callbacks };
      own.stats.loading.start = performance.now();
      this.own = own;
      const wantsBytes = context.responseType === 'arraybuffer';
      answer.then(
        ({ data, start, end }) => {
          if (this.own !== own || !own.callbacks || own.stats.aborted) return;
          if (wantsBytes !== data instanceof ArrayBuffer) {
            this.own = null;
            this.fallback.load(context, config, callbacks);
            return;
          }
          const size = typeof data === 'string' ? data.length : data.byteLength;
          own.stats.loading.start = start;
          own.stats.loading.first = own.stats.loading.end = end;
          own.stats.loaded = own.stats.total = size;
          own.stats.chunkCount = 1;
          const { onSuccess } = own.callbacks;
          own.callbacks = null;
          onSuccess({ url: context.url, data }, own.stats, context, null);
        },
        () => {
          // The warm-up failed: fetch it as hls.js would have.
          if (this.own !== own || !own.callbacks || own.stats.aborted) return;
          this.own = null;
          this.fallback.load(context, config, callbacks);
        },
      );
    }

    abort(): void {
      const own = this.own;
      if (own?.callbacks && !own.stats.aborted) {
        own.stats.aborted = true;
        own.callbacks.onAbort?.(own.stats, own.context, null);
        return;
      }
      this.fallback.abort();
    }

    destroy(): void {
      if (this.own) this.own.callbacks = null;
      this.fallback.destroy();
    }
  };
}
