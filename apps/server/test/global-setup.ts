// One PostgreSQL server for the integration run: TEST_DATABASE_URL or DATABASE_URL when set (any
// PostgreSQL 15+ where we may create databases; each test file makes and drops its own database),
// otherwise an embedded server in a temporary directory.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort } from '../src/platform/database/free-port.js';
import { createTestPostgres } from './helpers/embedded-test-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) {
    project.provide('adminDatabaseUrl', external);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-test-pg-'));
  const port = await findFreePort();
  const pg = await createTestPostgres(dir, { port, password: 'test' });
  project.provide('adminDatabaseUrl', `postgres://postgres:test@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
