// The job queue: pg-boss on our own PostgreSQL (no extra broker), so any number of worker
// processes share the work with SKIP LOCKED. A running job beats a heartbeat; a job whose worker
// died (killed, machine lost) stops beating and is failed by the sweeper, so pg-boss retries it
// on another worker within a minute instead of waiting for the job's long expiry.
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { z } from 'zod';
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
}

/** The payload schemas, typed per name so that indexing with a generic name keeps the payload type. */
const PAYLOAD_SCHEMAS: { [N in JobName]: z.ZodType<JobPayload<N>> } = JOB_PAYLOADS;

/**
 * A job of the map in job-types.ts: its handler receives the payload parsed by that job's own
 * schema, so the payload type follows from the name.
 */
export function defineJob<N extends JobName>(
  name: N,
  options: Pick<JobDefinition, 'retryLimit' | 'retryDelay' | 'expireInSeconds'>,
  handler: (payload: JobPayload<N>, context: JobContext) => Promise<void>,
): JobDefinition {
  const schema = PAYLOAD_SCHEMAS[name];
  return { name, ...options, run: (data, context) => handler(schema.parse(data), context) };
}

export interface Queue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<void>;
  /** Whether a job `name` for this video is waiting, retrying or running (only running with `activeOnly`). */
  pending(name: JobName, videoId: string, options?: { activeOnly?: boolean }): Promise<boolean>;
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
  /** The ids of this process's workers per queue, to wake when a job of theirs is sent from here. */
  const localWorkers = new Map<string, string[]>();
  let stopped = false;

  const ensureQueue = async (definition: Pick<JobDefinition, 'name' | 'retryLimit' | 'retryDelay' | 'expireInSeconds'>) => {
    // Workers started together on a database that lacks a queue each create it: pg-boss's
    // create_queue (an insert plus a partition table) can then deadlock, and PostgreSQL aborts one
    // of them. That one tries again a moment later, when the queue exists.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit,
          retryDelay: definition.retryDelay,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds,
        });
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

  /** Fails active jobs whose worker stopped beating, so pg-boss retries them now. */
  const sweep = async (staleAfterSeconds: number) => {
    const names = [...queues.keys()];
    if (names.length === 0) return;
    const { rows } = await pool.query<{ id: string; name: string }>(
      `SELECT j.id::text AS id, j.name FROM pgboss.job j
        LEFT JOIN job_heartbeats h ON h.job_id = j.id::text
        WHERE j.state = 'active' AND j.name = ANY($1)
          AND coalesce(h.beat_at, j.started_on) < now() - make_interval(secs => $2)`,
      [names, staleAfterSeconds],
    );
    for (const row of rows) {
      log.warn({ job: row.id, queue: row.name }, 'a job stopped beating (its worker died); it runs again now');
      // Back to 'retry', startable at once (pg-boss 10 counts the attempt when it is fetched again).
      // A direct update: boss.fail() would wait out the queue's backoff first.
      await pool.query(`UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE id = $1::uuid AND state = 'active'`, [row.id]);
      await pool.query('DELETE FROM job_heartbeats WHERE job_id = $1', [row.id]);
    }
    await pool.query(`DELETE FROM job_heartbeats WHERE beat_at < now() - interval '1 day'`);
  };

  return {
    async send(name, payload, sendOptions = {}) {
      const definition = queues.get(name);
      if (definition) await ensureQueue(definition);
      await boss.send(name, payload, {
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      // A worker of this process starts it now instead of at its next poll (a render after the
      // provider's click is seconds of work: waiting up to a polling interval would be a good part).
      for (const workerId of localWorkers.get(name) ?? []) boss.notifyWorker(workerId);
    },
    async pending(name, videoId, pendingOptions = {}) {
      const states = pendingOptions.activeOnly ? ['active'] : ['created', 'retry', 'active'];
      const { rowCount } = await pool.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state::text = ANY($3::text[]) AND data->>'videoId' = $2 LIMIT 1`, [
        name,
        videoId,
        states,
      ]);
      return (rowCount ?? 0) > 0;
    },
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
