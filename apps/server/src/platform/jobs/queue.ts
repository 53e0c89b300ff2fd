// The job queue: pg-boss on our own PostgreSQL (no extra broker), so any number of worker
// processes share the work with SKIP LOCKED. A running job beats a heartbeat; a job whose worker
// died (killed, machine lost) stops beating and is failed by the sweeper, so pg-boss retries it
// on another worker within a minute instead of waiting for the job's long expiry.
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Transaction } from '../database/transaction.js';
import { JOB_PAYLOADS, type JobName, type JobPayload } from './job-types.js';

export interface JobContext {
  id: string;
  /** Aborted when the queue stops (shutdown): long ffmpeg runs end and the job is retried later. */
  signal: AbortSignal;
  log: Logger;
  retryCount: number;
  /** True on the last attempt: the handler marks its video failed instead of rethrowing. */
  lastAttempt: boolean;
}

export interface JobDefinition {
  name: JobName;
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (backoff). */
  retryDelay: number;
  /** A job running longer than this is given up by pg-boss (the heartbeat catches dead workers sooner). */
  expireInSeconds: number;
  /** Parses the payload with the job's schema, then runs its handler. */
  run(data: unknown, context: JobContext): Promise<void>;
  /**
   * Told when the job's worker died on its last attempt (the heartbeat sweep failed it for good):
   * no handler ran to its end, so whatever it was working on is marked failed here.
   */
  lost?(data: unknown, log: Logger): Promise<void>;
}

/** The payload schemas, typed per name so that indexing with a generic name keeps the payload type. */
const PAYLOAD_SCHEMAS: { [N in JobName]: z.ZodType<JobPayload<N>> } = JOB_PAYLOADS;

/**
 * A job of the map in job-types.ts: its handler receives the payload parsed by that job's own
 * schema, so the payload type follows from the name.
 */
export function defineJob<N extends JobName>(
  name: N,
  options: Pick<JobDefinition, 'retryLimit' | 'retryDelay' | 'expireInSeconds'> & { lost?: (payload: JobPayload<N>, log: Logger) => Promise<void> },
  handler: (payload: JobPayload<N>, context: JobContext) => Promise<void>,
): JobDefinition {
  const schema = PAYLOAD_SCHEMAS[name];
  const { lost, ...settings } = options;
  return {
    name,
    ...settings,
    run: (data, context) => handler(schema.parse(data), context),
    ...(lost ? { lost: (data: unknown, log: Logger) => lost(schema.parse(data), log) } : {}),
  };
}

export interface SendOptions {
  startAfterSeconds?: number;
  singletonKey?: string;
  /** The job's id (a UUID), chosen by the caller so that it can record it with the job. */
  id?: string;
}

export interface Queue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<void>;
  /** Whether pg-boss still has this job waiting, retrying or running (asked through its API). */
  alive(name: JobName, id: string): Promise<boolean>;
  /**
   * The same queue sending inside the caller's transaction (pg-boss accepts it): the job exists
   * only if that transaction commits, and a worker of this process is woken after the commit.
   */
  within(tx: Pick<Transaction, 'executeSql' | 'afterCommit'>): Queue;
}

export interface QueueHandle extends Queue {
  /** Starts processing these jobs in this process (the worker role). */
  work(definitions: readonly JobDefinition[], options?: { staleAfterSeconds?: number }): Promise<void>;
  /** Runs `name` every `cron` (pg-boss schedules once across all processes). */
  schedule(name: JobName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(pool: pg.Pool, log: Logger, options: { pollingIntervalSeconds?: number } = {}): Promise<QueueHandle> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: 'pgboss',
    // Completed jobs are history we do not need for long; failed ones are kept a week to read.
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  const controller = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const queues = new Map<string, JobDefinition>();
  /** Queues this process made sure of before sending to them without working them. */
  const created = new Set<string>();
  /** The ids of this process's workers per queue, to wake when a job of theirs is sent from here. */
  const localWorkers = new Map<string, string[]>();
  let stopped = false;

  const ensureQueue = async (definition: Pick<JobDefinition, 'name' | 'retryLimit' | 'retryDelay' | 'expireInSeconds'>) => {
    // Workers started together on a database that lacks a queue each create it: pg-boss's
    // create_queue (an insert plus a partition table) can then deadlock, and PostgreSQL aborts one
    // of them. That one tries again a moment later, when the queue exists.
    const options = {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelay,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(definition.name, options);
        // Created earlier by a process that only sends (with pg-boss's defaults): the worker's own options from now on.
        await boss.updateQueue(definition.name, options);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
        log.warn({ queue: definition.name, attempt, code }, 'creating the job queue collided with another process; trying again');
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
      }
    }
  };

  const beat = (jobId: string, queue: string) =>
    pool.query(
      `INSERT INTO job_heartbeats (job_id, queue, beat_at) VALUES ($1, $2, now())
       ON CONFLICT (job_id) DO UPDATE SET beat_at = now()`,
      [jobId, queue],
    );

