import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp, type AppOptions } from '../../src/app.js';
import { createOutboxMailer } from '../../src/platform/mail/mail.js';
import { createLocalStorage } from '../../src/platform/storage/storage.js';
import { createFileUploadStore } from '../../src/platform/storage/upload-store.js';
import type { Queue } from '../../src/platform/jobs/queue.js';
import type { TestDatabase } from './test-database.js';

/** A web build stand-in: the SPA fallback only needs an index.html and one hashed asset. */
export async function createWebDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Intelligent Platform for Surgery Videos</title><div id="root"></div>');
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** A queue that only records what was sent (tests that do not run the worker); inside a transaction, once it commits. */
export function recordingQueue(): Queue & { sent: { name: string; payload: object }[] } {
  const sent: { name: string; payload: object }[] = [];
  return {
    sent,
    async send(name, payload) {
      sent.push({ name, payload });
    },
    // No worker takes these: none lives on.
    alive: async () => false,
    within: (tx) => ({
      send: async (name, payload) => tx.afterCommit(() => void sent.push({ name, payload })),
      alive: async () => false,
      within: () => {
        throw new Error('one transaction at a time');
      },
    }),
  };
}

/**
 * The app on a test database. Mail goes to a temporary outbox and media to a temporary folder
 * unless the test passes its own (the accounts tests pass an SMTP mailer to a real SMTP server).
 */
export async function buildTestApp(
  database: Pick<TestDatabase, 'db' | 'ping' | 'pool'>,
  webDistDir: string,
  options: Partial<Omit<AppOptions, 'database' | 'webDistDir'>> = {},
) {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-app-'));

  const logger = pino({ level: process.env.TEST_LOG ?? process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({
    database,
    logger,
    webDistDir,
    publicUrl: TEST_PUBLIC_URL,
    mailer: createOutboxMailer(path.join(scratch, 'outbox'), 'test@localhost', logger),
    storage: createLocalStorage(path.join(scratch, 'media')),
    queue: recordingQueue(),
    uploads: createFileUploadStore(path.join(scratch, 'media'), 3_600_000),
    // A test machine's disk may be nearly full: only the disk-space test sets a reserve.
    uploadMinFreeBytes: 0,
    ...options,
  });
  app.addHook('onClose', async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });
  return app;
}
