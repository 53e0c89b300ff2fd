// Privacy detector quality on a labelled frame folder, honestly: every frame is scored by a scene
// model that never saw it (leave-one-video-out cross-validation and a held-out group, training
// augmented as in `npm run deid:train`), then, as in the product, checked by the face, person and
// text detectors when its scene score is uncertain, on the frame scaled to 640 × 360 as the
// analysis with every detector sees it. The synthetic picture-in-picture composites go the same way.
// Each endoscopic frame that only a face, person or text detector removed is listed with the
// detector and its raw score (what the product rule adds to the scene model's own removals).
//
//   node --import tsx bench/deid-quality.mjs [--labels <labels.csv> --images <dir>]
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { calibrate, DEFAULT_UNCERTAIN_FROM } from '@ipsv/deid/analyse';
import { loadPixels, readLabels } from '@ipsv/deid/dataset';
import { composite } from '@ipsv/deid/scene-augment';
import { atThreshold, rocAuc } from '@ipsv/deid/metrics';
import { SCENE_THRESHOLD } from '@ipsv/deid/scene-model';
import { buildSamples, EXTRA_LABELS, heldOutGroup, leaveOneVideoOut } from '@ipsv/deid/scene-training';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { scaleLikeSampler } from '@ipsv/media/sample-frames';

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
const ANALYSIS_SIZE = [640, 360];
const pixelsOf = async (s) => {
  const base = await loadPixels(s.file);
  return s.inset ? composite(base, await loadPixels(s.inset.file), s.inset.box) : base;
};
const secondaryScore = async (s) => {
  const key = `${s.file} ${s.variant}`;
  if (!secondaryCache.has(key)) {
    const pixels = scaleLikeSampler(await pixelsOf(s), ...ANALYSIS_SIZE);
    let best = 0;
    let by = '';
    for (const { detector, threshold } of detectors) {
      const [raw] = await detector.score([pixels]);
      const score = calibrate(raw ?? 0, threshold, SCENE_THRESHOLD);
      if (score > best) [best, by] = [score, `${detector.name} ${(raw ?? 0).toFixed(3)}`];
    }
    secondaryCache.set(key, { score: best, by });
  }
  return secondaryCache.get(key);
};

const pct = (v) => `${(v * 100).toFixed(2)} %`;
const report = (name, scores) => {
  const point = atThreshold(scores, SCENE_THRESHOLD);
  console.log(
    `${name.padEnd(46)} AUC ${rocAuc(scores).toFixed(5)}  recall ${pct(point.recall)} (${point.missed} missed)  endoscopic removed ${pct(point.insideRemoved)} (${point.falseRemovals})`,
  );
  return point;
};

/** The product rule: an uncertain frame is removed when a face, a person or text is found in it. */
const withSecondary = async (scored) => {
  const combined = [];
  let checked = 0;
  for (const s of scored) {
    let score = s.score;
    let by = 'scene';
    if (score >= DEFAULT_UNCERTAIN_FROM && score < SCENE_THRESHOLD) {
      checked += 1;
      const secondary = await secondaryScore(s);
      if (secondary.score > score) {
        score = secondary.score;
        by = secondary.by;
      }
    }
    combined.push({ ...s, score, by, scene: s.score });
  }
  return { combined, checked };
};

for (const cv of [leaveOneVideoOut(samples), heldOutGroup(samples)]) {
  report(`${cv.name}, scene model alone`, cv.scores);
  const { combined, checked } = await withSecondary(cv.scores);
  const point = report(`${cv.name}, + faces/people/text (${checked} checked)`, combined);
  for (const s of combined.filter((c) => c.revealing && c.score < point.threshold)) console.log(`    missed: ${s.file.split('/').pop()} ${s.score.toFixed(3)}`);
  // Endoscopic frames that only a face, person or text detector removed: what the product rule adds.
  for (const s of combined.filter((c) => !c.revealing && c.score >= point.threshold && c.by !== 'scene'))
    console.log(`    endoscopic removed by ${s.by}: ${s.file.split('/').pop()} (scene ${s.scene.toFixed(3)})`);
  const pipAlone = atThreshold(cv.pip, SCENE_THRESHOLD);
  const pip = await withSecondary(cv.pip);
  const pipPoint = atThreshold(pip.combined, SCENE_THRESHOLD);
  console.log(
    `${`${cv.name}, picture-in-picture`.padEnd(46)} recall ${pct(pipAlone.recall)} (${pipAlone.missed} of ${cv.pip.length} missed) alone, ${pct(pipPoint.recall)} (${pipPoint.missed} missed) + faces/people/text (${pip.checked} checked)`,
  );
  for (const s of pip.combined.filter((c) => c.score < SCENE_THRESHOLD))
    console.log(`    missed: ${s.file.split('/').pop()} ${s.variant} ${s.score.toFixed(3)}`);
}
await closeDetectors(detectors);
