// Processing speed on this machine, measured side by side with plain ffmpeg on the same file in
// one run: privacy analysis × real time, publication (analysis + 360p rendition with the cuts
// folded in) against one plain full decode, the master cut (GOP copy against full re-encode), the
// HD ladder, and the peak memory of each step (this process and its ffmpeg children).
//
//   node --import tsx bench/media-speed.mjs [--seconds 120] [--one-pass]
//
// --one-pass measures only the question of issue 15's single decode: the speculative SD alone, the
// analysis alone, and one ffmpeg pass that decodes once and feeds both (split: the 360p encode and
// small RGB frames for the analysis through a pipe), with when its last analysis frame came out.
//
// The source is generated once (cached in bench/.cache): 1080p30 H.264 at 7 Mbit/s with a keyframe
// every 2 s (as recorders write), real endoscopic frames from ../shared/data/deid-frames when
// present (textured, moving, noisy), else a synthetic textured pattern.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseVideo, DEFAULT_SAMPLE_FPS } from '@ipsv/deid/analyse';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { locateBinaries } from '@ipsv/media/binaries';
import { cut } from '@ipsv/media/cut';
import { PUBLICATION_RENDER, PUBLICATION_RUNG, renderLadder, rungsFor } from '@ipsv/media/ladder';
import { probe } from '@ipsv/media/probe';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argSeconds = process.argv.indexOf('--seconds');
const seconds = argSeconds > 0 ? Number(process.argv[argSeconds + 1]) : 120;
const cache = join(root, 'bench', '.cache');
mkdirSync(cache, { recursive: true });
const { ffmpeg, version } = locateBinaries();

/** Peak resident memory (MiB) of this process plus all its descendants while `fn` runs. */
const measure = async (fn) => {
  const rssOfTree = () => {
    const children = new Map();
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(Number(pid));
      } catch {
        /* process ended */
      }
    }
    let total = 0;
    const stack = [process.pid];
    while (stack.length) {
      const pid = stack.pop();
      try {
        const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        total += match ? Number(match[1]) : 0;
      } catch {
        /* process ended */
      }
      stack.push(...(children.get(pid) ?? []));
    }
    return total / 1024;
  };
  let peak = rssOfTree();
  const timer = setInterval(() => (peak = Math.max(peak, rssOfTree())), 100);
  const started = process.hrtime.bigint();
  try {
    const result = await fn();
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMiB: peak, result };
  } finally {
    clearInterval(timer);
  }
};

/** Every ffmpeg run here: no banner, no keyboard, errors only. */
const QUIET = ['-hide_banner', '-nostdin', '-v', 'error'];
const runFfmpeg = (args) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(ffmpeg, [...QUIET, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`ffmpeg exit ${code}`))));
  });

