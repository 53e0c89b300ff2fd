// A process that confirms a video's review through the server's lifecycle (one transaction: status,
// confirmation record, render job) and, once every write of it is done but before the commit, says
// "written" and hangs, to be killed there (lifecycle-transactions.test.ts).
import pg from 'pg';
import pino from 'pino';
import { confirmed, createLifecycle } from '../../src/modules/videos/video-lifecycle.js';
import { videoTransactions } from '../../src/modules/videos/video-transactions.js';
import { createVideosRepository } from '../../src/modules/videos/videos.repository.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/db/schema.js';
import { startQueue, type Queue } from '../../src/platform/jobs/queue.js';

const [url, videoId] = process.argv.slice(2) as [string, string];
const pool = new pg.Pool({ connectionString: url });
const queue = await startQueue(pool, pino({ level: 'silent' }), { pollingIntervalSeconds: 30 });
const hanging: Queue = {
  send: () => Promise.reject(new Error('outside a transaction')),
  alive: queue.alive,
  within: (tx) => ({
    ...queue.within(tx),
    send: async (name, payload, options) => {
      await queue.within(tx).send(name, payload, options);
      process.stdout.write('written\n');
      await new Promise(() => undefined);
    },
  }),
};
const videos = createVideosRepository(drizzle(pool, { schema }));
const lifecycle = createLifecycle({ videos, queue: hanging, transactions: videoTransactions(pool, hanging) });
const video = (await videos.find(videoId))!;
const transition = confirmed(video, [], 'owner-1', new Date());
await lifecycle.apply(videoId, transition, (tx) => tx.recordConfirmation(videoId, transition.version, [], 'owner-1', []));
