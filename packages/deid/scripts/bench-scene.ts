// Speed of the scene model per frame, in process, the backbone on onnxruntime:
//   npx tsx packages/deid/scripts/bench-scene.ts [--frames 120] [--threads 1]
// Dev frames resized to the analysis's frame sizes (256 × 144 scene only, 640 × 360 with the other
// detectors); reports the cost of each step and frames per second, and the process CPU time of the
// backbone (all its threads; steadier than wall time when other work shares the cores).
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadPixels, readLabels } from '../src/dataset.js';
import { resize } from '../src/scene-augment.js';
import { BACKBONE, SceneBackbone } from '../src/scene-embedding.js';
import { sceneFeatures } from '../src/scene-features.js';
import { loadSceneModel, sceneInputs, sceneScore } from '../src/scene-model.js';

const here = dirname(fileURLToPath(import.meta.url));
const data = resolve(here, '../../../../shared/data/deid-frames');
const { values } = parseArgs({ options: { frames: { type: 'string' }, threads: { type: 'string' } } });
const count = Number(values.frames ?? 120);
const frames = (await readLabels(join(data, 'labels.csv'), join(data, 'images'))).filter((_, i) => i % 5 === 0).slice(0, count);
const model = loadSceneModel();
const backbone = new SceneBackbone({ threads: values.threads ? Number(values.threads) : undefined });
const pixels = await Promise.all(frames.map((f) => loadPixels(f.file)));
const t0 = performance.now();
await backbone.featureMap(pixels[0]!); // load and warm up
process.stdout.write(`backbone load (ONNX built from the TF.js files, session created) and first frame: ${(performance.now() - t0).toFixed(0)} ms\n`);

for (const [width, height] of [
  [256, 144],
  [640, 360],
]) {
  const sized = pixels.map((p) => resize(p, width!, height!));
  let colour = 0;
  let shrink = 0;
  let net = 0;
  let netCpu = 0;
  let head = 0;
  for (const frame of sized) {
    let t = performance.now();
    sceneFeatures(frame);
    colour += performance.now() - t;
    // featureMap resizes to 192² itself; done here first to time the network alone.
    t = performance.now();
    const square = resize(frame, BACKBONE.input, BACKBONE.input);
    shrink += performance.now() - t;
    t = performance.now();
    const cpu = process.cpuUsage();
    const map = await backbone.featureMap(square);
    const used = process.cpuUsage(cpu);
    netCpu += (used.user + used.system) / 1000;
    net += performance.now() - t;
    t = performance.now();
    sceneScore(model, sceneInputs(frame, map));
    head += performance.now() - t;
  }
  const n = sized.length;
  const total = (colour + shrink + net + head) / n;
  process.stdout.write(
    `${width}x${height}, ${n} frames: colour statistics ${(colour / n).toFixed(2)} ms, resize to 192² ${(shrink / n).toFixed(2)} ms, ` +
      `backbone ${(net / n).toFixed(2)} ms (process CPU ${(netCpu / n).toFixed(2)} ms), regions + head ${(head / n).toFixed(2)} ms; ` +
      `total ${total.toFixed(1)} ms/frame = ${(1000 / total).toFixed(0)} frames/s\n`,
  );
}
await backbone.close();
