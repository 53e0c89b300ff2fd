// Builds the HTTP server from its parts. Knows nothing of how the database was started, so tests
// can build it against any PostgreSQL.
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_DESCRIPTION, APP_TITLE } from '@ipsv/contracts/app';
import { rateLimitParams } from '@ipsv/contracts/errors';
import { PAGE_VIEWS_PER_MINUTE } from '@ipsv/contracts/page-views';
import { healthRoutes } from './modules/health/health.routes.js';
import { createPageViewsRepository } from './modules/page-views/page-views.repository.js';
import { pageViewsRoutes } from './modules/page-views/page-views.routes.js';
import { createPageViewsService } from './modules/page-views/page-views.service.js';
import type { FederatedProvider } from '@ipsv/contracts/auth';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthToolkit } from './modules/auth/auth-toolkit.js';
import { createAuthSessionsService } from './modules/auth/auth-sessions.service.js';
import { createContactVerificationService } from './modules/auth/contact-verification.service.js';
import { createPasswordResetService } from './modules/auth/password-reset.service.js';
import { createSignInService } from './modules/auth/sign-in.service.js';
import { createSignUpService } from './modules/auth/sign-up.service.js';
import { createTwoFactorService } from './modules/auth/two-factor.service.js';
import { codeEmail, type CodeEmailKind } from './modules/auth/auth-emails.js';
import { federatedRoutes } from './modules/auth/federated.routes.js';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.js';
import { createUsedTotpCodes } from './modules/auth/used-totp-codes.js';
import { videoTransactions } from './modules/videos/video-transactions.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { createSessionService } from './modules/session/session.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { createSurgeryTypesRepository } from './modules/surgery-types/surgery-types.repository.js';
import { surgeryTypesRoutes } from './modules/surgery-types/surgery-types.routes.js';
import { CODE_LIFETIME_SECONDS, createAuth, loadAuthSecret, type CodePurpose, type FederatedSettings } from './platform/auth/auth.js';
import type { Database } from './platform/database/database.js';
import type { Mailer } from './platform/mail/mail.js';
import { createRateLimiter } from './platform/database/rate-limiter.js';
import type { Storage } from './platform/storage/storage.js';
import { AppError } from './platform/app-error.js';
import { registerErrorHandler } from './platform/http/http-errors.js';
import { registerSafeInput } from './platform/http/safe-input.js';
import { recordRoutes } from './platform/http/route-table.js';
import { APP_VERSION } from './platform/version.js';
import { createMediaSigner } from './platform/media/media-signing.js';
import type { Queue } from './platform/jobs/queue.js';
import type { UploadStore } from './platform/storage/upload-store.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { createUpgradeRouter } from './platform/http/upgrades.js';
import { openFilesLimit, socketBudget } from './platform/http/socket-budget.js';
import { closeSilentConnections } from './platform/http/idle-connections.js';
import { createClientAddress, proxyTrust, type TrustProxy } from './platform/http/client-address.js';
import { startPgListener } from './platform/database/pg-listener.js';
import { startLiveHub } from './modules/live/live-hub.js';
import { createLivePublisher } from './modules/live/live-publisher.js';
import { attachLiveSocket } from './modules/live/live-socket.js';
import { createNotifier } from './modules/notifications/notifier.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { videoEvents } from './modules/notifications/video-events.js';
import { createChatRepository } from './modules/chat/chat.repository.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { legacyRoutes } from './modules/legacy/legacy.routes.js';
import { createSupportConsoleService } from './modules/chat/support-console.service.js';
import { createVisitorChatService } from './modules/chat/visitor-chat.service.js';
import { createOfflineNotices, supportAddressesOf } from './modules/chat/offline-notices.js';
import { createVideosRepository } from './modules/videos/videos.repository.js';
import { videosRoutes } from './modules/videos/videos.routes.js';
import { createPlaybackService } from './modules/videos/playback.service.js';
import { createPrivacyReviewService } from './modules/videos/privacy-review.service.js';
import { createVideoDetailsService } from './modules/videos/video-details.service.js';
import { createLifecycle } from './modules/videos/video-lifecycle.js';
import { createVideoSegmentsService } from './modules/videos/video-segments.service.js';
import { createVideoUploadsService } from './modules/videos/video-uploads.service.js';
import { decorateActor } from './modules/session/actor.js';
import { createSearchRepository } from './modules/search/search.repository.js';
import { CATALOGUE_WARM_EVERY_MS } from './modules/search/search-catalogue.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSearchThreads } from './modules/search/search-threads.js';
import { createCurationRepository } from './modules/curation/curation.repository.js';
import { curationRoutes } from './modules/curation/curation.routes.js';
import { createCurationService } from './modules/curation/curation.service.js';
import { sharpImageNormaliser, type ImageNormaliser } from './platform/media/image-normaliser.js';
import { ffmpegMediaTools, type MediaTools } from './platform/media/media-tools.js';
import { registerWebApp } from './platform/http/web-app.js';
import { createLibraryService } from './modules/watching/library.service.js';
import { createNotesService } from './modules/watching/notes.service.js';
import { createPlaybackReportsService } from './modules/watching/playback-reports.service.js';
import { createPlaylistsService } from './modules/watching/playlists.service.js';
import { createWatchPageService } from './modules/watching/watch-page.service.js';
import { createWatchingRepository } from './modules/watching/watching.repository.js';
import { watchingRoutes } from './modules/watching/watching.routes.js';
import { createAccessControlService } from './modules/dashboard/access-control.service.js';
import { createAnalyticsService } from './modules/dashboard/analytics.service.js';
import { createContentService } from './modules/dashboard/content.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { createVersionsService } from './modules/dashboard/versions.service.js';
import { createLicencesRepository } from './modules/licences/licences.repository.js';
import { licencesRoutes } from './modules/licences/licences.routes.js';
import { createLicencesService } from './modules/licences/licences.service.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createFeedbackRepository } from './modules/feedback/feedback.repository.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { createFeedbackService } from './modules/feedback/feedback.service.js';
import { instanceSettingsRoutes } from './modules/instance-settings/instance-settings.routes.js';
import { createInstanceSettingsService } from './modules/instance-settings/instance-settings.service.js';

