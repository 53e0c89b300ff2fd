// The privacy analysis's own thread (privacy-analyser.ts starts it): the models, their inference
// and the analysis's JavaScript (colour statistics, resizes, box decoding) run here, so that the
// process's event loop keeps answering HTTP requests while a video is analysed.
import { parentPort, workerData } from 'node:worker_threads';
import { MediaError } from '@ipsv/media/errors';
import { createLocalAnalyser, type AnalyserOptions, type AnalyserReply, type AnalyserRequest, type DetectorSet } from './privacy-analyser.js';

if (!parentPort) throw new Error('privacy-worker.ts runs as a worker thread (privacy-analyser.ts starts it)');
const port = parentPort;
const { detectors, options } = workerData as { detectors: DetectorSet; options?: AnalyserOptions };
const analyser = createLocalAnalyser(detectors, options);
const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
const reply = (message: AnalyserReply) => port.postMessage(message);

port.on('message', (request: AnalyserRequest) => {
  switch (request.type) {
    case 'analyse':
    case 'analyse-chunk': {
      const { id } = request;
      const controller = new AbortController();
      const run = { signal: controller.signal, onProgress: (percent: number) => reply({ type: 'progress', id, percent }) };
      const work =
        request.type === 'analyse' ? analyser.analyse(request.file, run) : analyser.analyseChunk(request.file, request.chunk, request.durationSeconds, run);
      const done = work
        .then(
          (result) => reply({ type: 'result', id, result }),
          (error: unknown) =>
            reply({
              type: 'error',
              id,
              error:
                error instanceof MediaError
                  ? { code: error.code, message: error.message, detail: error.detail }
                  : { message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined },
            }),
        )
        .finally(() => running.delete(id));
      running.set(id, { controller, done });
      break;
    }
    case 'cancel':
      running.get(request.id)?.controller.abort();
      break;
    case 'close': {
      // The models are released once every analysis has stopped (each answers 'cancelled' first).
      const stopping = [...running.values()];
      for (const { controller } of stopping) controller.abort();
      void Promise.allSettled(stopping.map(({ done }) => done))
        .then(() => analyser.close())
        .finally(() => reply({ type: 'closed' }));
      break;
    }
  }
});
