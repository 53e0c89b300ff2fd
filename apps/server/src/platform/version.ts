// The product version, from the server package (valid from src/ and from the bundled dist/).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './paths.js';

export const APP_VERSION: string = (JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
