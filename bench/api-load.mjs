#!/usr/bin/env node
// API load benchmark: starts the built server (embedded PostgreSQL in a temp dir), then drives
// loopback load with autocannon at a few endpoints and prints requests/s and latency percentiles.
// Usage: npm run build && node bench/api-load.mjs [--duration 10] [--connections 50]
import os from 'node:os';
import autocannon from 'autocannon';
import { arg, startBuiltServer } from './built-server.mjs';

const duration = arg('duration', 10);
const connections = arg('connections', 50);

// Measured as deployed: requests are logged at debug (not printed at the default info level).
const server = await startBuiltServer();
const { url } = server;

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
await server.stop();
