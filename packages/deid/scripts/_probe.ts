import path from 'node:path';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { tf, ensureWasmBackend, fileModelHandler, humanModelsDir } from '../src/detectors/face-tfjs.js';
await ensureWasmBackend();
const base = fileModelHandler(path.join(humanModelsDir(), 'centernet.json'));
const m = await loadGraphModel({
  async load() {
    const a = await base.load!();
    const topo = a.modelTopology as any;
    for (const n of topo.node)
      if (n.op === 'Placeholder') {
        n.attr.shape.shape.dim[0].size = '-1';
        n.attr.shape.shape.dim[1].size = '-1';
        n.attr.shape.shape.dim[2].size = '-1';
      }
    a.signature = undefined;
    return a;
  },
});
console.log('threads', (tf.backend() as any).wasm?._getThreadsCount?.());
for (const size of [96, 128, 160, 224]) {
  for (const node of ['tower_0/MobilenetV3/expanded_conv_14/add', 'tower_0/MobilenetV3/expanded_conv_11/add']) {
    const x = tf.randomUniform([1, size, size, 3], 0, 255);
    let t0 = performance.now();
    let out: any;
    for (let i = 0; i < 5; i++) {
      out = m.execute(x, node) as tf.Tensor;
      if (i < 4) out.dispose();
    }
    const ms = (performance.now() - t0) / 5;
    console.log(size, node, out!.shape, ms.toFixed(1), 'ms');
    out!.dispose();
    x.dispose();
  }
}
