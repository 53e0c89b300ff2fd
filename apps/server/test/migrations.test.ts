// Migrations: applied once even when several processes start together, and safe to re-run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';
import { runMigrations } from '../src/platform/database/database.js';
import { MIGRATIONS_DIR } from '../src/platform/paths.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database?.drop();
});

describe('runMigrations', () => {
  it('applies all migrations once when three processes race, then re-runs as a no-op', async () => {
    await Promise.all([runMigrations(database.pool), runMigrations(database.pool), runMigrations(database.pool)]);
    await runMigrations(database.pool);
    const applied = await database.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
    expect(journal.entries.length).toBeGreaterThanOrEqual(3);
    expect(applied.rows[0].n).toBe(journal.entries.length);
    const types = await database.pool.query('SELECT id, name, kind FROM surgery_types ORDER BY position');
    expect(types.rows).toEqual(SURGERY_TYPE_SEED.map((t) => ({ ...t })));
  });

  it('marks the specialties apart from the procedure ids 0-10 of the spec', async () => {
    const { rows } = await database.pool.query<{ id: number; kind: string }>('SELECT id, kind FROM surgery_types');
    const procedures = rows
      .filter((r) => r.kind === 'procedure')
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(procedures).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9, 10]);
    expect(rows.filter((r) => r.kind === 'specialty')).toHaveLength(9);
  });
});
