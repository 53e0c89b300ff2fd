// TensorFlow.js on its WebAssembly backend, with every byte read from disk: the .wasm binaries from
// the backend package's dist/ and the graph models from @vladmandic/human's models/. tfjs-node is not
// used (its install downloads a native library), and nothing is fetched over the network. The
// product runs these graphs on onnxruntime (src/tfjs-to-onnx.ts); TensorFlow.js, which they were
// made for, is kept for the tests only, as the reference the converted models are compared with.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { humanModelsDir } from '../../src/detectors/human-models.js';

const require = createRequire(import.meta.url);

export { tf, type GraphModel, humanModelsDir };

let backend: Promise<void> | undefined;

/** Selects the WASM backend once per process; later calls share the same promise. */
export function ensureWasmBackend(): Promise<void> {
  backend ??= (async () => {
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    // A trailing slash makes it a directory prefix; without setWasmPaths the backend would look
    // next to the script or on a CDN.
    setWasmPaths(`${wasmDir}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js WASM backend failed to initialise');
    await tf.ready();
  })();
  // A failed start must not poison the process: let the next caller try again.
  backend.catch(() => {
    backend = undefined;
  });
  return backend;
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** An IO handler that reads model.json and its weight shards with fs (no fetch, no file:// router). */
export function fileModelHandler(jsonPath: string): tf.io.IOHandler {
  return {
    async load(): Promise<tf.io.ModelArtifacts> {
      const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
      const shards: Buffer[] = [];
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      for (const group of json.weightsManifest) {
        for (const shard of group.paths) shards.push(await readFile(path.join(path.dirname(jsonPath), shard)));
        weightSpecs.push(...group.weights);
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        weightSpecs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
      };
    },
  };
}

/** Loads one of Human's graph models by name (e.g. "blazeface") on the WASM backend. */
export async function loadHumanModel(name: string): Promise<GraphModel> {
  await ensureWasmBackend();
  return loadGraphModel(fileModelHandler(path.join(humanModelsDir(), `${name}.json`)));
}

/** The largest absolute difference between two outputs of the same length. */
export function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`outputs of ${a.length} and ${b.length} values`);
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
  return diff;
}