const makeSource = (file) => {
  const frames = resolve(root, '..', 'shared', 'data', 'deid-frames');
  const filters =
    "fps=30,scale=1920:1080,zoompan=z='1.1+0.05*sin(on/40)':x='iw/2-(iw/zoom/2)+20*sin(on/15)':y='ih/2-(ih/zoom/2)+20*cos(on/20)':d=1:s=1920x1080:fps=30,noise=alls=12:allf=t+u,format=yuv420p";
  let input;
  if (existsSync(join(frames, 'labels.csv'))) {
    // Endoscopic footage (each view held 4 s, moving) with one 4 s withdrawal to the operating
    // room per minute, as in a real case.
    const rows = readFileSync(join(frames, 'labels.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const inside = rows.filter((r) => r[1] === 'inside').map((r) => r[0]);
    const outside = rows.filter((r) => r[1] === 'outside').map((r) => r[0]);
    const list = [];
    for (let s = 0; s < seconds; s += 4) {
      const pool = s % 60 === 40 ? outside : inside;
      list.push(`file '${join(frames, 'images', pool[(s * 7) % pool.length])}'`, 'duration 4');
    }
    writeFileSync(join(cache, 'list.txt'), list.join('\n'));
    input = ['-f', 'concat', '-safe', '0', '-i', join(cache, 'list.txt')];
  } else {
    input = ['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30,noise=alls=30:allf=t`];
  }
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    ...input,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:sample_rate=48000',
    '-filter_complex',
    `[0:v]${filters}[v]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '7M',
    '-maxrate',
    '7M',
    '-bufsize',
    '14M',
    '-g',
    '60',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    file,
  ]);
};

const source = join(cache, `source-1080p30-gop2-${seconds}s.mp4`);
if (!existsSync(source)) {
  console.log(`Generating a ${seconds} s 1080p30 source (once)...`);
  makeSource(source);
}
const info = await probe(source);
const duration = info.durationSeconds;
const work = join(cache, 'work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const rows = [];
const row = (name, m, extra = '') => {
  rows.push({ name, ...m, extra });
  console.log(
    `${name.padEnd(44)} ${m.seconds.toFixed(2).padStart(7)} s  ${(duration / m.seconds).toFixed(1).padStart(6)}× real time  peak ${m.peakMiB.toFixed(0).padStart(5)} MiB  ${extra}`,
  );
};

console.log(
  `ffmpeg ${version}; source ${info.video.width}x${info.video.height} ${info.video.fps} fps, ${(info.bitRate / 1e6).toFixed(1)} Mbit/s, ${duration.toFixed(1)} s; ${execFileSync('nproc').toString().trim()} cores\n`,
);
const decode = await measure(() => runFfmpeg(['-i', source, '-map', '0:v:0', '-f', 'null', '-']));
row('plain full decode (ffmpeg -f null)', decode);
row(
  'keyframe-only decode (ffmpeg -skip_frame nokey)',
  await measure(() => runFfmpeg(['-skip_frame', 'nokey', '-i', source, '-map', '0:v:0', '-f', 'null', '-'])),
);
row(
  'x264 veryfast 480p encode (reference)',
  await measure(() => runFfmpeg(['-y', '-i', source, '-vf', 'scale=-2:480', '-c:v', 'libx264', '-preset', 'veryfast', '-an', join(work, 'ref480.mp4')])),
);

if (process.argv.includes('--one-pass')) {
  const sd = await measure(() => renderLadder(source, join(work, 'spec'), [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, hls: false, info }));
  row('speculative SD alone (360p, uncut)', sd, `${(sd.seconds / decode.seconds).toFixed(2)}× one plain decode`);
  const detectors = defaultSecondaryDetectors();
  const alone = await measure(() => analyseVideo(source, { detectors }));
  await closeDetectors(detectors);
  row('privacy analysis alone, all detectors', alone, `${(alone.seconds / decode.seconds).toFixed(2)}× one plain decode`);
  // The same 360p encode, and 224 × 224 RGB frames at the analysis's sampling rate (every second of
  // the timeline examined, PRIVACY_SAMPLE_FPS), from one decode.
  let lastFrameAt = 0;
  let frameBytes = 0;
  const started = process.hrtime.bigint();
  const onePass = await measure(
    () =>
      new Promise((resolvePromise, reject) => {
        const height = PUBLICATION_RUNG.height;
        const width = Math.round((height * info.video.width) / info.video.height / 2) * 2;
        const child = spawn(
          ffmpeg,
          [
            ...QUIET,
            '-y',
            '-skip_loop_filter',
            'all',
            '-flags2',
            'fast',
            '-i',
            source,
            '-filter_complex',
            `[0:v]split=2[s][a];[s]scale=${width}:${height}:flags=fast_bilinear,format=yuv420p[sd];[a]fps=${DEFAULT_SAMPLE_FPS},scale=224:224:flags=area,format=rgb24[frames]`,
            '-map',
            '[sd]',
            '-map',
            '0:a',
            '-c:a',
            'aac',
            '-c:v',
            'libx264',
            '-preset',
            PUBLICATION_RENDER.preset,
            '-crf',
            '23',
            '-maxrate',
            `${PUBLICATION_RUNG.maxKbps}k`,
            '-bufsize',
            `${PUBLICATION_RUNG.maxKbps * 2}k`,
            '-force_key_frames',
            'expr:gte(t,n_forced*2)',
            join(work, 'one-pass.mp4'),
            '-map',
            '[frames]',
            '-f',
            'rawvideo',
            'pipe:1',
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        child.stdout.on('data', (chunk) => {
          frameBytes += chunk.length;
          lastFrameAt = Number(process.hrtime.bigint() - started) / 1e9;
        });
        child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`ffmpeg exit ${code}`))));
      }),
  );
  const frames = Math.round(frameBytes / (224 * 224 * 3));
  row('one pass: 360p encode + analysis frames (split)', onePass, `${(onePass.seconds / decode.seconds).toFixed(2)}× one plain decode`);
  console.log(
    `\none pass: its last analysis frame (${frames} frames) came out after ${lastFrameAt.toFixed(2)} s = ${(lastFrameAt / decode.seconds).toFixed(2)} plain decodes, the pass ended after ${onePass.seconds.toFixed(2)} s; apart, the analysis took ${(alone.seconds / decode.seconds).toFixed(2)} decodes and the SD ${(sd.seconds / decode.seconds).toFixed(2)}`,
  );
  if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const sceneOnly = await measure(() => analyseVideo(source, {}));
row('privacy analysis, scene model only', sceneOnly, `${sceneOnly.result.framesDecoded} frames decoded`);
const detectors = defaultSecondaryDetectors();
const analysis = await measure(() => analyseVideo(source, { detectors }));
await closeDetectors(detectors);
const ranges = analysis.result.ranges.map(({ start, end }) => ({ start, end }));
const removedSeconds = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
row(
  'privacy analysis, all detectors',
  analysis,
  `${ranges.length} ranges, ${removedSeconds.toFixed(1)} s removed, ${analysis.result.framesDecoded} frames decoded`,
);
const gate = await measure(() => renderLadder(source, join(work, 'gate'), [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, removeRanges: ranges, info }));
row('publication rendition (360p, cuts folded in)', gate);
const publication = { seconds: analysis.seconds + gate.seconds, peakMiB: Math.max(analysis.peakMiB, gate.peakMiB) };
row('upload end -> published (analysis + 360p)', publication, `${(publication.seconds / decode.seconds).toFixed(2)}× one plain decode`);
const master = await measure(() => cut(source, ranges, join(work, 'master.mp4'), { info }));
row('de-identified master (GOP copy)', master, `${master.result.copiedSeconds.toFixed(1)} s copied`);
const reencode = await measure(() => cut(source, ranges, join(work, 'master-reencode.mp4'), { info, method: 'reencode' }));
row('de-identified master (full re-encode)', reencode);
const hd = await measure(() =>
  renderLadder(
    join(work, 'master.mp4'),
    join(work, 'hd'),
    rungsFor(info.video.height).filter((r) => r.height > PUBLICATION_RUNG.height),
  ),
);
row('HD ladder from master (480p-1080p, one pass)', hd);

console.log(
  `\nratios: analysis ${(duration / sceneOnly.seconds).toFixed(1)}× real time (scene model), ${(duration / analysis.seconds).toFixed(1)}× (all detectors); publication ${(publication.seconds / decode.seconds).toFixed(2)}× plain decode; master copy ${(reencode.seconds / master.seconds).toFixed(1)}× faster than re-encode; peak memory ${Math.max(...rows.map((r) => r.peakMiB)).toFixed(0)} MiB`,
);
if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
