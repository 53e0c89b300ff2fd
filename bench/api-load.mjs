#!/usr/bin/env node
// API load benchmark: starts the built server (embedded PostgreSQL in a temp dir), then drives
// loopback load with autocannon at a few endpoints and prints requests/s and latency percentiles.
// Usage: npm run build && node bench/api-load.mjs [--duration 10] [--connections 50]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 10);
const connections = arg('connections', 50);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-bench-'));
await fs.chmod(dataDir, 0o755);
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// Measured as deployed: request logging stays on (info); stdout is read for the URL line.
const url = await new Promise((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  let buffer = '';
  server.stdout.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        if (entry.url) resolve(entry.url);
      } catch {
        // not JSON
      }
    }
  });
});

const targets = [
  { name: 'GET /api/health (database round trip)', path: '/api/health' },
  { name: 'GET /api/surgery-types (query + serialise)', path: '/api/surgery-types' },
  { name: 'GET /api/session', path: '/api/session' },
  { name: 'GET /watch-later (SPA fallback, index.html)', path: '/watch-later' },
];

console.log(`node ${process.version}, ${os.cpus().length} cores, ${connections} connections, ${duration} s per endpoint\n`);
console.log('| endpoint | req/s (mean) | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|');
for (const target of targets) {
  const result = await autocannon({ url: `${url}${target.path}`, connections, duration });
  const errors = result.errors + result.non2xx;
  console.log(`| ${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`);
}
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
await fs.rm(dataDir, { recursive: true, force: true });
