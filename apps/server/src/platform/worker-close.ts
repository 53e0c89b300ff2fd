// Closing a worker thread that holds something to release (models, database connections): the
// thread is sent { type: 'close' } and answers { type: 'closed' } once it has let go. Used by the
// privacy analysis's thread and the search threads.
import type { Worker } from 'node:worker_threads';

/** Asks `worker` to close and waits for its 'closed' answer, its exit, or `timeoutMs`, whichever comes first. */
export function askToClose(worker: Worker, timeoutMs: number): Promise<void> {
  worker.ref();
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string }) => message.type === 'closed' && finish();
    const finish = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', finish);
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', finish);
    worker.postMessage({ type: 'close' });
  });
}
