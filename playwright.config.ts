// End-to-end journeys in Debian's Chromium (/usr/bin/chromium; no browser download) against the
// built product started as `npm start` would, with its own embedded PostgreSQL in a temp dir.
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ipsv-e2e-${process.pid}`);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
// Set once in the main process; the test workers inherit it and read the mail from there.
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `ipsv-e2e-mail-${process.pid}`);
const mailDir = process.env.E2E_MAIL_DIR;

export default defineConfig({
  testDir: 'e2e',
  // A whole journey (sign-up with its mailed code, terms, sign-out and in...) on two cores, while
  // the other worker's journey transcodes and analyses video: 30 s was exceeded by load alone, and
  // on a slower 2-core machine (the whole suite 26 min instead of 11) page loads took 6 s each
  // and journeys 30-40 s, so a minute left too little room. Speed is measured in bench/, not here.
  timeout: 120_000,
  // There too, a video page's first answer once waited 9 s behind the other worker's page sweep.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // A real SMTP server receives the app's mail (confirmation and reset codes).
      command: 'node e2e/support/smtp-sink.mjs',
      port: smtpPort,
      env: { E2E_MAIL_DIR: mailDir, E2E_SMTP_PORT: String(smtpPort) },
      reuseExistingServer: false,
      timeout: 20_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `http://127.0.0.1:${port}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
        ADMIN_EMAIL: 'admin@e2e-hospital.org',
        // Every journey signs up from 127.0.0.1.
        RATE_LIMIT_SCALE: '20',
        // The CI machine's disk may be small; the journeys upload a few MB.
        UPLOAD_MIN_FREE_MB: '16',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
