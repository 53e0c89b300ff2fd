// Trains the out-of-body scene model and writes packages/deid/model/scene-logistic.json.
//   npm run deid:train [-- --labels <labels.csv> --images <dir>] [--no-extra]
// The dev set plus the repository's extra frames (packages/deid/data), augmented and with
// picture-in-picture composites; prints the cross-validated figures before writing the weights.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readLabels } from '../src/dataset.js';
import { BACKBONE } from '../src/scene-embedding.js';
import { MODEL_FEATURES, SCENE_MODEL_FILE, SCENE_THRESHOLD, type SceneModelFile } from '../src/scene-model.js';
import { REGIONS } from '../src/scene-regions.js';
import { buildSamples, dataHash, EXTRA_LABELS, heldOutGroup, LAMBDA, leaveOneVideoOut, summarise, trainScene } from '../src/scene-training.js';

const here = dirname(fileURLToPath(import.meta.url));
const defaultData = resolve(here, '../../../../shared/data/deid-frames');
const { values } = parseArgs({
  options: { labels: { type: 'string' }, images: { type: 'string' }, out: { type: 'string' }, date: { type: 'string' }, 'no-extra': { type: 'boolean' } },
});
const labels = values.labels ?? join(defaultData, 'labels.csv');
const images = values.images ?? join(dirname(labels), 'images');
const labelFiles = values['no-extra'] ? [labels] : [labels, EXTRA_LABELS];
const frames = [...(await readLabels(labels, images)), ...(values['no-extra'] ? [] : await readLabels(EXTRA_LABELS, join(dirname(EXTRA_LABELS), 'images')))];
const started = Date.now();
const samples = await buildSamples(frames, true, (done, total) => {
  if (done % 100 === 0) process.stderr.write(`  features ${done}/${total}\n`);
});
process.stderr.write(
  `${frames.length} frames, ${samples.length} samples with augmentations and composites, features in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);

const percent = (v: number) => `${(v * 100).toFixed(2)} %`;
for (const { name, scores, pip } of [leaveOneVideoOut(samples), heldOutGroup(samples)]) {
  const s = summarise(scores, SCENE_THRESHOLD);
  const p = summarise(pip, SCENE_THRESHOLD);
  process.stderr.write(
    `${name}: AUC ${s.auc.toFixed(5)}, recall ${percent(s.recall)} (${s.missed} missed), endoscopic removed ${percent(s.insideRemoved)} (${s.falseRemovals}) at ${SCENE_THRESHOLD}; picture-in-picture recall ${percent(p.recall)} (${p.missed} of ${pip.length} missed)\n`,
  );
}

const model = trainScene(samples);
const out = values.out ?? SCENE_MODEL_FILE;
const sha = await dataHash(labelFiles, frames);
// The training date stays that of the file being replaced when the data and the method are the
// same, so training twice writes the same bytes; new data or a new λ takes today's date.
const previous = await readFile(out, 'utf8').then(
  (text) => JSON.parse(text) as Partial<SceneModelFile>,
  () => undefined,
);
const unchanged = previous?.training?.dataSha256 === sha && previous.lambda === LAMBDA && JSON.stringify(previous.features) === JSON.stringify(MODEL_FEATURES);
const trainedOn =
  values.date ?? (unchanged && typeof previous?.training?.trainedOn === 'string' ? previous.training.trainedOn : new Date().toISOString().slice(0, 10));
const file: SceneModelFile = {
  name: 'scene-logistic',
  version: `2.0.0+${sha.slice(0, 12)}`,
  kind: 'embedding-logistic',
  backbone: { package: BACKBONE.package, model: BACKBONE.model, node: BACKBONE.node, input: BACKBONE.input, licence: BACKBONE.licence },
  features: [...MODEL_FEATURES],
  regions: REGIONS.map((r) => r.name),
  lambda: LAMBDA,
  threshold: SCENE_THRESHOLD,
  means: model.means,
  scales: model.scales,
  weights: model.weights,
  bias: model.bias,
  training: {
    frames: frames.length,
    revealing: frames.filter((f) => f.revealing).length,
    samples: samples.length,
    composites: samples.filter((s) => s.inset).length,
    dataSha256: sha,
    trainedOn,
    command: 'npm run deid:train',
  },
};
await writeFile(out, `${JSON.stringify(file, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(8)) : v), 2)}\n`);
process.stderr.write(`wrote ${out}\n`);