  /**
   * Fails, through pg-boss's own API, the active jobs whose worker stopped beating (our table
   * job_heartbeats says which), so pg-boss retries them after the queue's backoff. A job that had
   * no attempt left is failed for good: its definition's `lost` is told, since no handler will
   * mark its video failed. (A worker that died between taking a job and its first beat, a few
   * microseconds, is caught by the job's expiry instead.)
   */
  const sweep = async (staleAfterSeconds: number) => {
    const { rows } = await pool.query<{ job_id: string; queue: string }>(
      `SELECT job_id, queue FROM job_heartbeats WHERE queue = ANY($1) AND beat_at < now() - make_interval(secs => $2)`,
      [[...queues.keys()], staleAfterSeconds],
    );
    for (const row of rows) {
      const job = await boss.getJobById<unknown>(row.queue, row.job_id);
      if (job?.state === 'active') {
        log.warn({ job: row.job_id, queue: row.queue }, 'a job stopped beating (its worker died); it runs again after its backoff');
        await boss.fail(row.queue, row.job_id, { message: 'its worker stopped beating (the process or machine was lost)' });
        const after = await boss.getJobById<unknown>(row.queue, row.job_id);
        if (after?.state === 'failed') {
          log.error({ job: row.job_id, queue: row.queue }, 'a job lost its worker on its last attempt');
          await queues.get(row.queue)?.lost?.(after.data, log);
        }
      }
      await pool.query('DELETE FROM job_heartbeats WHERE job_id = $1', [row.job_id]);
    }
  };

  const send = async <N extends JobName>(name: N, payload: JobPayload<N>, sendOptions: SendOptions, tx?: Pick<Transaction, 'executeSql' | 'afterCommit'>) => {
    const definition = queues.get(name);
    if (definition) await ensureQueue(definition);
    else if (!created.has(name)) {
      // A process that only sends (ROLE=api) may start before any worker created this queue: it is
      // created with pg-boss's defaults, which the first worker replaces with the job's own.
      await boss.createQueue(name, { name });
      created.add(name);
    }
    const id = await boss.send(name, payload, {
      ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      ...(sendOptions.id ? { id: sendOptions.id } : {}),
      ...(tx ? { db: { executeSql: tx.executeSql } } : {}),
    });
    // pg-boss inserts nothing, silently, when the queue is missing or the id taken: an error here,
    // so the step that wanted the job is rolled back instead of waiting for a job that does not exist.
    if (!id && !sendOptions.singletonKey) throw new Error(`job ${name} was not queued`);
    // A worker of this process starts it now instead of at its next poll (a render after the
    // provider's click is seconds of work: waiting up to a polling interval would be a good part).
    const wake = () => {
      for (const workerId of localWorkers.get(name) ?? []) boss.notifyWorker(workerId);
    };
    if (tx) tx.afterCommit(wake);
    else wake();
  };
  const alive = async (name: JobName, id: string) => {
    const job = await boss.getJobById(name, id);
    return job !== null && ['created', 'retry', 'active'].includes(job.state);
  };
  const within = (tx: Pick<Transaction, 'executeSql' | 'afterCommit'>): Queue => ({
    send: (name, payload, sendOptions = {}) => send(name, payload, sendOptions, tx),
    alive,
    within,
  });

  return {
    send: (name, payload, sendOptions = {}) => send(name, payload, sendOptions),
    alive,
    within,
    async work(definitions, workOptions = {}) {
      const staleAfterSeconds = workOptions.staleAfterSeconds ?? 60;
      // Several beats fit in the stale window, so a slow beat never looks like a dead worker.
      const heartbeatMs = Math.min(10, staleAfterSeconds / 4) * 1000;
      for (const definition of definitions) {
        queues.set(definition.name, definition);
        await ensureQueue(definition);
        // One job at a time per queue and process: ffmpeg already uses every core.
        const workerId = await boss.work(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
          async ([job]) => {
            if (!job || stopped) return;
            const jobLog = log.child({ job: job.id, queue: definition.name });
            await beat(job.id, definition.name);
            const timer = setInterval(() => void beat(job.id, definition.name).catch(() => undefined), heartbeatMs);
            const started = Date.now();
            try {
              await definition.run(job.data, {
                id: job.id,
                signal: controller.signal,
                log: jobLog,
                retryCount: job.retryCount,
                lastAttempt: job.retryCount >= job.retryLimit,
              });
              jobLog.info({ seconds: (Date.now() - started) / 1000 }, 'job done');
            } catch (error) {
              jobLog.warn({ err: error, attempt: job.retryCount + 1 }, 'job failed');
              throw error;
            } finally {
              clearInterval(timer);
              await pool.query('DELETE FROM job_heartbeats WHERE job_id = $1', [job.id]).catch(() => undefined);
            }
          },
        );
        localWorkers.set(definition.name, [...(localWorkers.get(definition.name) ?? []), workerId]);
      }
      const timer = setInterval(
        () => void sweep(staleAfterSeconds).catch((error: unknown) => log.warn({ err: error }, 'heartbeat sweep failed')),
        (staleAfterSeconds * 1000) / 3,
      );
      timer.unref();
      timers.push(timer);
    },
    async schedule(name, cron) {
      const definition = queues.get(name);
      if (definition) await ensureQueue(definition);
      await boss.schedule(name, cron, {});
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      // Running handlers see the abort and end; their jobs are retried by another worker.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
