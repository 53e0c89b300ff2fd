// The scene model's scores on endoscopic (or, LABEL=outside, out-of-body) frames with a tower's
// name-and-date overlay drawn on them, as it scores them raw and as the analysis scores them, with
// the text lines read as characters blanked (text-blank.ts). Three overlays: plain white text,
// white on a black band, and larger lines top and bottom on a half-transparent band.
//
//   npx tsx packages/deid/scripts/bench-overlay-scene.ts [--data <dir with labels.csv and images/>] [--label inside|outside] [--frames 30]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Frame } from '@ipsv/media/frame';
import { TextDetector, TEXT_THRESHOLD } from '../src/detectors/text-detector.js';
import { SceneDetector } from '../src/scene-detector.js';
import { blankText } from '../src/text-blank.js';
import { readFrame } from '../test/detector-frames.js';
import { findFont } from '../test/detector-overlay.js';
import { DEV_DATA } from '../test/helpers/withdrawal-clip.js';

const { values } = parseArgs({
  options: { data: { type: 'string' }, label: { type: 'string', default: 'inside' }, frames: { type: 'string', default: '30' } },
});
const data = values.data ?? DEV_DATA;
const files = readFileSync(join(data, 'labels.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .filter((row) => row[1] === values.label)
  .map((row) => join(data, 'images', row[0]!));
const count = Math.min(Number(values.frames), files.length);
// Spread over the set (every 19th, as many as asked) when it is larger than the sample.
const sample = Array.from({ length: count }, (_, n) => files[count < files.length ? (n * 19 + 2) % files.length : n]!);
const font = findFont();
if (!font) throw new Error('No TrueType font found for drawtext');
const line = (text: string, size: number, x: string, y: string, extra = '') =>
  `drawtext=fontfile='${font}':text='${text.replace(/:/g, '\\:')}':fontcolor=white:fontsize=${size}:x=${x}:y=${y}${extra ? `:${extra}` : ''}`;
const overlays: Record<string, string[]> = {
  clean: [],
  plain: [line('DOE JOHN  02.03.1957', 22, '12', '10'), line('2024-11-05 14:32', 22, '12', '36')],
  band: [
    line('DOE JOHN  02.03.1957', 22, '12', '10', 'box=1:boxcolor=black:boxborderw=6'),
    line('2024-11-05 14:32', 22, '12', '40', 'box=1:boxcolor=black:boxborderw=6'),
  ],
  large: [
    line('DOE JOHN  02.03.1957', 30, '12', '10', 'box=1:boxcolor=black@0.6:boxborderw=8'),
    line('ID 483920  2024-11-05', 30, '12', 'h-45', 'box=1:boxcolor=black@0.6:boxborderw=8'),
  ],
};
const out = (line = '') => process.stdout.write(`${line}\n`);
const scene = new SceneDetector();
const text = new TextDetector();
const blanked = async (frame: Frame) => {
  const [boxes = []] = await text.detect([frame]);
  const without = blankText(
    frame,
    boxes.filter((b) => b.read && b.score >= TEXT_THRESHOLD),
  );
  return scene.scoreOne(without ?? frame);
};
const summary = (scores: number[]) => {
  const sorted = [...scores].sort((a, b) => a - b);
  return `median ${sorted[sorted.length >> 1]!.toFixed(3)}, > 0.05: ${scores.filter((s) => s > 0.05).length}, ≥ 0.2 (flagged): ${scores.filter((s) => s >= 0.2).length}`;
};
try {
  out(`${count} ${values.label} frames of ${data} at 640 × 360`);
  for (const [name, filters] of Object.entries(overlays)) {
    const raw: number[] = [];
    const blank: number[] = [];
    for (const file of sample) {
      const frame = await readFrame(file, { filter: ['scale=640:360', ...filters].join(',') });
      raw.push(await scene.scoreOne(frame));
      blank.push(await blanked(frame));
    }
    out(`${name.padEnd(6)} raw: ${summary(raw)} | text blanked: ${summary(blank)}`);
  }
} finally {
  await scene.close();
  await text.close();
}
