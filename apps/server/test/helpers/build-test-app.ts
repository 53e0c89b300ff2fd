import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import type { TestDatabase } from './test-database.js';

/** A web build stand-in: the SPA fallback only needs an index.html and one hashed asset. */
export async function createWebDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Intelligent Platform for Surgery Videos</title><div id="root"></div>');
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

export async function buildTestApp(
  database: Pick<TestDatabase, 'db' | 'ping'>,
  webDistDir: string,
  options: { pageViewsPerMinute?: number } = {},
) {
  return buildApp({ database, logger: pino({ level: 'silent' }), webDistDir, ...options });
}
