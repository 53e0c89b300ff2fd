// One transaction on one pooled connection, usable by drizzle (db) and by pg-boss (executeSql, which
// pg-boss's send accepts as the caller's transaction): a video's status, its records and its next job
// are written together or not at all. Work that must follow the commit (waking a worker of this
// process) is registered with afterCommit and runs only once the commit succeeded.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../../db/schema.js';
import type { Db } from './database.js';

export interface Transaction {
  db: Db;
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  afterCommit(run: () => void): void;
}

export async function inTransaction<T>(pool: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const after: (() => void)[] = [];
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work({
      db: drizzle(client, { schema }),
      executeSql: (text, values) => client.query(text, values),
      afterCommit: (run) => void after.push(run),
    });
    await client.query('COMMIT');
    for (const run of after) run();
    return result;
  } catch (error) {
    // A connection that cannot even roll back is not given back to the pool.
    await client
      .query('ROLLBACK')
      .catch((rollbackError: unknown) => (broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))));
    throw error;
  } finally {
    client.release(broken);
  }
}
