#!/usr/bin/env node
// The video page's cost: the built server (embedded PostgreSQL in a temp dir, a local SMTP sink
// for the sign-up codes) with one published 12 s video; Debian's Chromium opens /video/:id on
// loopback and we time navigation start to the first frame on screen (a laid-out <video> holding a
// decoded frame: readyState >= 2, the player's or, since the player adopts a stream started before
// the page renders, the loading state's) with the bytes of media fetched until then, and to the
// player ready for a key press; then press play and time the first played frame; then how busy
// the main thread is while the video plays. Then the page's API call under 50 connections
// (autocannon), with the PostgreSQL statements it costs
// (pg_stat_database transactions per request: every statement is its own transaction).
// Usage: npm run build && node --import tsx bench/video-page.mjs [--duration 10] [--connections 50] [--runs 5] [--cpu] [--profile] [--floor]
// --floor also times the media path alone, as many times as --runs: on a bare same-origin document, the page's
// API call, the built hls.js (from the cache) on a plain <video>, to the first decodable frame. What
// the app's own start adds is the first frame minus that.
// --cpu also traces each load and sums the page's main-thread CPU time until the video's
// 'loadeddata' event: the work in the way of the first frame, which (unlike the wall-clock time)
// hardly changes when other processes share the cores. Tracing slows the loads a little.
/* global document, KeyboardEvent -- used inside page.evaluate, in the browser */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { arg, startBuiltServer } from './built-server.mjs';

const duration = arg('duration', 10);

/** Adds a CPU profile's self time per script and per function to the totals. */
function addSelfTimes(totals, profile) {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  profile.samples.forEach((id, k) => {
    const frame = frames.get(id);
    if (frame.functionName === '(idle)') return;
    const ms = profile.timeDeltas[k] / 1000;
    const script = frame.url ? frame.url.replace(/^.*\/(assets\/)?/, '').replace(/-[\w-]{8}\.js$/, '.js') : frame.functionName;
    totals.byScript.set(script, (totals.byScript.get(script) ?? 0) + ms);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    totals.byFunction.set(fn, (totals.byFunction.get(fn) ?? 0) + ms);
  });
  totals.loads += 1;
}

function printSelfTimes(totals) {
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  const per = (ms) => (ms / totals.loads).toFixed(1);
  console.log(`\nmain thread before the first frame, self time per load (mean of ${totals.loads}), by script:`);
  for (const [name, ms] of top(totals.byScript, 15)) console.log(`  ${per(ms).padStart(7)} ms  ${name}`);
  console.log('by function:');
  for (const [name, ms] of top(totals.byFunction, 25)) console.log(`  ${per(ms).padStart(7)} ms  ${name}`);
}
const SUPERUSER = 'postgres';
const DATABASE = 'surgery_videos';
const connections = arg('connections', 50);
const smtpPort = 2600 + Math.floor(Math.random() * 300);
const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-bench-mail-'));
process.env.E2E_MAIL_DIR = mailDir;
const sink = spawn(process.execPath, ['e2e/support/smtp-sink.mjs'], { env: { ...process.env, E2E_SMTP_PORT: String(smtpPort) }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1000));
const server = await startBuiltServer({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  ADMIN_EMAIL: 'admin@e2e-hospital.org',
  RATE_LIMIT_SCALE: '20',
});
const { url } = server;
const { createProvider, publishVideo } = await import('../e2e/support/videos.ts');
const { createSignedInAccount } = await import('../e2e/support/accounts.ts');

