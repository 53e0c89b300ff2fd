// Starts the privacy worker from its TypeScript source (tests, tsx): a worker thread does not
// inherit the parent's TypeScript loader. The built server starts dist/privacy-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./privacy-worker.ts');
