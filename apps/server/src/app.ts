// Builds the HTTP server from its parts. Knows nothing of how the database was started, so tests
// can build it against any PostgreSQL.
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_DESCRIPTION, APP_TITLE } from '@ipsv/contracts/app';
import { PAGE_VIEWS_PER_MINUTE } from '@ipsv/contracts/page-views';
import { healthRoutes } from './modules/health/health.routes.js';
import { createPageViewsRepository } from './modules/page-views/page-views.repository.js';
import { pageViewsRoutes } from './modules/page-views/page-views.routes.js';
import { createPageViewsService } from './modules/page-views/page-views.service.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { createAnonymousSessionService } from './modules/session/session.service.js';
import { createSurgeryTypesRepository } from './modules/surgery-types/surgery-types.repository.js';
import { surgeryTypesRoutes } from './modules/surgery-types/surgery-types.routes.js';
import type { Database } from './platform/database.js';
import { registerErrorHandler } from './platform/http-errors.js';
import { APP_VERSION } from './platform/version.js';
import { registerWebApp } from './platform/web-app.js';

export interface AppOptions {
  database: Pick<Database, 'db' | 'ping'>;
  logger: FastifyBaseLogger;
  webDistDir: string;
  trustProxy?: boolean;
  /** Requests per minute and client address on the anonymous write endpoints. */
  pageViewsPerMinute?: number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine sets inline style attributes; everything else comes from our own origin.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS only makes sense behind TLS, which a reverse proxy terminates.
    strictTransportSecurity: options.trustProxy ? undefined : false,
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Limits are set per route (in-memory per process: each process enforces its own share).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${context.after}.`), { statusCode: 429 }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${APP_TITLE} API`, description: APP_DESCRIPTION, version: APP_VERSION },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db, ping } = options.database;
  const sessions = createAnonymousSessionService();
  const pageViews = createPageViewsService(createPageViewsRepository(db));

  await app.register(healthRoutes({ ping, version: APP_VERSION }));
  await app.register(sessionRoutes(sessions));
  await app.register(surgeryTypesRoutes(createSurgeryTypesRepository(db)));
  await app.register(
    pageViewsRoutes({ pageViews, sessions, perMinute: options.pageViewsPerMinute ?? PAGE_VIEWS_PER_MINUTE }),
  );
  await registerWebApp(app, options.webDistDir);

  return app;
}
