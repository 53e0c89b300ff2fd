// The lifecycle's transactions on the server: the video rows and the job queue on one connection,
// so a step's status, records and job commit together (platform/database/transaction.ts).
import type pg from 'pg';
import { inTransaction } from '../../platform/database/transaction.js';
import type { Queue } from '../../platform/jobs/queue.js';
import type { VideoTransactions } from './video-lifecycle.js';
import { createVideosRepository } from './videos.repository.js';

export function videoTransactions(pool: pg.Pool, queue: Queue): VideoTransactions {
  return (work) => inTransaction(pool, (tx) => work({ videos: createVideosRepository(tx.db), queue: queue.within(tx) }));
}
