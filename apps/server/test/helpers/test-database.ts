// A fresh, migrated database per test file, dropped afterwards, on the run's PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { pingPool, runMigrations, type Database } from '../../src/platform/database/database.js';

export interface TestDatabase extends Database {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `ipsv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  // As the server's own pool does (database.ts): an idle connection the server ends is replaced,
  // not an uncaught error in whichever test file runs then (a CI run reported one, code 57P01).
  pool.on('error', () => undefined);
  if (options.migrate !== false) await runMigrations(pool);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  return {
    url,
    pool,
    db: drizzle(pool, { schema }),
    description: name,
    ping: () => pingPool(pool),
    close,
    async drop() {
      await close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
