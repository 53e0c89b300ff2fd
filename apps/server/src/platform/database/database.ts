// PostgreSQL connection: DATABASE_URL when set, otherwise the embedded server. Migrations run at
// start under an advisory lock, so several processes starting together apply them once.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The connection string (the embedded server's or DATABASE_URL; never logged): search threads open their own connections with it. */
  url: string;
  /** 'embedded' or the host:port/database of DATABASE_URL (never the password). */
  description: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Arbitrary constant identifying our migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK_ID = 7_242_001;

export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/** A real round trip to the database; false when it cannot be reached. */
export async function pingPool(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      pgDataDir: config.pgDataDir,
      preferredPort: config.EMBEDDED_PG_PORT,
      log,
    });
    url = embedded.url;
  }
  const pool = new pg.Pool({ connectionString: url, max: config.DATABASE_POOL_SIZE });
  // An idle connection can end under us (database restart, or Ctrl-C reaching the embedded server
  // first). The pool replaces it; log the reason only, not the whole client object.
  pool.on('error', (error: Error & { code?: string }) => log.warn({ code: error.code, reason: error.message }, 'an idle database connection was closed'));
  const description = embedded ? `embedded PostgreSQL on 127.0.0.1:${embedded.port}` : describeUrl(url);
  try {
    await runMigrations(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw new Error(`Could not prepare the database (${description}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    description,
    ping: () => pingPool(pool),
    async close() {
      await pool.end().catch((error: unknown) => log.warn({ err: error }, 'closing the pool failed'));
      await embedded?.stop();
    },
  };
}
