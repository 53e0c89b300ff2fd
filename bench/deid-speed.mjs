// Privacy analysis time on a 1080p30 7 Mbit/s H.264 source beside a plain decode of the same file
// (`ffmpeg -i source -f null -`) in the same run (issue 46's target: every detector on, at most
// 1.5 plain decodes, with every second examined at 2 frames or more): scene classifier alone, and
// with the face/person/text detectors where they are needed. Also how many frames each detector saw.
//
//   node --import tsx bench/deid-speed.mjs [--seconds 120] [--gop 250] [--shot 1]
//
// The source (cached in bench/.cache) is mostly endoscopic footage made from the dev frames in
// ../shared/data/deid-frames (each picture held --shot seconds, moving and noisy) with a 4 s
// withdrawal to the operating room every 40 s; x264 places a keyframe at least every --gop frames
// and at every hard cut, so --shot 1 (a cut every second) is the worst case for the coarse pass,
// and real endoscopic footage (one continuous shot) is nearer --shot 8 or more.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { analyseVideo } from '@ipsv/deid/analyse';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { locateBinaries } from '@ipsv/media/binaries';
import { probe } from '@ipsv/media/probe';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, gop: { type: 'string', default: '250' }, shot: { type: 'string', default: '1' } },
});
const seconds = Number(values.seconds);
const gop = Number(values.gop);
const shot = Number(values.shot);
const frames = resolve(root, '..', 'shared', 'data', 'deid-frames');
if (!existsSync(join(frames, 'labels.csv'))) {
  console.error(`This benchmark builds its source from the dev frames, which are not at ${frames}`);
  process.exit(1);
}
const cache = join(root, 'bench', '.cache');
mkdirSync(cache, { recursive: true });
const source = join(cache, `deid-1080p30-${seconds}s-g${gop}-shot${shot}.mp4`);
const outsideSeconds = (s) => s % 40 >= 30 && s % 40 < 34;

if (!existsSync(source)) {
  console.log(`Generating a ${seconds} s 1080p30 source (once)...`);
  const rows = readFileSync(join(frames, 'labels.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const inside = rows.filter((r) => r[1] === 'inside').map((r) => r[0]);
  const outside = rows.filter((r) => r[1] === 'outside').map((r) => r[0]);
  const list = [];
  for (let s = 0; s < seconds;) {
    const out = outsideSeconds(s);
    // A shot ends early where a withdrawal begins or ends, as a real withdrawal would end it.
    let length = 1;
    while (length < (out ? 1 : shot) && s + length < seconds && outsideSeconds(s + length) === out) length += 1;
    const pool = out ? outside : inside;
    list.push(`file '${join(frames, 'images', pool[(s * 7) % pool.length])}'`, `duration ${length}`);
    s += length;
  }
  writeFileSync(join(cache, 'deid-list.txt'), list.join('\n'));
  const filters =
    "fps=30,scale=1920:1080,zoompan=z='1.1+0.05*sin(on/40)':x='iw/2-(iw/zoom/2)+20*sin(on/15)':y='ih/2-(ih/zoom/2)+20*cos(on/20)':d=1:s=1920x1080:fps=30,noise=alls=12:allf=t+u,format=yuv420p";
  execFileSync(locateBinaries().ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    join(cache, 'deid-list.txt'),
    '-vf',
    filters,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    String(gop),
    '-b:v',
    '7M',
    '-maxrate',
    '7M',
    '-bufsize',
    '14M',
    '-an',
    source,
  ]);
}

const info = await probe(source);
const duration = info.durationSeconds;
const keyframes = execFileSync(locateBinaries().ffprobe, [
  '-v',
  'error',
  '-select_streams',
  'v',
  '-skip_frame',
  'nokey',
  '-show_entries',
  'frame=pts_time',
  '-of',
  'csv=p=0',
  source,
])
  .toString()
  .trim()
  .split('\n').length;
console.log(
  `source ${info.video.width}x${info.video.height} ${info.video.fps} fps, ${duration.toFixed(1)} s, ${keyframes} keyframes (shots of ${shot} s, GOP ≤ ${gop}); ${execFileSync('nproc').toString().trim()} cores`,
);

// The yardstick: one plain decode of the whole source, as many threads as ffmpeg likes.
const plainStarted = performance.now();
execFileSync(locateBinaries().ffmpeg, ['-hide_banner', '-v', 'error', '-i', source, '-f', 'null', '-']);
const plain = (performance.now() - plainStarted) / 1000;
console.log(`plain decode (ffmpeg -i source -f null -): ${plain.toFixed(2)} s, ${(duration / plain).toFixed(1)}× real time`);

const revealingSeconds = Array.from({ length: Math.floor(duration) }, (_, s) => s).filter(outsideSeconds);
for (const withSecondary of [false, true]) {
  const detectors = withSecondary ? defaultSecondaryDetectors() : [];
  // How long the event loop was held at a time: in the server (one process with the API by
  // default) every request waits that long.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // Peak memory of the analysis (this process: models, frames in flight, results).
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const started = performance.now();
  const result = await analyseVideo(source, { detectors }).finally(() => closeDetectors(detectors));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  loop.disable();
  const missed = revealingSeconds.filter((s) => !result.ranges.some((r) => r.start <= s && s + 1 <= r.end));
  const removed = result.ranges.reduce((sum, r) => sum + r.end - r.start, 0);
  console.log(
    `${withSecondary ? 'scene + faces/people/text' : 'scene classifier alone'}: ${elapsed.toFixed(2)} s = ${(elapsed / plain).toFixed(2)} plain decodes, ${(duration / elapsed).toFixed(1)}× real time, ` +
      `${result.framesExamined} frames examined (${(result.framesExamined / duration).toFixed(2)} a second; per detector ${JSON.stringify(result.framesPerDetector)}), ${result.framesDecoded} decoded, ${result.ranges.length} ranges, ${removed.toFixed(1)} s removed, ` +
      `${revealingSeconds.length - missed.length}/${revealingSeconds.length} revealing seconds removed; ` +
      `event loop held up to ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms); peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MiB`,
  );
}
