// Fixed-window rate limits kept in PostgreSQL, so every server process counts against the same
// budget (sign-in attempts must not multiply with the number of API processes).
import { sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { rateLimitParams } from '@ipsv/contracts/errors';
import { AppError } from '../app-error.js';

export interface RateLimit {
  /** Attempts allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt against each key; throws RATE_LIMITED when any key is over its budget. */
  consume(keys: { key: string; limit: RateLimit }[]): Promise<void>;
}

/** `scale` multiplies every budget (test installations that sign up many accounts from one address). */
export function createRateLimiter(db: Db, scale = 1): RateLimiter {
  let lastCleanup = 0;
  return {
    async consume(keys) {
      let retryAfter = 0;
      for (const { key, limit } of keys) {
        const window = limit.windowSeconds;
        const result = await db.execute<{ count: number; retry_after: number }>(sql`
          INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${window})
                         THEN 1 ELSE rate_limits.count + 1 END,
            window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${window})
                                THEN now() ELSE rate_limits.window_start END
          RETURNING count, extract(epoch from (window_start + make_interval(secs => ${window}) - now()))::float AS retry_after`);
        const row = result.rows[0];
        if (row && row.count > limit.max * scale) retryAfter = Math.max(retryAfter, Number(row.retry_after));
      }
      if (Date.now() - lastCleanup > 3_600_000) {
        lastCleanup = Date.now();
        await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
      }
      if (retryAfter > 0) throw new AppError('RATE_LIMITED', rateLimitParams(retryAfter));
    },
  };
}
