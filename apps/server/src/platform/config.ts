// Environment configuration, validated once at start. A bad value stops the start with a message
// that names the variable (see .env.example for every variable).
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_EXPIRY_HOURS_DEFAULT } from '@ipsv/contracts/upload';
import { isProxyAddress, type TrustProxy } from './http/client-address.js';

const port = z.coerce.number().int().min(0).max(65535);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    // all: API, web app and jobs in one process; api: no jobs; worker: jobs only (no HTTP).
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    EMBEDDED_PG_PORT: port.default(54329),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // Unset: half the cores, 1 to 4 (defaultSearchThreads); 0 searches in the main thread.
    SEARCH_THREADS: z.coerce.number().int().min(0).max(32).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: z.url().optional(),
    // The proxies in front (hop count or their addresses), so a client cannot pick its own address
    // through X-Forwarded-For. `true` (trust every hop) is refused for exactly that reason.
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): TrustProxy => {
        const text = value.trim();
        if (text === 'false' || text === '0') return false;
        if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
        const entries = text.split(',').map((entry) => entry.trim());
        if (text !== 'true' && entries.every(isProxyAddress)) return entries;
        context.addIssue({
          code: 'custom',
          message:
            text === 'true'
              ? 'true would let any client choose its address through X-Forwarded-For; write the number of proxies in front (usually 1) or their addresses (e.g. 10.0.0.2 or 10.0.0.0/8,::1)'
              : 'must be false, the number of proxies in front (1 to 10) or a comma-separated list of their addresses or CIDR ranges',
        });
        return z.NEVER;
      }),
    WEB_DIST_DIR: z.string().optional(),
    // Accounts and mail
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Intelligent Platform for Surgery Videos <no-reply@localhost>'),
    ADMIN_EMAIL: z.email().optional(),
    TOTP_ISSUER: z.string().min(1).default('Intelligent Platform for Surgery Videos'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    APPLE_CLIENT_ID: z.string().optional(),
    APPLE_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    AMAZON_CLIENT_ID: z.string().optional(),
    AMAZON_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_NAME: z.string().min(1).default('Hospital sign-in'),
    // Videos
    UPLOAD_EXPIRY_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 30)
      .default(UPLOAD_EXPIRY_HOURS_DEFAULT),
    ORIGINAL_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(30),
    PRIVACY_DETECTORS: z.enum(['all', 'scene']).default('all'),
    // Frames examined per second of every video's timeline, wherever its keyframes fall (issue 46:
    // coverage is not traded for speed, so nothing under one a second is accepted).
    PRIVACY_SAMPLE_FPS: z.coerce.number().min(1, 'must be at least 1 (frame per second): every second of a video is examined').max(30).default(2),
    // A video longer than one and a half of these is analysed in chunks of about this many seconds,
    // each a job any worker can take.
    PRIVACY_CHUNK_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
    // Publication without a person's review, for videos whose provider asks for it and whose
    // analysis is certain of every frame (issue 47). Off: every video waits for its review.
    AUTO_PUBLISH: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    COMPANION_URL: z.url().optional(),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    // A running job whose worker has not beaten for this long is handed to another worker.
    JOB_STALE_SECONDS: z.coerce.number().min(5).max(3600).default(60),
    RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
    // Signed media links (spec section 9: 6000 s). Shorter closes the window in which a link keeps
    // working after a video is made private; players ask for fresh links before theirs expire.
    MEDIA_URL_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600)
      .default(6000),
    // WebSockets (live progress) per client address and per process; a hospital behind one NAT
    // address shares the per-address share.
    WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(500),
    WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    // Notifications and the support chat
    NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    CHAT_ANONYMOUS_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    SUPPORT_EMAIL: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.email()))
      .optional(),
    // Uploads stop (507, with a message) when the upload disk would keep less than this free.
    UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).max(10_000_000).default(2048),
    // Object storage: local disk under DATA_DIR/media, or S3 (or an S3-compatible server)
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-2'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, 'must be a relative path such as ipsv or ipsv/media')
      .optional(),
  })
  .superRefine((config, context) => {
    if (config.STORAGE === 's3' && !config.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
    }
    // The tus S3 store names upload objects by id at the bucket's root, where the prefixed storage
    // would not find them: refuse rather than lose originals.
    if (config.STORAGE === 's3' && config.S3_PREFIX) {
      context.addIssue({
        code: 'custom',
        path: ['S3_PREFIX'],
        message: 'cannot be used with STORAGE=s3 yet (resumable uploads are stored at the bucket root); use a bucket of its own',
      });
    }
    // One key without the other would silently fall back to the SDK's own credential chain.
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      context.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither' });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & { dataDir: string; pgDataDir: string; searchThreads: number };

/**
 * Search threads when SEARCH_THREADS is unset: half the cores, at least 1 and at most 4. Each holds
 * a copy of the catalogue (about 290 MB resident at 100,000 videos, bench/RESULTS.md); one thread already
 * keeps searches off the main thread's event loop, and more answer in parallel on more cores.
 */
export const defaultSearchThreads = (cores = os.availableParallelism()): number => Math.max(1, Math.min(4, Math.floor(cores / 2)));

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '(environment)');
      const got = env[name];
      return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const dataDir = path.resolve(cwd, parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, pgDataDir: path.join(dataDir, 'pg'), searchThreads: parsed.data.SEARCH_THREADS ?? defaultSearchThreads() };
}
