// Every route the server answers, recorded as it is registered: the authorisation matrix and the
// fuzz suite read it, so a route added without a matrix entry fails a test.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Starts recording `app`'s routes; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for every GET; it answers as the GET does.
      if (method === 'HEAD' && route.exposeHeadRoute === undefined && table.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      table.push({ method, url: route.url });
    }
  });
}

export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
