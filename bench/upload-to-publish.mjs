#!/usr/bin/env node
// Upload and publication benchmark against the built server (`npm start` defaults: embedded
// PostgreSQL, local storage, every privacy detector, jobs in the same process):
//  1. tus upload throughput over loopback for a large file (default 2 GB, streamed from memory,
//     never held whole) and the server's peak resident memory while it arrives;
//  2. a generated 1080p recording (default 10 minutes, one 4 s out-of-body part each minute):
//     time from the end of its upload to the file checked, the privacy analysis done (ready for
//     review), the speculative standard definition rendered beside it, then from the provider's
//     confirmation to the standard-definition version published, and every rendition done, beside
//     a plain ffmpeg decode. The confirmation is sent once the speculative SD exists (a provider's
//     review of a recording takes longer than rendering it); `--confirm-at-once` sends it as soon
//     as the review is ready instead (the render then waits for the speculative SD).
// Usage: npm run build && node bench/upload-to-publish.mjs [--upload-gb 2] [--minutes 10] [--no-hd] [--confirm-at-once] [--mask-all] [--overlay] [--draft]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as tus from 'tus-js-client';
import { arg, startBuiltServer } from './built-server.mjs';

const uploadBytes = Math.round(arg('upload-gb', 2) * 1024 ** 3);
const minutes = arg('minutes', 10);
const noHd = process.argv.includes('--no-hd');
const confirmAtOnce = process.argv.includes('--confirm-at-once');
// A tower overlay in a corner for the whole recording, confirmed as a mask with the ranges: every
// kept second of the SD is encoded again after the click.
const maskAll = process.argv.includes('--mask-all');
// A tower overlay burned into the recording (a name, a date and an id in a corner, all the time):
// the analysis proposes a mask for it, which the confirmation keeps as proposed.
const overlay = process.argv.includes('--overlay');
// The editor keeps the provider's edits as a draft while they review (the masks of --mask-all
// included): the confirmation is sent once the draft's masks are drawn into a copy of the
// speculative SD, as a provider who goes on reviewing after drawing a mask would send it.
const draft = process.argv.includes('--draft');
const CHUNK = 50 * 1024 * 1024; // UPLOAD_CHUNK_BYTES, as the web app sends

const admin = 'bench-admin@hospital.org';
const server = await startBuiltServer({ ADMIN_EMAIL: admin, JOB_POLL_SECONDS: '1' });
const { stop, dataDir } = server;
const base = server.url;
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

// Peak resident memory of the server process, sampled every 100 ms.
const rssMiB = async () => Number(/VmRSS:\s+(\d+)/.exec(await fs.readFile(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
let peak = 0;
const sampler = setInterval(
  () =>
    void rssMiB().then(
      (v) => (peak = Math.max(peak, v)),
      () => undefined,
    ),
  100,
);

// ---- An administrator (may upload): sign up, read the code from the outbox, confirm.
let cookie = '';
const call = async (method, url, body) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='));
  if (set.length) cookie = [...new Map([...cookie.split('; ').filter(Boolean), ...set].map((c) => [c.split('=')[0], c])).values()].join('; ');
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
};
await call('POST', '/api/auth/sign-up', { email: admin, password: 'Bench-Password-1', firstName: 'Bench', lastName: 'Admin' });
const outbox = path.join(dataDir, 'outbox');
const [mail] = await fs.readdir(outbox);
const code = /^\s+([0-9]{6})\s*$/m.exec(await fs.readFile(path.join(outbox, mail), 'utf8'))[1];
await call('POST', '/api/auth/confirm-sign-up', { email: admin, code });

const upload = (source, size, name) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const job = new tus.Upload(source, {
      endpoint: `${base}/api/uploads`,
      chunkSize: CHUNK,
      uploadSize: size,
      retryDelays: [],
      metadata: { filename: name, filetype: 'video/mp4', privacyAnswer: 'no' },
      headers: { cookie, origin: base },
      onSuccess: () => resolve({ id: job.url.split('/').pop(), seconds: (performance.now() - started) / 1000 }),
      onError: reject,
    });
    job.start();
  });

