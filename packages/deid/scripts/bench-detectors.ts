// Benchmark of the face, person and text detectors on the labelled dev set: ms per frame on this
// machine, false positives on endoscopic (inside) frames, hits on outside frames per kind, and, for
// text, recall on inside frames with a drawn overlay line. Prints a markdown report.
// Run: npx tsx packages/deid/scripts/bench-detectors.ts [--limit N] [--only face|person|text]
// Timings are only meaningful on an otherwise idle machine: the report prints the load average.
import { loadavg } from 'node:os';
import { type Frame } from '@ipsv/media/frame';
import { type Detector } from '../src/detector.js';
import { FaceDetector } from '../src/detectors/face-detector.js';
import { PersonDetector } from '../src/detectors/person-detector.js';
import { TextDetector } from '../src/detectors/text-detector.js';
import { devSet, readFrame, spread, type LabelledImage } from '../test/detector-frames.js';
import { findFont, OVERLAYS, readFrameWithOverlay } from '../test/detector-overlay.js';

const THRESHOLDS = [0.3, 0.5, 0.9];

// The dev set's `kind` column says only "non-surgical" or "operating-room"; most non-surgical
// frames are slides. These groups were labelled by hand by looking at every outside frame, so that
// recall is measured on frames that really show a person.
const PRESENTERS = new Set(
  (
    '1036206_0000 1036206_0000_01 1036206_0000_03 1036206_0001 1036206_0001_01 1036206_0001_03 1036206_0002_01 ' +
    '1036206_0002_02 1036206_0003_01 1036206_0003_02 1036206_0003_05 1036206_0004_01 1036206_0006_01 1036206_0007 ' +
    '1036206_0007_01 1036206_0008 1036206_0008_03 1036206_0009 1036206_0010_01 1036206_0010_02 1036206_0011_01 ' +
    '1036206_0014 1036206_0014_01 1036206_0015_01 1036206_0015_02 1036206_0016 1036206_0017 1036206_0018 ' +
    '1036206_0018_01 1036206_0019 1036206_0020_01 1036206_0022 1036206_0022_01 1036206_0023_01 1036206_0024_02 ' +
    '1036206_0025 1036206_0025_02 1036206_0025_03 1036206_0028'
  ).split(' '),
);
const OR_STAFF = new Set('1036206_0009_01 1036206_0019_01 1036206_0020_02 1036206_0021_01 1036206_0022_02 1036206_0026 4dor_0 4dor_1 4dor_2'.split(' '));
const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.jpg$/, '');
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;
const out = (line = '') => process.stdout.write(`${line}\n`);

async function mapLimited<T, R>(items: readonly T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / Math.max(d, 1)).toFixed(1)} %)`;

async function timed(detector: Detector, frames: readonly Frame[]): Promise<{ scores: number[]; loadMs: number; msPerFrame: number }> {
  let t = performance.now();
  await detector.score(frames.slice(0, 1)); // loads the model
  const loadMs = performance.now() - t;
  t = performance.now();
  const scores: number[] = [];
  for (let i = 0; i < frames.length; i += 16) scores.push(...(await detector.score(frames.slice(i, i + 16))));
  return { scores, loadMs, msPerFrame: (performance.now() - t) / frames.length };
}

const all = devSet();
if (all.length === 0) throw new Error('dev set not found: set DEID_FRAMES to the deid-frames directory');
const inside = spread(
  all.filter((d) => d.label === 'inside'),
  limit,
);
const outside = all.filter((d) => d.label === 'outside');
const groups: [string, (d: LabelledImage) => boolean][] = [
  ...[...new Set(outside.map((d) => d.kind))].map((k): [string, (d: LabelledImage) => boolean] => [`kind ${k}`, (d) => d.kind === k]),
  ['presenter, face visible (hand-labelled)', (d) => PRESENTERS.has(baseName(d.file))],
  ['operating-room staff (hand-labelled)', (d) => OR_STAFF.has(baseName(d.file))],
  ['the rest (slides, some with a small speaker inset; robots)', (d) => !PRESENTERS.has(baseName(d.file)) && !OR_STAFF.has(baseName(d.file))],
];
const images: LabelledImage[] = [...inside, ...outside];
out(`Decoding ${images.length} dev frames (${inside.length} inside, ${outside.length} outside) ...`);
const frames = await mapLimited(images, 2, (d) => readFrame(d.file));
out(`Frame size: ${[...new Set(frames.map((f) => `${f.width}×${f.height}`))].join(', ')}`);
out();

const detectors: Detector[] = [new FaceDetector(), new PersonDetector(), new TextDetector()].filter((d) => !only || d.reason === only);
for (const detector of detectors) {
  const { scores, loadMs, msPerFrame } = await timed(detector, frames);
  out(`## ${detector.name} (reason ${detector.reason}, ${detector.version})`);
  out(
    `model load ${loadMs.toFixed(0)} ms, ${msPerFrame.toFixed(1)} ms/frame over ${frames.length} frames (1-min load average after: ${loadavg()[0]!.toFixed(1)} on 2 cores)`,
  );
  const ins = scores.slice(0, inside.length);
  const worst = ins.map((s, i) => ({ s, f: baseName(inside[i]!.file) })).sort((a, b) => b.s - a.s);
  out(
    `inside: highest scores ${worst
      .slice(0, 6)
      .map((w) => `${w.s.toFixed(2)} (${w.f})`)
      .join(', ')}`,
  );
  for (const t of THRESHOLDS) {
    const fp = ins.filter((s) => s >= t).length;
    const perGroup = groups.map(([name, test]) => {
      const gs = scores.filter((_, i) => i >= inside.length && test(images[i]!));
      return `${name} ${pct(gs.filter((s) => s >= t).length, gs.length)}`;
    });
    out(`- threshold ${t}: inside false positives ${pct(fp, ins.length)}; outside hits: ${perGroup.join('; ')}`);
  }
  if (detector instanceof TextDetector) {
    const font = findFont();
    if (!font) out('- overlay recall: skipped, no TrueType font under /usr/share/fonts');
    else {
      const stamped = await mapLimited(inside, 2, (d, i) => readFrameWithOverlay(d.file, font, OVERLAYS[i % OVERLAYS.length]!));
      const s = await detector.score(stamped);
      for (const t of THRESHOLDS) out(`- threshold ${t}: inside frames with a drawn overlay line detected ${pct(s.filter((v) => v >= t).length, s.length)}`);
    }
  }
  out();
  await detector.close?.();
}
