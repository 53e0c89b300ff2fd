// Stands in for the privacy analysis's thread (privacy-worker.ts) in privacy-analyser.test.ts: it
// dies on a file named crash.mp4 as a thread out of memory would, and answers every other file at
// once with an empty analysis.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.type === 'analyse') {
    if (message.file.endsWith('crash.mp4')) process.exit(3);
    parentPort.postMessage({ type: 'progress', id: message.id, percent: 100 });
    parentPort.postMessage({ type: 'result', id: message.id, result: { durationSeconds: 1, ranges: [], file: message.file } });
  }
  if (message.type === 'close') parentPort.postMessage({ type: 'closed' });
});
