// Privacy detector quality on a labelled frame folder, honestly: every frame is scored by a scene
// model that never saw it (stratified 5-fold and leave-one-video-out cross-validation, training
// augmented as in `npm run deid:train`), then, as in the product, checked by the face, person and
// text detectors when its scene score is uncertain.
//
//   node --import tsx bench/deid-quality.mjs [--labels <labels.csv> --images <dir>]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { calibrate, DEFAULT_UNCERTAIN_FROM } from '@ipsv/deid/analyse';
import { loadPixels, readLabels } from '@ipsv/deid/dataset';
import { atThreshold, rocAuc } from '@ipsv/deid/metrics';
import { SCENE_THRESHOLD } from '@ipsv/deid/scene-model';
import { buildSamples, EXTRA_LABELS, heldOutGroup, leaveOneVideoOut } from '@ipsv/deid/scene-training';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = resolve(root, '..', 'shared', 'data', 'deid-frames');
const { values } = parseArgs({ options: { labels: { type: 'string' }, images: { type: 'string' } } });
const labels = values.labels ?? join(data, 'labels.csv');
const images = values.images ?? join(dirname(labels), 'images');

const frames = [...(await readLabels(labels, images)), ...(await readLabels(EXTRA_LABELS, join(dirname(EXTRA_LABELS), 'images')))];
const started = Date.now();
const samples = await buildSamples(frames, true);
console.log(
  `${frames.length} frames (${frames.filter((f) => f.revealing).length} revealing), ${samples.length} samples with augmentations and composites (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);

const detectors = defaultSecondaryDetectors();
const secondaryCache = new Map();
const secondaryScore = async (file) => {
  if (!secondaryCache.has(file)) {
    const pixels = await loadPixels(file);
    let best = 0;
    for (const { detector, threshold } of detectors) {
      const [raw] = await detector.score([{ ...pixels, time: 0, keyframe: true }]);
      best = Math.max(best, calibrate(raw ?? 0, threshold, SCENE_THRESHOLD));
    }
    secondaryCache.set(file, best);
  }
  return secondaryCache.get(file);
};

const pct = (v) => `${(v * 100).toFixed(2)} %`;
const report = (name, scores) => {
  const point = atThreshold(scores, SCENE_THRESHOLD);
  console.log(
    `${name.padEnd(46)} AUC ${rocAuc(scores).toFixed(5)}  recall ${pct(point.recall)} (${point.missed} missed)  endoscopic removed ${pct(point.insideRemoved)} (${point.falseRemovals})`,
  );
  return point;
};

for (const cv of [leaveOneVideoOut(samples), heldOutGroup(samples)]) {
  report(`${cv.name}, scene model alone`, cv.scores);
  const combined = [];
  let checked = 0;
  for (const s of cv.scores) {
    let score = s.score;
    if (score >= DEFAULT_UNCERTAIN_FROM && score < SCENE_THRESHOLD) {
      checked += 1;
      score = Math.max(score, await secondaryScore(s.file));
    }
    combined.push({ ...s, score });
  }
  const point = report(`${cv.name}, + faces/people/text (${checked} checked)`, combined);
  for (const s of combined.filter((c) => c.revealing && c.score < point.threshold)) console.log(`    missed: ${s.file.split('/').pop()} ${s.score.toFixed(3)}`);
}
await closeDetectors(detectors);
