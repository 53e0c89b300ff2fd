// Where @vladmandic/human's graph models (model.json + weight shards) sit on disk. Kept apart from
// the tests' TensorFlow.js reference (test/helpers/tfjs-reference.ts), which the product does not load.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Directory of the graph models shipped in the @vladmandic/human npm package. */
export function humanModelsDir(): string {
  // The package's "exports" map has no "./package.json"; its CommonJS entry sits in dist/.
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}
