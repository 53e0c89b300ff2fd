// Starts a search thread from its TypeScript source (tests, tsx): a worker thread does not inherit
// the parent's TypeScript loader. The built server starts dist/search-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');
