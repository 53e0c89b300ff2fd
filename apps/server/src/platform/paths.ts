// Locations relative to the server package, valid both from src/platform (tests, tsx) and from
// the bundled dist/main.js.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.basename(here) === 'dist' ? path.resolve(here, '..') : path.resolve(here, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
/** The committed scene model (packages/deid): the bundle cannot find it relative to itself. */
export const SCENE_MODEL_FILE = path.resolve(SERVER_ROOT, '../../packages/deid/model/scene-logistic.json');
