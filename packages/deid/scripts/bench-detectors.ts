// Benchmark of the face, person and text detectors on the labelled dev set: ms per frame on this
// machine, false positives on endoscopic (inside) frames, hits on outside frames per kind, and, for
// text, recall on inside frames with a drawn overlay line. Prints a markdown report.
// Run: npx tsx packages/deid/scripts/bench-detectors.ts [--limit N]
import { type Frame } from '@ipsv/media/frame';
import { type Detector } from '../src/detector.js';
import { FaceDetector, PersonDetector } from '../src/detectors/face-detector.js';
import { TextDetector } from '../src/detectors/text-detector.js';
import { devSet, readFrame, spread, type LabelledImage } from '../test/detector-frames.js';
import { findFont, OVERLAYS, readFrameWithOverlay } from '../test/detector-overlay.js';

const THRESHOLDS = [0.5, 0.9];
const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : Infinity;
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
const inside = spread(all.filter((d) => d.label === 'inside'), limit);
const outside = all.filter((d) => d.label === 'outside');
const kinds = [...new Set(outside.map((d) => d.kind))];
const images: LabelledImage[] = [...inside, ...outside];
out(`Decoding ${images.length} dev frames (${inside.length} inside, ${outside.length} outside) ...`);
const frames = await mapLimited(images, 2, (d) => readFrame(d.file));
out(`Frame size: ${[...new Set(frames.map((f) => `${f.width}×${f.height}`))].join(', ')}`);
out();

const detectors: Detector[] = [new FaceDetector(), new PersonDetector(), new TextDetector()];
for (const detector of detectors) {
  const { scores, loadMs, msPerFrame } = await timed(detector, frames);
  out(`## ${detector.name} (reason ${detector.reason}, ${detector.version})`);
  out(`model load ${loadMs.toFixed(0)} ms, ${msPerFrame.toFixed(1)} ms/frame over ${frames.length} frames`);
  const ins = scores.slice(0, inside.length);
  const sorted = [...ins].sort((a, b) => b - a);
  out(`inside: highest scores ${sorted.slice(0, 5).map((s) => s.toFixed(2)).join(', ')}`);
  for (const t of THRESHOLDS) {
    const fp = ins.filter((s) => s >= t).length;
    const perKind = kinds.map((k) => {
      const ks = scores.filter((_, i) => i >= inside.length && images[i]!.kind === k);
      return `${k} ${pct(ks.filter((s) => s >= t).length, ks.length)}`;
    });
    out(`- threshold ${t}: inside false positives ${pct(fp, ins.length)}; outside hits: ${perKind.join('; ')}`);
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