export interface AppOptions {
  database: Pick<Database, 'db' | 'ping' | 'pool'>;
  logger: FastifyBaseLogger;
  webDistDir: string;
  /** The proxies in front (TRUST_PROXY): a hop count or their addresses; none by default. */
  trustProxy?: TrustProxy;
  /** Load the search catalogue in the background once the app is ready (the server does; tests need not). */
  warmSearch?: boolean;
  /** Search in this many threads of their own (search-threads.ts); without, in this thread. */
  searchThreads?: { count: number; databaseUrl: string };
  /** Requests per minute and client address on the anonymous write endpoints. */
  pageViewsPerMinute?: number;
  /** The address users open; cookies, links in emails and trusted origins derive from it. */
  publicUrl: string;
  mailer: Mailer;
  storage: Storage;
  authSecret?: string;
  adminEmail?: string;
  totpIssuer?: string;
  federated?: FederatedSettings;
  /** Multiplies the sign-in and code rate limits (1 in production). */
  rateLimitScale?: number;
  /** Where video jobs are sent (pg-boss; the worker role runs them). */
  queue: Queue;
  /** Where tus keeps uploads while they arrive. */
  uploads: UploadStore;
  /** ffmpeg through packages/media unless a test passes fakes (the segment editor's 'AI Analysis'). */
  media?: Pick<MediaTools, 'sceneChanges'>;
  images?: ImageNormaliser;
  companionUrl?: string;
  /** Who is emailed about a new support chat while nobody is online (default: support and admin users). */
  supportEmails?: string[];
  /** Uploads stop when the upload disk would keep less than this free (2 GiB by default). */
  uploadMinFreeBytes?: number;
  /** Lifetime of signed media URLs; the spec's 6000 s by default. */
  mediaUrlLifetimeSeconds?: number;
  /** Playback reports one signed-in session may send per minute (60 by default). */
  playbackReportsPerMinute?: number;
  /** WebSockets (and pending handshakes) one client address may hold; 500 by default. */
  websocketsPerAddress?: number;
  /** WebSockets this process holds at most; 20,000 by default, less when the open-files limit is lower. */
  websocketsTotal?: number;
  /** Of those, anonymous chat visitors' (half the total by default). */
  websocketsAnonymous?: number;
  /** The open-files limit the socket budget is made from (read from /proc/self/limits by default; null: unknown). */
  openFilesLimit?: number | null;
  /** AUTO_PUBLISH: videos whose provider asks for it may be published without review (default off). */
  autoPublish?: boolean;
  /** A request's headers must arrive within this (30 s by default). */
  headersTimeoutMs?: number;
  /** A whole request must arrive within this (10 minutes by default). */
  requestTimeoutMs?: number;
}

