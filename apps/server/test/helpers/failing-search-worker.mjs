// Stands in for a search thread (search-worker.ts) in search-threads.test.ts: it dies on the text
// 'crash' as a thread out of memory would, fails the text 'fail', and answers every other search
// with an empty page whose total is its thread id ('slow' after 300 ms), so a test sees which
// thread answered.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.type === 'search') {
    if (message.query.q === 'crash') process.exit(3);
    if (message.query.q === 'fail') {
      parentPort.postMessage({ type: 'error', id: message.id, message: 'the catalogue could not be read' });
      return;
    }
    const page = { sort: message.query.sort, total: threadId, rows: [], segments: null, facets: null };
    setTimeout(() => parentPort.postMessage({ type: 'page', id: message.id, page }), message.query.q === 'slow' ? 300 : 0);
  }
  if (message.type === 'warm') parentPort.postMessage({ type: 'warm', id: message.id });
  if (message.type === 'close') parentPort.postMessage({ type: 'closed' });
});