try {
  const provider = await playwrightRequest.newContext({ baseURL: url });
  await createProvider(provider, url);
  const started = Date.now();
  const videoId = await publishVideo(provider, { title: 'Bench cholecystectomy', seconds: 12, segments: [{ start: 0, end: 6, title: 'Dissection' }] });
  console.log(`published a 12 s 720p clip (360p + 720p ladder) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: url });
  await createSignedInAccount(context.request);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  await context.addInitScript(() => localStorage.setItem('consent', JSON.stringify({ necessary: true, performance: false, advertising: false })));
  const runs = [];
  const traceCpu = process.argv.includes('--cpu');
  // --profile samples the page's JavaScript from navigation to the first frame and prints where
  // that time went, by script and by function (self time, summed over the loads).
  const profileFirstFrame = process.argv.includes('--profile');
  const profileTotals = { byScript: new Map(), byFunction: new Map(), loads: 0 };
  // Self thread time of each kind of trace event (style, layout, paint, script, parsing...): what
  // the sampling profiler shows only as "(program)".
  const kindTotals = new Map();
  let kindLoads = 0;
  const addKindTimes = (events) => {
    const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    const self = new Map();
    for (const e of sorted) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, (self.get(parent) ?? parent.tdur) - e.tdur);
      self.set(e, e.tdur);
      stack.push(e);
    }
    for (const [e, tdur] of self) kindTotals.set(e.name, (kindTotals.get(e.name) ?? 0) + Math.max(0, tdur) / 1000);
    kindLoads += 1;
  };
  /** Wall time of the same tasks, per load. */
  const taskWallMs = [];
  /** CPU time of the renderer's main thread (its tasks' thread time) before the video's 'loadeddata' event. */
  const mainThreadCpuBeforeFrame = (events) => {
    for (const main of events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')) {
      const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
      const loaded = mine.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'loadeddata');
      if (!loaded) continue;
      const before = mine.filter((e) => e.ph === 'X' && e.ts < loaded.ts && e.tdur !== undefined);
      addKindTimes(before);
      const tasks = before.filter((e) => e.name === 'RunTask');
      // Wall time inside those tasks beside their thread time: the difference is time the main
      // thread was ready to run but had no core (the server, PostgreSQL and Chromium's other
      // processes share the machine's cores on loopback).
      taskWallMs.push(tasks.reduce((sum, e) => sum + e.dur, 0) / 1000);
      return tasks.reduce((sum, e) => sum + e.tdur, 0) / 1000;
    }
    return undefined;
  };
  // (--variants, which refused the route loader's fetch() warm-up, is gone: hls.js itself now
  // starts from the loader, and its requests are the player's.)
  const runsEach = arg('runs', 5);
  for (let i = 0; i < runsEach; i += 1) {
    const page = await context.newPage();
    let mediaBytes = 0;
    let counting = true;
    const rungs = new Set();
    page.on('response', async (response) => {
      if (!counting || !response.url().includes('/media/')) return;
      const rung = /\/(\d+p)\//.exec(response.url())?.[1];
      if (rung) rungs.add(rung);
      mediaBytes += Number(response.headers()['content-length'] ?? (await response.body().catch(() => Buffer.alloc(0))).length);
    });
    if (traceCpu) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const profiler = profileFirstFrame ? await context.newCDPSession(page) : undefined;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    await page.goto(`/video/${videoId}`);
    // The first frame on screen: a <video> of the page, laid out with a size, holding a decoded frame
    // (the player's, or the early start's in the loading state's player box).
    await page.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.readyState >= 2 && v.offsetWidth > 0 && v.offsetHeight > 0), null, {
      timeout: 30_000,
    });
    counting = false;
    const frameMs = await page.evaluate(() => performance.now());
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      addSelfTimes(profileTotals, profile);
      // BENCH_PROFILE_DIR keeps each load's profile (.cpuprofile: DevTools' Performance panel opens it).
      if (process.env.BENCH_PROFILE_DIR)
        await fs.writeFile(path.join(process.env.BENCH_PROFILE_DIR, `load-${runs.length + 1}.cpuprofile`), JSON.stringify(profile));
    }
    const cpuMs = traceCpu ? mainThreadCpuBeforeFrame(JSON.parse((await browser.stopTracing()).toString()).traceEvents) : undefined;
    // Where the time went: when each step's response ended, from navigation start.
    const steps = await page.evaluate(() => {
      const end = (test) => performance.getEntriesByType('resource').find((e) => test(e.name))?.responseEnd;
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        html: nav?.responseEnd,
        app: end((n) => /\/assets\/index-[^/]*\.js$/.test(n)),
        page: end((n) => /\/assets\/video-page-[^/]*\.js$/.test(n)),
        session: end((n) => n.endsWith('/api/session')),
        watch: end((n) => /\/api\/videos\/[^/]+\/watch$/.test(n)),
        hls: end((n) => /\/assets\/hls[^/]*\.js$/.test(n)),
        master: end((n) => n.endsWith('master.m3u8')),
        segment: end((n) => /segment-\d+\.m4s$/.test(n)),
        playerSegment: performance.getEntriesByType('resource').find((e) => e.initiatorType === 'xmlhttprequest' && /segment-\d+\.m4s$/.test(e.name))
          ?.responseEnd,
      };
    });
    const firstFrameBytes = mediaBytes;
    const firstRungs = [...rungs];
    // The player ready for a key press (its controls up, the stream's duration known).
    await page.waitForFunction(() => document.querySelector('[data-media-player][data-can-play]'), null, { timeout: 30_000 });
    const readyMs = await page.evaluate(() => performance.now());
    // Play: the first frame actually presented after the key press.
    const playedMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const video = document.querySelector('video');
          const t0 = performance.now();
          video.requestVideoFrameCallback(() => resolve(performance.now() - t0));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
        }),
    );
    if (process.env.BENCH_DEBUG)
      console.log(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => /media|api|hls/.test(e.name))
            .map(
              (e) =>
                `${Math.round(e.startTime)}→${Math.round(e.responseEnd)} ${e.initiatorType} ${e.transferSize} ${e.name.replace(/^.*\/(media|api|assets)\//, '')}`,
            )
            .join('\n'),
        ),
      );
    runs.push({ frameMs, readyMs, playedMs, firstFrameBytes, firstRungs, steps, cpuMs });
    await page.close();
  }
  const floorMs = [];
  if (process.argv.includes('--floor')) {
    const hlsScript = (await fs.readdir(path.join('apps', 'web', 'dist', 'assets'))).find((name) => /^hls\.light-[\w-]+\.js$/.test(name));
    for (let i = 0; i < runsEach; i += 1) {
      const bare = await context.newPage();
      await bare.goto('/api/health');
      floorMs.push(
        await bare.evaluate(
          async ({ script, id }) => {
            const t0 = performance.now();
            const [{ default: Hls }, page] = await Promise.all([import(script), fetch(`/api/videos/${id}/watch`).then((r) => r.json())]);
            const video = document.createElement('video');
            video.muted = true;
            document.body.append(video);
            const hls = new Hls();
            hls.attachMedia(video);
            hls.loadSource(page.playback.hls);
            await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
            return performance.now() - t0;
          },
          { script: `/assets/${hlsScript}`, id: videoId },
        ),
      );
      await bare.close();
    }
  }
  // While it plays: how busy the page's main thread is (Chromium's sampling profiler, 5 s of playback).
  const playing = await context.newPage();
  await playing.goto(`/video/${videoId}`);
  await playing.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, null, { timeout: 30_000 });
  await playing.evaluate(() => {
    const video = document.querySelector('video');
    video.muted = true;
    video.loop = true;
    return video.play();
  });
  await playing.waitForTimeout(1000);
  const cdp = await context.newCDPSession(playing);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await playing.waitForTimeout(5000);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let sampled = 0;
  let idle = 0;
  let script = 0;
  profile.samples.forEach((id, k) => {
    const ms = profile.timeDeltas[k] / 1000;
    const name = nodes.get(id);
    sampled += ms;
    if (name === '(idle)') idle += ms;
    else if (name !== '(program)' && name !== '(garbage collector)') script += ms;
  });
  const playbackBusy = { busy: (100 * (sampled - idle)) / sampled, script: (100 * script) / sampled };
  await browser.close();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    '\n| run | navigation → first frame ms | navigation → player ready ms | + play → first played frame ms | media bytes before first frame | rungs fetched |',
  );
  console.log('|---|---|---|---|---|---|');
  runs.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${Math.round(r.frameMs)} | ${Math.round(r.readyMs)} | ${Math.round(r.playedMs)} | ${r.firstFrameBytes.toLocaleString('en-US')} | ${r.firstRungs.join(', ')} |`,
    ),
  );
  console.log(
    '\n| run | HTML | app script | page script | session | watch API | hls.js | master playlist | first segment | hls.js has it | first frame (ms from navigation) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const ms = (v) => (v === undefined ? '–' : String(Math.round(v)));
  runs.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${ms(r.steps.html)} | ${ms(r.steps.app)} | ${ms(r.steps.page)} | ${ms(r.steps.session)} | ${ms(r.steps.watch)} | ${ms(r.steps.hls)} | ${ms(r.steps.master)} | ${ms(r.steps.segment)} | ${ms(r.steps.playerSegment)} | ${ms(r.frameMs)} |`,
    ),
  );
  console.log(
    `median: first frame ${Math.round(median(runs.map((r) => r.frameMs)))} ms (media bytes before it ${median(runs.map((r) => r.firstFrameBytes)).toLocaleString('en-US')}), player ready ${Math.round(median(runs.map((r) => r.readyMs)))} ms, then first played frame ${Math.round(median(runs.map((r) => r.playedMs)))} ms after play`,
  );
  if (floorMs.length)
    console.log(
      `the media path alone (API call, hls.js, playlists, first segment, decode) on a bare page: median ${Math.round(median(floorMs))} ms (${floorMs.map(Math.round).join(', ')})`,
    );
  if (profileFirstFrame) printSelfTimes(profileTotals);
  if (traceCpu) {
    const cpu = runs.map((r) => r.cpuMs).filter((v) => v !== undefined);
    console.log(`main-thread CPU before the first frame: median ${Math.round(median(cpu))} ms (${cpu.map(Math.round).join(', ')})`);
    console.log(`the same tasks' wall time: median ${Math.round(median(taskWallMs))} ms (${taskWallMs.map(Math.round).join(', ')})`);
    console.log(`by kind of work, self thread time per load (mean of ${kindLoads}):`);
    for (const [name, total] of [...kindTotals].sort((a, b) => b[1] - a[1]).slice(0, 14))
      console.log(`  ${(total / kindLoads).toFixed(1).padStart(7)} ms  ${name}`);
  }

  console.log(`while playing: main thread busy ${playbackBusy.busy.toFixed(1)} % of the time, ${playbackBusy.script.toFixed(1)} % in JavaScript (5 s sampled)`);

  // Statements per video-page request, counted by PostgreSQL itself.
  const secret = (await fs.readFile(path.join(server.dataDir, 'pg.secret'), 'utf8')).trim();
  // The embedded server's port is line 4 of its postmaster.pid.
  const port = Number((await fs.readFile(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const db = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: secret, database: DATABASE });
  await db.connect();
  const transactions = async () => Number((await db.query('SELECT sum(xact_commit + xact_rollback) AS n FROM pg_stat_database')).rows[0].n);
  // Backends report their counts at most once a second, and only when idle after ten: each reading
  // waits for that. The server's own background work (job polling, the live listener) also runs
  // transactions: its rate over an idle window of the same length is taken off.
  const FLUSH_MS = 11_000;
  const calls = 200;
  const settle = () => new Promise((r) => setTimeout(r, FLUSH_MS));
  await settle();
  const idleFrom = await transactions();
  const idleStarted = Date.now();
  await settle();
  const before = await transactions();
  const idlePerMs = (before - idleFrom - 1) / (Date.now() - idleStarted);
  const callsStarted = Date.now();
  for (let i = 0; i < calls; i += 1) await fetch(`${url}/api/videos/${videoId}/watch`, { headers: { cookie } });
  await settle();
  const after = await transactions();
  const background = idlePerMs * (Date.now() - callsStarted);
  console.log(
    `\nPostgreSQL transactions per GET /api/videos/:id/watch: ${((after - before - 1 - background) / calls).toFixed(2)} (session check included; ${background.toFixed(0)} of the server's background transactions taken off)`,
  );
  await db.end();

  const result = await autocannon({ url: `${url}/api/videos/${videoId}/watch`, connections, duration, headers: { cookie } });
  console.log(
    `\n| GET /api/videos/:id/watch, ${connections} connections, ${duration} s | req/s ${Math.round(result.requests.average)} | p50 ${result.latency.p50} ms | p97.5 ${result.latency.p97_5} ms | p99 ${result.latency.p99} ms | errors ${result.errors + result.non2xx} |`,
  );
  console.log(`node ${process.version}, ${os.cpus().length} cores`);
} finally {
  await server.stop();
  sink.kill('SIGTERM');
  await fs.rm(mailDir, { recursive: true, force: true });
}