const CODE_EMAIL_KIND: Record<CodePurpose, CodeEmailKind> = {
  'email-verification': 'confirmSignUp',
  'forget-password': 'resetPassword',
  'sign-in': 'signInCode',
  'change-email': 'verifyContact',
};

const PROVIDER_NAMES: Record<Exclude<FederatedProvider, 'oidc'>, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  amazon: 'Amazon',
};

const BODY_LIMIT = 1024 * 1024;
const SHUTDOWN_GRACE_MS = 2000;
/** A request's headers must arrive within this. */
const HEADERS_TIMEOUT_MS = 30_000;
/** A whole request must arrive within this: a 50 MB upload chunk at 90 kB/s still fits. */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing API calls must come from our own pages (SameSite cookies are the first guard). */
function isForeignOrigin(origin: string | undefined, allowed: Set<string>): boolean {
  if (!origin) return false; // Not a browser's cross-site request (browsers always send Origin there).
  return !allowed.has(origin);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const trustProxy = options.trustProxy ?? false;
  const clientAddress = createClientAddress(trustProxy);
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: trustProxy === false ? false : proxyTrust(trustProxy),
    requestIdHeader: 'x-request-id',
    // Each request is one debug line (below), not two info lines: a terminal shows what matters.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT,
    // A client that sends its headers (or its body) a byte at a time must not hold a connection
    // for ever (slow loris). Node checks these at the interval, so a connection lives at most the
    // timeout plus one interval.
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(250, Math.min(5000, Math.floor(headersTimeout / 2))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  closeSilentConnections(app.server, headersTimeout);
  recordRoutes(app);
  decorateActor(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSafeInput(app, BODY_LIMIT);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine sets inline style attributes; everything else comes from our own origin.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // The player streams HLS through Media Source Extensions (a blob: URL) and hls.js may run
        // its demuxer in a worker made from a blob.
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS whenever users reach us over https (TLS is terminated by a reverse proxy in front);
    // over plain http it would be ignored, and on a test address it would pin the browser to https.
    strictTransportSecurity: options.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // Limits are set per route (in-memory per process: each process enforces its own share).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError('RATE_LIMITED', rateLimitParams(context.ttl / 1000)),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${APP_TITLE} API`, description: APP_DESCRIPTION, version: APP_VERSION },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const publicOrigin = new URL(options.publicUrl).origin;
  // Every state change, whatever its path: a percent-encoded or otherwise disguised path reaches the
  // same route, so the check must not depend on how the path is spelled.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const allowed = new Set([publicOrigin, `${request.protocol}://${request.headers.host ?? ''}`]);
    if (isForeignOrigin(request.headers.origin, allowed)) {
      throw new AppError('CROSS_SITE');
    }
  });

  const { db, ping, pool } = options.database;
  const usersRepository = createUsersRepository(db);
  const limiter = createRateLimiter(db, options.rateLimitScale ?? 1);
  if (options.adminEmail) {
    const admin = await usersRepository.findByEmail(options.adminEmail);
    if (admin && admin.role !== 'admin') await usersRepository.update(admin.id, { role: 'admin' });
  }
  const federated = options.federated ?? {};
  const authSecret = await loadAuthSecret(db, options.authSecret);
  const auth = createAuth(db, {
    baseURL: options.publicUrl,
    secret: authSecret,
    totpIssuer: options.totpIssuer ?? APP_TITLE,
    federated,
    log: options.logger,
    async sendCode(email, code, purpose) {
      const user = await usersRepository.findByEmail(email);
      const kind = purpose === 'email-verification' && user?.registration !== 'self' ? 'verifyContact' : CODE_EMAIL_KIND[purpose];
      await options.mailer.send(codeEmail(kind, { email, firstName: user?.firstName, language: user?.language }, code, CODE_LIFETIME_SECONDS / 60));
    },
  });
  const sessions = createSessionService(auth);
  const authDeps = {
    auth,
    users: usersRepository,
    limiter,
    throttle: createSignInThrottle(db, options.rateLimitScale ?? 1),
    totpCodes: createUsedTotpCodes(db),
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    adminEmail: options.adminEmail,
  };
  const toolkit = createAuthToolkit(authDeps);
  const authServices = {
    signUp: createSignUpService(toolkit, authDeps),
    signIn: createSignInService(toolkit, authDeps),
    passwordReset: createPasswordResetService(toolkit, authDeps),
    contact: createContactVerificationService(toolkit, authDeps),
    sessions: createAuthSessionsService(toolkit, authDeps),
    twoFactor: createTwoFactorService(toolkit, authDeps),
  };
  const images = options.images ?? sharpImageNormaliser;
  const live = createLivePublisher(db);
  const notificationsRepository = createNotificationsRepository(db);
  const notifier = createNotifier({
    notifications: notificationsRepository,
    live,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    secret: authSecret,
    log: options.logger,
  });
  const usersService = createUsersService({
    notifier,
    users: usersRepository,
    storage: options.storage,
    images,
    mailer: options.mailer,
    auth,
    publicUrl: options.publicUrl,
  });
  const providers = [
    ...(['google', 'apple', 'facebook', 'amazon'] as const).filter((id) => federated[id]).map((id) => ({ id, name: PROVIDER_NAMES[id] })),
    ...(federated.oidc ? [{ id: 'oidc' as const, name: federated.oidc.name }] : []),
  ];
  const pageViews = createPageViewsService(createPageViewsRepository(db));
  const signer = createMediaSigner(authSecret, { lifetimeSeconds: options.mediaUrlLifetimeSeconds });
  const videosRepository = createVideosRepository(db);
  const lifecycle = createLifecycle({
    videos: videosRepository,
    queue: options.queue,
    transactions: videoTransactions(pool, options.queue),
    autoPublish: options.autoPublish,
    onApplied: videoEvents(notifier),
    log: options.logger,
  });
  const videoServices = {
    details: createVideoDetailsService({ videos: videosRepository, storage: options.storage, signer, lifecycle, images, uploads: options.uploads, notifier }),
    review: createPrivacyReviewService({ videos: videosRepository, signer, lifecycle, queue: options.queue }),
    segments: createVideoSegmentsService({ videos: videosRepository, storage: options.storage, signer, media: options.media ?? ffmpegMediaTools }),
    playback: createPlaybackService({ videos: videosRepository, signer }),
  };
  const listener = await startPgListener(pool, options.logger);
  // Sockets within the open-files limit, with room left for HTTP, files and PostgreSQL.
  const sockets = socketBudget(options.openFilesLimit === undefined ? openFilesLimit() : options.openFilesLimit, options.websocketsTotal ?? 20_000);
  options.logger.debug({ sockets }, 'websocket budget');
  const upgrades = createUpgradeRouter(app.server, {
    maxPerAddress: options.websocketsPerAddress ?? 500,
    maxTotal: sockets.total,
    maxAnonymous: options.websocketsAnonymous ?? sockets.anonymous,
    // Nobody signed in: no cookie, or the chat visitor's protocol (a cookie without a session and
    // without that protocol is refused at once).
    isAnonymous: (request) => !request.headers.cookie || String(request.headers['sec-websocket-protocol'] ?? '').includes('ipsv-visitor.'),
    // The address the last trusted proxy saw, as request.ip is for HTTP.
    addressOf: (request) => clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for']),
  });
  const chatRepository = createChatRepository(db);
  const visitorChat = createVisitorChatService({
    chat: chatRepository,
    live,
    limiter,
    notices: createOfflineNotices({
      chat: chatRepository,
      mailer: options.mailer,
      queue: options.queue,
      publicUrl: options.publicUrl,
      supportAddresses: supportAddressesOf(options.supportEmails, notificationsRepository),
      log: options.logger,
    }),
  });
  const supportConsole = createSupportConsoleService({ chat: chatRepository, live, notifier, limiter });
  const liveHub = await startLiveHub(listener, options.logger);
  const liveSocket = await attachLiveSocket(upgrades, {
    sessions,
    hub: liveHub,
    listener,
    visitors: visitorChat,
    allowedOrigins: (request) => new Set([publicOrigin, `http://${request.headers.host ?? ''}`, `https://${request.headers.host ?? ''}`]),
  });
  // Closing the app closes every WebSocket and pending handshake, so shutdown never waits on them;
  // requests still in flight get a short grace, then their connections are closed too.
  app.addHook('preClose', async () => {
    await liveSocket.close();
    await upgrades.close();
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });
  app.addHook('onClose', async () => {
    await liveHub.close();
    await listener.close();
  });

  await app.register(healthRoutes({ ping, version: APP_VERSION }));
  await app.register(sessionRoutes(sessions, authServices.sessions));
  await app.register(authRoutes({ auth: authServices, sessions, providers }));
  await app.register(
    federatedRoutes(
      auth,
      limiter,
      options.publicUrl,
      providers.map((p) => p.id),
    ),
  );
  await app.register(usersRoutes({ users: usersService, sessions }));
  const surgeryTypesRepository = createSurgeryTypesRepository(db);
  await app.register(surgeryTypesRoutes(surgeryTypesRepository));
  await app.register(pageViewsRoutes({ pageViews, sessions, perMinute: options.pageViewsPerMinute ?? PAGE_VIEWS_PER_MINUTE }));
  await app.register(
    uploadsRoutes({
      sessions,
      uploads: createVideoUploadsService({
        videos: videosRepository,
        lifecycle,
        disk: { freeBytes: () => options.uploads.freeBytes(), minFreeBytes: options.uploadMinFreeBytes ?? 2048 * 1024 * 1024 },
      }),
      store: options.uploads,
      trustProxy: trustProxy !== false,
      companionUrl: options.companionUrl ?? null,
    }),
  );
  await app.register(videosRoutes({ sessions, ...videoServices }));
  const watching = createWatchingRepository(db);
  const licencesRepository = createLicencesRepository(db);
  const watchPage = createWatchPageService({ watching, signer, notifier, licences: licencesRepository });
  const notes = createNotesService({ watching, signer });
  await app.register(
    watchingRoutes({
      sessions,
      page: watchPage,
      notes,
      library: createLibraryService({ watching, signer }),
      playlists: createPlaylistsService({ watching, signer }),
      reports: createPlaybackReportsService({ watching }),
      reportsPerMinute: options.playbackReportsPerMinute,
    }),
  );
  const notificationsService = createNotificationsService({ notifications: notificationsRepository, secret: authSecret });
  await app.register(notificationsRoutes({ notifications: notificationsService, sessions }));
  const search = createSearchService({
    search: createSearchRepository(db),
    videos: videosRepository,
    signer,
    pages: options.searchThreads && options.searchThreads.count > 0 ? createSearchThreads(options.searchThreads) : undefined,
  });
  app.addHook('onClose', () => search.close());
  if (options.warmSearch) {
    // The first visitor after a start should not wait for the catalogue (seconds at 100,000
    // videos), nor one after a quiet half hour (the catalogue would load whole again).
    const warm = () => {
      search
        .warm()
        .catch((error: unknown) => options.logger.warn({ err: error }, 'search: could not bring the catalogue up to date ahead; the next search will'));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      warm();
      timer = setInterval(warm, CATALOGUE_WARM_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(searchRoutes({ sessions, search }));
  await app.register(curationRoutes({ sessions, curation: createCurationService({ curation: createCurationRepository(db), search }) }));
  const dashboard = createDashboardRepository(db);
  await app.register(
    dashboardRoutes({
      sessions,
      content: createContentService({ dashboard, videos: videosRepository, signer }),
      access: createAccessControlService({ dashboard, videos: videosRepository, notifier }),
      analytics: createAnalyticsService({ dashboard, videos: videosRepository }),
      versions: createVersionsService({ videos: videosRepository, dashboard, lifecycle, storage: options.storage }),
    }),
  );
  const licences = createLicencesService({ licences: licencesRepository, videos: videosRepository, notifier });
  await app.register(licencesRoutes({ sessions, licences }));
  await app.register(instanceSettingsRoutes({ sessions, settings: createInstanceSettingsService({ autoPublish: options.autoPublish ?? false }) }));
  await app.register(feedbackRoutes({ sessions, feedback: createFeedbackService({ feedback: createFeedbackRepository(db), notifier }) }));
  await app.register(chatRoutes({ sessions, visitors: visitorChat, support: supportConsole }));
  await app.register(
    legacyRoutes({ sessions, surgeryTypes: surgeryTypesRepository, users: usersService, notifications: notificationsService, page: watchPage, notes, search }),
  );
  await app.register(mediaRoutes({ storage: options.storage, signer }));
  await registerWebApp(app, options.webDistDir);

  return app;
}
