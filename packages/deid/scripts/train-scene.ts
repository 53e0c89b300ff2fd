// Trains the out-of-body scene model and writes packages/deid/model/scene-logistic.json.
//   npm run deid:train [-- --labels <labels.csv> --images <dir>]
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SCENE_MODEL_FILE, SCENE_THRESHOLD, type SceneModelFile } from '../src/scene-model.js';
import { readLabels } from '../src/dataset.js';
import { SCENE_FEATURES } from '../src/scene-features.js';
import { dataHash, featureRows, kFold, LAMBDA, leaveOneVideoOut, summarise, trainScene } from '../src/scene-training.js';

const here = dirname(fileURLToPath(import.meta.url));
const defaultData = resolve(here, '../../../../shared/data/deid-frames');
const { values } = parseArgs({ options: { labels: { type: 'string' }, images: { type: 'string' }, out: { type: 'string' }, date: { type: 'string' } } });
const labels = values.labels ?? join(defaultData, 'labels.csv');
const images = values.images ?? join(defaultData, 'images');
const frames = await readLabels(labels, images);
const started = Date.now();
const rows = await featureRows(frames, true);
process.stderr.write(`${frames.length} frames, ${rows.length} rows with augmentations, features in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const percent = (v: number) => `${(v * 100).toFixed(2)} %`;
const cv = [kFold(rows, 5), leaveOneVideoOut(rows)];
for (const { name, scores } of cv) {
  const s = summarise(scores, SCENE_THRESHOLD);
  process.stderr.write(
    `${name}: AUC ${s.auc.toFixed(5)}, recall ${percent(s.recall)} (${s.missed} missed), endoscopic removed ${percent(s.insideRemoved)} (${s.falseRemovals}) at ${SCENE_THRESHOLD}\n`,
  );
}

const model = trainScene(rows);
const out = values.out ?? SCENE_MODEL_FILE;
const sha = await dataHash(labels, frames);
// The training date stays that of the file being replaced when the data and the method are the
// same, so training twice writes the same bytes; new data or a new λ takes today's date.
const previous = await readFile(out, 'utf8').then(
  (text) => JSON.parse(text) as Partial<SceneModelFile>,
  () => undefined,
);
const unchanged = previous?.training?.dataSha256 === sha && previous.lambda === LAMBDA && JSON.stringify(previous.features) === JSON.stringify(SCENE_FEATURES);
const trainedOn =
  values.date ?? (unchanged && typeof previous?.training?.trainedOn === 'string' ? previous.training.trainedOn : new Date().toISOString().slice(0, 10));
const file: SceneModelFile = {
  name: 'scene-logistic',
  version: `1.1.0+${sha.slice(0, 12)}`,
  kind: 'logistic',
  features: [...SCENE_FEATURES],
  lambda: LAMBDA,
  threshold: SCENE_THRESHOLD,
  means: model.means,
  scales: model.scales,
  weights: model.weights,
  bias: model.bias,
  training: {
    frames: frames.length,
    revealing: frames.filter((f) => f.revealing).length,
    augmentations: rows.length / frames.length - 1,
    dataSha256: sha,
    trainedOn,
    command: 'npm run deid:train',
  },
};
await writeFile(out, `${JSON.stringify(file, (_, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(10)) : v), 2)}\n`);
process.stderr.write(`wrote ${out}\n`);
