// Searches in threads of their own, each with its own copy of the catalogue (search-worker.ts).
// In the server's main thread a search's scan, ranking and facets (milliseconds for a text never
// searched before, at 100,000 videos) held the event loop every other request waits on, and all
// searches shared one core however many the machine has. Threads answer in parallel: a search goes
// to the thread with the fewest searches in hand (one whose catalogue is loaded first; ties in turn). Each
// thread keeps its catalogue as current as PostgreSQL exactly as the main thread did (every search
// reads the change log's version), so which thread answers never shows older data.
import { Worker } from 'node:worker_threads';
import type { SearchQuery } from '@ipsv/contracts/search';
import { askToClose } from '../../platform/worker-close.js';
import type { VideoActor } from '../videos/video-access.js';
import type { SearchPage, SearchPages } from './search.service.js';

export interface SearchThreadData {
  databaseUrl: string;
  /** PostgreSQL connections of the thread's own pool. */
  connections: number;
}

export type SearchThreadRequest = { type: 'search'; id: number; actor: VideoActor; query: SearchQuery } | { type: 'warm'; id: number } | { type: 'close' };

export type SearchThreadReply =
  | { type: 'page'; id: number; page: SearchPage }
  | { type: 'warm'; id: number }
  | { type: 'error'; id: number; message: string; stack?: string }
  | { type: 'closed' };

// The bundle (dist/main.js) starts dist/search-worker.js, built beside it; from the sources, a small
// module registers the TypeScript loader in the new thread first.
const WORKER_URL = import.meta.url.endsWith('.ts') ? new URL('./search-worker-source.mjs', import.meta.url) : new URL('./search-worker.js', import.meta.url);

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** How long close() waits for a thread to end its connections before it is stopped. */
const CLOSE_TIMEOUT_MS = 5_000;

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (reply: SearchThreadReply) => void; reject: (error: Error) => void }>;
  /** It has answered once (its catalogue is loaded). */
  ready: boolean;
}

export interface SearchThreadsOptions {
  /** How many threads (each holds a whole catalogue: about 290 MB resident at 100,000 videos). */
  count: number;
  databaseUrl: string;
  /** PostgreSQL connections per thread (default 4). */
  connections?: number;
  /** Another script that answers the same messages (tests of a thread that fails). */
  workerUrl?: URL;
}

export function createSearchThreads(options: SearchThreadsOptions): SearchPages & { readonly started: number; close(): Promise<void> } {
  if (!(Number.isInteger(options.count) && options.count >= 1)) throw new Error('Search threads: the count must be a whole number of 1 or more');
  const data: SearchThreadData = { databaseUrl: options.databaseUrl, connections: options.connections ?? 4 };
  const threads: Thread[] = [];
  let nextId = 0;
  let started = 0;
  let closed = false;

  // A thread that died (an uncaught error, out of memory) fails the searches it had; the next
  // search starts another in its place.
  const end = (thread: Thread, error: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const { reject } of thread.pending.values()) reject(error);
    thread.pending.clear();
  };

  const start = (): Thread => {
    const worker = new Worker(options.workerUrl ?? WORKER_URL, { workerData: data });
    const thread: Thread = { worker, pending: new Map(), ready: false };
    started += 1;
    worker.on('message', (message: SearchThreadReply) => {
      if (message.type === 'closed') return;
      const entry = thread.pending.get(message.id);
      if (!entry) return;
      thread.pending.delete(message.id);
      // An idle thread does not keep the process alive.
      if (thread.pending.size === 0) worker.unref();
      if (message.type === 'error') {
        const error = new Error(message.message);
        if (message.stack) error.stack = message.stack;
        entry.reject(error);
      } else {
        thread.ready = true;
        // Settled on the loop's next turn: Node delivers every message that has arrived in one go,
        // and a search sent from the continuation would otherwise keep that go running.
        setImmediate(() => entry.resolve(message));
      }
    });
    worker.on('error', (error) => end(thread, new Error(`A search thread stopped: ${error.message}`)));
    worker.on('exit', (code) => end(thread, new Error(`A search thread stopped unexpectedly (it exited with code ${code})`)));
    worker.unref();
    threads.push(thread);
    return thread;
  };

  const send = (thread: Thread, request: WithoutId<Extract<SearchThreadRequest, { id: number }>>): Promise<SearchThreadReply> => {
    const id = (nextId += 1);
    thread.worker.ref();
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ ...request, id } as SearchThreadRequest);
    });
  };

  /** Every thread there should be, started. */
  const all = (): Thread[] => {
    if (closed) throw new Error('The search threads are closed');
    while (threads.length < options.count) start();
    return threads;
  };

  /**
   * The thread with the fewest searches in hand, among those whose catalogue is loaded if any is;
   * ties go round in turn, so that every thread's catalogue stays warm and current.
   */
  let turn = 0;
  const pick = (): Thread => {
    const candidates = all();
    const ready = candidates.filter((thread) => thread.ready);
    const among = ready.length ? ready : candidates;
    turn = (turn + 1) % among.length;
    let best = among[turn]!;
    for (let i = 1; i < among.length; i += 1) {
      const thread = among[(turn + i) % among.length]!;
      if (thread.pending.size < best.pending.size) best = thread;
    }
    return best;
  };

  return {
    get started() {
      return started;
    },

    async page(actor, query): Promise<SearchPage> {
      // Only what the search reads crosses to the thread (a session's actor may carry more).
      const reply = await send(pick(), { type: 'search', actor: { id: actor.id, email: actor.email, role: actor.role }, query });
      return (reply as Extract<SearchThreadReply, { type: 'page' }>).page;
    },

    /** Each thread in turn (loading a catalogue at once in every thread would multiply the peak memory and the database's work). */
    async warm() {
      if (closed) return;
      for (const thread of [...all()]) {
        // A server stopping while a catalogue loads is not a failure to report.
        await send(thread, { type: 'warm' }).catch((error: unknown) => {
          if (!closed) throw error;
        });
        if (closed) return;
      }
    },

    async close() {
      closed = true;
      await Promise.all(
        threads.splice(0).map(async ({ worker, pending }) => {
          await askToClose(worker, CLOSE_TIMEOUT_MS);
          for (const { reject } of pending.values()) reject(new Error('The search threads were closed'));
          pending.clear();
          await worker.terminate();
        }),
      );
    },
  };
}
