#!/usr/bin/env node
// Support chat benchmark: 1,000 anonymous chat visitors hold the live WebSocket (/api/live) open on
// one API process (its memory and descriptors before and after), and the latency of a message from
// one side's send to the other side's screen, both ways: the visitor's POST, the support console's
// socket event, and the console's fetch of the conversation; then the support reply, the visitor's
// socket event and the widget's fetch. The built server runs as `npm start` would.
// Usage: npm run build && node bench/chat-latency.mjs [--visitors 1000] [--messages 200]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { arg, startBuiltServer } from './built-server.mjs';

const visitorCount = arg('visitors', 1000);
const messages = arg('messages', 200);
const supportEmail = 'support@bench.org';

const server = await startBuiltServer({ ROLE: 'api', RATE_LIMIT_SCALE: '1000', ADMIN_EMAIL: supportEmail, WS_MAX_PER_ADDRESS: String(visitorCount + 100) });
const { url, dataDir } = server;
const origin = new URL(url).origin;
const wsUrl = `${url.replace('http', 'ws')}/api/live`;

const serverStats = async () => {
  const status = await fs.readFile(`/proc/${server.pid}/status`, 'utf8');
  return { rssMiB: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024), fds: (await fs.readdir(`/proc/${server.pid}/fd`)).length };
};

// The support person: the administrator address (administrators use the console too).
const call = (method, pathname, body, headers = {}) =>
  fetch(`${url}${pathname}`, {
    method,
    headers: { origin, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
await call('POST', '/api/auth/sign-up', { email: supportEmail, password: 'Correct-Horse7', firstName: 'Sam', lastName: 'Support', language: 'en-US' });
await new Promise((r) => setTimeout(r, 500));
const outbox = path.join(dataDir, 'outbox');
const mail = await fs.readFile(path.join(outbox, (await fs.readdir(outbox))[0]), 'utf8');
const confirmed = await call('POST', '/api/auth/confirm-sign-up', { email: supportEmail, code: /^\s+([0-9]{6})\s*$/m.exec(mail)[1] });
const cookie = confirmed.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
// The console stays online (it beats every 20 s, as the page does).
const beat = () => call('POST', '/api/support/presence', { connection: 'benchconsole1', present: true }, { cookie });
await beat();
const heartbeat = setInterval(beat, 20_000);

/** A socket that resolves `next(predicate)` with the time the first matching event arrived. */
function eventSocket(headers, protocol) {
  const ws = new WebSocket(wsUrl, protocol, { headers: { origin, ...headers } });
  const waiting = [];
  ws.on('message', (data) => {
    const event = JSON.parse(String(data));
    const at = performance.now();
    for (const w of waiting.splice(0)) {
      if (w.predicate(event)) w.resolve(at);
      else waiting.push(w);
    }
  });
  return {
    ws,
    opened: new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    }),
    next: (predicate) => new Promise((resolve) => waiting.push({ predicate, resolve })),
  };
}

const before = await serverStats();
const consoleSocket = eventSocket({ cookie });
await consoleSocket.opened;
const visitors = [];
const openStarted = Date.now();
for (let i = 0; i < visitorCount; i += 100) {
  const batch = Array.from({ length: Math.min(100, visitorCount - i) }, (_, j) => {
    const id = `bench${String(i + j).padStart(7, '0')}`;
    const secret = `${id}-secret-0123456789abcdefghijklmn`;
    const socket = eventSocket({}, `ipsv-visitor.${id}.${secret}`);
    visitors.push({ id, secret, socket, header: { 'x-chat-visitor': `${id}.${secret}` } });
    return socket.opened;
  });
  await Promise.all(batch);
}
const openSeconds = (Date.now() - openStarted) / 1000;
await new Promise((r) => setTimeout(r, 1000));
const held = await serverStats();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const toSupport = [];
const toVisitor = [];
for (let i = 0; i < messages; i += 1) {
  const visitor = visitors[i % visitors.length];
  // Visitor → support console: the event, then the console's fetch of the conversation.
  const started = performance.now();
  const seen = consoleSocket.next((event) => event.type === 'chat');
  const sent = await call('POST', '/api/chat/messages', { text: `Question ${i}`, page: '/login' }, visitor.header);
  if (!sent.ok) throw new Error(`send failed: ${sent.status} ${await sent.text()}`);
  await seen;
  const list = await (await call('GET', '/api/support/conversations?status=open&pageSize=1', undefined, { cookie })).json();
  const detail = await (await call('GET', `/api/support/conversations/${list.conversations[0].id}`, undefined, { cookie })).json();
  if (!detail.messages.some((m) => m.text === `Question ${i}`)) throw new Error('the console did not get the message');
  toSupport.push(performance.now() - started);

  // Support → visitor: the reply, the visitor's event, the widget's fetch.
  const replyStarted = performance.now();
  const arrived = visitor.socket.next((event) => event.type === 'chat');
  const replied = await call('POST', `/api/support/conversations/${detail.id}/messages`, { text: `Answer ${i}` }, { cookie });
  if (!replied.ok) throw new Error(`reply failed: ${replied.status}`);
  await arrived;
  const widget = await (await call('GET', '/api/chat', undefined, visitor.header)).json();
  if (!widget.messages.some((m) => m.text === `Answer ${i}`)) throw new Error('the widget did not get the reply');
  toVisitor.push(performance.now() - replyStarted);
}
const afterMessages = await serverStats();

for (const visitor of visitors) visitor.socket.ws.close();
consoleSocket.ws.close();
await new Promise((r) => setTimeout(r, 2000));
const afterClose = await serverStats();

const ms = (v) => `${v.toFixed(1)} ms`;
console.log(`node ${process.version}, ${os.cpus().length} cores; built server ROLE=api with the embedded PostgreSQL, loopback\n`);
console.log('| moment | server RSS MiB | server fds |');
console.log('|---|---|---|');
console.log(`| before (support signed in) | ${before.rssMiB} | ${before.fds} |`);
console.log(`| ${visitors.length} visitor sockets + 1 console socket open (opened in ${openSeconds.toFixed(1)} s) | ${held.rssMiB} | ${held.fds} |`);
console.log(`| after ${messages} exchanges | ${afterMessages.rssMiB} | ${afterMessages.fds} |`);
console.log(`| all closed | ${afterClose.rssMiB} | ${afterClose.fds} |`);
console.log(`\n| direction (send → on the other screen) | p50 | p95 | max |`);
console.log('|---|---|---|---|');
console.log(`| visitor → support console | ${ms(percentile(toSupport, 50))} | ${ms(percentile(toSupport, 95))} | ${ms(Math.max(...toSupport))} |`);
console.log(`| support → visitor widget | ${ms(percentile(toVisitor, 50))} | ${ms(percentile(toVisitor, 95))} | ${ms(Math.max(...toVisitor))} |`);

clearInterval(heartbeat);
await server.stop();
