// A search thread (search-threads.ts starts them): its own copy of the catalogue, kept current
// from PostgreSQL through its own few connections, answering searches so that they neither hold
// the server's event loop nor share one core.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';
import * as schema from '../../db/schema.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchPages } from './search.service.js';
import type { SearchThreadData, SearchThreadReply, SearchThreadRequest } from './search-threads.js';

if (!parentPort) throw new Error('search-worker.ts runs as a worker thread (search-threads.ts starts it)');
const port = parentPort;
const { databaseUrl, connections } = workerData as SearchThreadData;
const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
// An idle connection that ends (a database restart) is replaced by the pool; the next search says
// what failed, if anything still does.
pool.on('error', () => undefined);
const pages = createSearchPages(createSearchRepository(drizzle(pool, { schema })));
const reply = (message: SearchThreadReply) => port.postMessage(message);
const failed = (id: number, error: unknown) =>
  reply({ type: 'error', id, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });

port.on('message', (request: SearchThreadRequest) => {
  switch (request.type) {
    case 'search':
      pages.page(request.actor, request.query).then(
        (page) => reply({ type: 'page', id: request.id, page }),
        (error: unknown) => failed(request.id, error),
      );
      break;
    case 'warm':
      pages.warm().then(
        () => reply({ type: 'warm', id: request.id }),
        (error: unknown) => failed(request.id, error),
      );
      break;
    case 'close':
      void pool
        .end()
        .catch(() => undefined)
        .finally(() => reply({ type: 'closed' }));
      break;
  }
});
