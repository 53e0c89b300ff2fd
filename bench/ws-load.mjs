#!/usr/bin/env node
// Load benchmark for the security issue: 10,000 idle WebSocket connections held open while
// autocannon sends 200 req/s of API traffic, with the server's memory and file descriptors before,
// during and after (descriptors must come back: nothing leaks). The built server runs as `npm
// start` would (embedded PostgreSQL in a temp dir); sockets come from 100 loopback addresses
// (127.0.0.2-101), 100 each, as clients behind many addresses would.
// Usage: npm run build && node bench/ws-load.mjs [--sockets 10000] [--rate 200] [--duration 20]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { arg, startBuiltServer } from './built-server.mjs';

const socketCount = arg('sockets', 10_000);
const rate = arg('rate', 200);
const duration = arg('duration', 20);
const addresses = 100;

const server = await startBuiltServer({
  HOST: '0.0.0.0',
  ROLE: 'api',
  RATE_LIMIT_SCALE: '1000',
  WS_MAX_PER_ADDRESS: String(Math.ceil(socketCount / addresses) + 10),
  WS_MAX_CONNECTIONS: String(socketCount + 1000),
});
const { url, dataDir } = server;

const serverStats = async () => {
  const status = await fs.readFile(`/proc/${server.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  const fds = (await fs.readdir(`/proc/${server.pid}/fd`)).length;
  return { rssMiB: Math.round(rss), fds };
};

// A signed-in user: sign up, read the code from the outbox, confirm.
const origin = new URL(url).origin;
const post = (pathname, body, cookie = '') =>
  fetch(`${url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
const email = 'load@bench.org';
await post('/api/auth/sign-up', { email, password: 'Correct-Horse7', firstName: 'Load', lastName: 'Bench', language: 'en-US' });
await new Promise((r) => setTimeout(r, 500));
const outbox = path.join(dataDir, 'outbox');
const mail = await fs.readFile(path.join(outbox, (await fs.readdir(outbox))[0]), 'utf8');
const code = /^\s+([0-9]{6})\s*$/m.exec(mail)[1];
const confirmed = await post('/api/auth/confirm-sign-up', { email, code });
const cookie = confirmed.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

const before = await serverStats();
const sockets = [];
const started = Date.now();
let refused = 0;
for (let i = 0; i < socketCount; i += 500) {
  const batch = Array.from({ length: Math.min(500, socketCount - i) }, (_, j) => {
    const index = i + j;
    return new Promise((resolve) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/api/videos/progress`, {
        headers: { cookie, origin },
        localAddress: `127.0.0.${2 + (index % addresses)}`,
      });
      ws.on('open', () => {
        sockets.push(ws);
        resolve();
      });
      ws.on('unexpected-response', () => {
        refused += 1;
        resolve();
      });
      ws.on('error', () => {
        refused += 1;
        resolve();
      });
    });
  });
  await Promise.all(batch);
}
const openSeconds = (Date.now() - started) / 1000;
const held = await serverStats();

const load = await autocannon({ url: `${url}/api/videos/mine`, headers: { cookie }, connections: 20, overallRate: rate, duration });
const afterLoad = await serverStats();
const stillOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
const health = await fetch(`${url}/api/health`);

await Promise.all(
  sockets.map(
    (ws) =>
      new Promise((resolve) => {
        ws.once('close', resolve);
        ws.close();
      }),
  ),
);
await new Promise((r) => setTimeout(r, 2000));
const afterClose = await serverStats();

console.log(
  `node ${process.version}, ${os.cpus().length} cores; server ROLE=api with the embedded PostgreSQL; ${socketCount} sockets from ${addresses} loopback addresses\n`,
);
console.log('| moment | server RSS MiB | server fds |');
console.log('|---|---|---|');
console.log(`| before (signed in, idle) | ${before.rssMiB} | ${before.fds} |`);
console.log(`| ${sockets.length} WebSockets open (${refused} refused, opened in ${openSeconds.toFixed(1)} s) | ${held.rssMiB} | ${held.fds} |`);
console.log(`| after ${duration} s of ${rate} req/s with them open | ${afterLoad.rssMiB} | ${afterLoad.fds} |`);
console.log(`| all closed | ${afterClose.rssMiB} | ${afterClose.fds} |`);
console.log(
  `\nAPI under the socket load (GET /api/videos/mine, ${rate} req/s target, 20 connections): ` +
    `${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${load.errors + load.non2xx}; ` +
    `sockets still open after it: ${stillOpen}; health ${health.status}`,
);

await server.stop();
