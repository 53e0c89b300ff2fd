// 'AI Analysis' runs ffmpeg over a whole video: at most a few at once in this process, one per
// video (a second request for the same video shares the running one), and a bounded line of
// waiting videos; past it the caller is told to try again instead of starting more processes.
import { AppError } from '../../platform/app-error.js';

export interface SuggestionQueue {
  /** Runs `work` for `videoId`, or joins the run already under way or waiting for it. */
  run<T>(videoId: string, work: () => Promise<T>): Promise<T>;
}

export function createSuggestionQueue(options: { concurrency: number; maxWaiting: number }): SuggestionQueue {
  const byVideo = new Map<string, Promise<unknown>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  const slot = async () => {
    if (running < options.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= options.maxWaiting) throw new AppError('SEGMENTS_BUSY');
    // The slot is handed over by the run that ends (running stays counted).
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    run<T>(videoId: string, work: () => Promise<T>): Promise<T> {
      const current = byVideo.get(videoId);
      if (current) return current as Promise<T>;
      const started = (async () => {
        await slot();
        try {
          return await work();
        } finally {
          release();
        }
      })().finally(() => byVideo.delete(videoId));
      byVideo.set(videoId, started);
      return started;
    },
  };
}