// ---- 1. Upload throughput and memory (--upload-gb 0 skips it).
const baseline = await rssMiB();
if (uploadBytes > 0) {
  peak = baseline;
  const block = Buffer.alloc(4 * 1024 * 1024, 0x5a);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= uploadBytes) return this.push(null);
      const n = Math.min(block.length, uploadBytes - sent);
      sent += n;
      this.push(n === block.length ? block : block.subarray(0, n));
    },
  });
  const big = await upload(stream, uploadBytes, 'large.mp4');
  const uploadPeak = peak;
  console.log(
    `upload: ${(uploadBytes / 1024 ** 3).toFixed(2)} GiB in ${big.seconds.toFixed(1)} s = ${(uploadBytes / 1024 ** 2 / big.seconds).toFixed(0)} MiB/s over loopback`,
  );
  console.log(
    `server memory: ${baseline.toFixed(0)} MiB before, peak ${uploadPeak.toFixed(0)} MiB during the upload (+${(uploadPeak - baseline).toFixed(0)} MiB)`,
  );
  await call('DELETE', `/api/videos/${big.id}`).catch(() => undefined);
}

// ---- 2. Upload end to published for a generated 1080p recording.
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-bench-video-'));
const ffmpeg = (args) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);
const inside = "cellauto=s=1920x1080:rate=30:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";
const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '7M', '-maxrate', '7M', '-bufsize', '14M', '-g', '60', '-pix_fmt', 'yuv420p'];
const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'].find((f) => existsSync(f));
if (overlay && !FONT) throw new Error('--overlay needs a TrueType font (fonts-dejavu-core)');
const tower = overlay ? `,drawtext=fontfile='${FONT}':text='DOE JOHN  1957-03-02  ID 4471-2290':fontcolor=white:fontsize=36:x=40:y=40` : '';
ffmpeg(['-f', 'lavfi', '-i', `${inside}${tower}`, '-t', '8', ...encode, `${work}/in.mp4`]);
ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=1920x1080:rate=30${tower}`, '-t', '4', ...encode, `${work}/out.mp4`]);
// Each minute: 56 s inside (the 8 s part 7 times) and 4 s outside.
const minute = [...Array(7).fill('in'), 'out'];
await fs.writeFile(
  `${work}/list.txt`,
  Array(minutes)
    .fill(minute)
    .flat()
    .map((p) => `file '${work}/${p}.mp4'`)
    .join('\n'),
);
const file = `${work}/recording.mp4`;
ffmpeg(['-f', 'concat', '-safe', '0', '-i', `${work}/list.txt`, '-c', 'copy', file]);
const seconds = minutes * 60;
let t = performance.now();
ffmpeg(['-i', file, '-f', 'null', '-']);
const decode = (performance.now() - t) / 1000;
console.log(
  `source: ${minutes} min 1080p30 H.264 7 Mbit/s, one 4 s out-of-body part a minute; plain decode ${decode.toFixed(1)} s (${(seconds / decode).toFixed(1)}x real time)`,
);

// The API as a signed-in visitor sees it while the server works: a light request (the session) every
// 50 ms, one at a time, its latency recorded by stage (idle before the upload; the analysis; the
// review to the SD published).
const probe = { stage: 'idle', latencies: new Map(), stop: false };
const probing = (async () => {
  while (!probe.stop) {
    const started = performance.now();
    await fetch(`${base}/api/session`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const list = probe.latencies.get(probe.stage) ?? [];
    list.push(performance.now() - started);
    probe.latencies.set(probe.stage, list);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
await new Promise((r) => setTimeout(r, 5000));
const size = (await fs.stat(file)).size;
probe.stage = 'upload';
const video = await upload(await fs.readFile(file), size, 'recording.mp4');
const stages = [];
const waitFor = async (label, done) => {
  for (;;) {
    const v = await call('GET', `/api/videos/${video.id}`);
    if (v.status === 'failed' || v.status === 'rejected') throw new Error(`${v.status}: ${v.failureReason ?? JSON.stringify(v.violations)}`);
    if (done(v)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const now = performance.now();
  stages.push({ label, seconds: (now - t) / 1000 });
  t = now;
};
t = performance.now();
const uploadEnd = t;
await waitFor('file checked (probe, validation, thumbnails, filmstrip)', (v) => v.status === 'awaiting_details');
await call('PUT', `/api/videos/${video.id}/details`, { title: 'Benchmark recording', fileName: 'recording.mp4' });
probe.stage = 'analysis';
await waitFor('privacy analysis, all detectors (ready for review)', (v) => v.status === 'review');
probe.stage = 'after';
const readyForReview = (performance.now() - uploadEnd) / 1000;
const review = await call('GET', `/api/videos/${video.id}/review`);
// The speculative SD, rendered beside the analysis, quarantined with the original.
const speculative = path.join(dataDir, 'media', 'videos', video.id, 'source', 'review', '360p', 'video.mp4');
let speculativeReady = null;
let maskedReady = null;
if (!confirmAtOnce) {
  while (!(await fs.stat(speculative).catch(() => null))) await new Promise((r) => setTimeout(r, 250));
  stages.push({ label: 'speculative SD finished (after the review was ready)', seconds: (performance.now() - t) / 1000 });
  speculativeReady = (performance.now() - uploadEnd) / 1000;
  // Then the copy with the proposed masks drawn in, the list beside it written last.
  if (review.proposedMasks.length) {
    t = performance.now();
    while (!(await fs.stat(path.join(path.dirname(speculative), 'masked.json')).catch(() => null))) await new Promise((r) => setTimeout(r, 250));
    stages.push({ label: 'the proposed masks drawn into a copy of it', seconds: (performance.now() - t) / 1000 });
    maskedReady = (performance.now() - uploadEnd) / 1000;
  }
}
const masks = [
  ...review.proposedMasks,
  ...(maskAll ? [{ x: 0, y: 0, width: 0.3, height: 0.15, start: 0, end: review.durationSeconds, reason: 'manual' }] : []),
];
if (draft) {
  t = performance.now();
  await call('PUT', `/api/videos/${video.id}/review/draft`, { ranges: review.proposed, masks });
  const list = path.join(path.dirname(speculative), 'masked.json');
  const carries = async () => JSON.parse(await fs.readFile(list, 'utf8').catch(() => 'null'))?.masks?.length === masks.length;
  while (!(await carries())) await new Promise((r) => setTimeout(r, 250));
  stages.push({ label: "the draft's masks drawn into a copy of it (while the provider reviews)", seconds: (performance.now() - t) / 1000 });
}
t = performance.now();
const confirmedAt = t;
console.log(
  `masks proposed: ${review.proposedMasks.length} (${review.proposedMasks.map((m) => `${m.reason} ${m.start.toFixed(1)}-${m.end.toFixed(1)} s`).join(', ')})`,
);
await call('PUT', `/api/videos/${video.id}/review`, { ranges: review.proposed, masks });
await waitFor(
  confirmAtOnce ? 'confirmation to SD published (waiting for the speculative SD)' : 'confirmation to SD published (cut from the speculative SD)',
  (v) => v.status === 'published',
);
const confirmationToPublished = (performance.now() - confirmedAt) / 1000;
probe.stage = 'rest';
const published = (performance.now() - uploadEnd) / 1000;
if (!noHd) await waitFor('master, HD ladder and storyboard', (v) => v.status === 'published' && v.percent === null);
clearInterval(sampler);

console.log(`upload of the ${(size / 1024 ** 2).toFixed(0)} MiB recording: ${video.seconds.toFixed(1)} s`);
for (const s of stages) console.log(`  ${s.label}: ${s.seconds.toFixed(1)} s (${(s.seconds / decode).toFixed(2)} plain decodes)`);
console.log(`ranges proposed: ${review.proposed.length} (expected ${minutes})`);
console.log(`upload end to ready for review: ${readyForReview.toFixed(1)} s = ${(readyForReview / decode).toFixed(2)} plain decodes`);
if (speculativeReady !== null)
  console.log(`upload end to speculative SD ready: ${speculativeReady.toFixed(1)} s = ${(speculativeReady / decode).toFixed(2)} plain decodes`);
if (maskedReady !== null)
  console.log(`upload end to the copy with the proposed masks ready: ${maskedReady.toFixed(1)} s = ${(maskedReady / decode).toFixed(2)} plain decodes`);
console.log(
  `confirmation to published SD${maskAll ? ` (with a mask over the whole recording ${draft ? 'drawn in the review, kept as a draft' : 'drawn after the click'})` : ''}${masks.length ? `, ${masks.length} masks confirmed` : ''}: ${confirmationToPublished.toFixed(1)} s`,
);
console.log(
  `upload end to published SD (machine time${confirmAtOnce ? ', confirmed at once' : ', confirmed when the speculative SD was ready'}): ${published.toFixed(1)} s = ${(published / decode).toFixed(2)} plain decodes, ${(seconds / published).toFixed(1)}x real time`,
);
probe.stop = true;
await probing;
const STAGES = {
  idle: 'server idle',
  analysis: 'during the privacy analysis',
  after: 'from the review to the SD published (speculative SD, cut)',
};
for (const [stage, label] of Object.entries(STAGES)) {
  const list = (probe.latencies.get(stage) ?? []).sort((a, b) => a - b);
  if (list.length === 0) continue;
  const at = (p) => list[Math.min(list.length - 1, Math.floor(list.length * p))].toFixed(1);
  console.log(
    `GET /api/session every 50 ms, ${label}: ${list.length} requests, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${list.at(-1).toFixed(1)} ms`,
  );
}
console.log(`peak memory of the server process over the whole run: ${peak.toFixed(0)} MiB (its ffmpeg children not counted)`);
await fs.rm(work, { recursive: true, force: true });
await stop();
