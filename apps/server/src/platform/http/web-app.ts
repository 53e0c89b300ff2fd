// Serves the built React SPA: hashed assets with long caching, index.html for every other
// non-API GET (history fallback), and JSON 404s under /api.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './http-errors.js';

const API_PREFIXES = ['/api/', '/media/'];

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('ENDPOINT_NOT_FOUND', { method: request.method, path: pathname }));
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build` (or `npm start`), then reload.');
    }
    // The SPA decides what exists (including its own not-found page).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
