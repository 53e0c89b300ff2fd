// Password guessing is slowed down, not answered with a lockout: each failed sign-in past a free
// allowance makes the next attempt on the same key wait twice as long (1 s, 2 s, 4 s, ... up to a
// cap). Keys: the account from one address (the attacker's own channel: it slows first), the
// account from anywhere (distributed guessing), and the address for any account (spraying). The
// owner signing in from their own address is not held back by someone guessing from another, and a
// hospital behind one NAT address shares a large allowance. Kept in PostgreSQL so every API process
// counts against the same budget.
import { inArray, sql } from 'drizzle-orm';
import { signInFailures } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  free: number;
  /** The longest wait between two attempts. */
  maxWaitSeconds: number;
}

export const SIGN_IN_THROTTLE = {
  accountAddress: { free: 5, maxWaitSeconds: 15 * 60 },
  account: { free: 50, maxWaitSeconds: 5 * 60 },
  address: { free: 100, maxWaitSeconds: 15 * 60 },
} satisfies Record<string, ThrottlePolicy>;

/** Failures are forgotten after this long without a new one. */
export const FAILURES_FORGOTTEN_AFTER_SECONDS = 60 * 60;

/** Seconds to wait after the `failures`-th failure: 0 within the allowance, then 1, 2, 4, ... capped. */
export function waitAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.free) return 0;
  return Math.min(2 ** (failures - policy.free - 1), policy.maxWaitSeconds);
}

export interface SignInThrottle {
  /** Seconds until an attempt as `email` from `address` may be checked (0: now). */
  waitSeconds(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  /** A success from this address clears that address's count for the account (not the others). */
  succeeded(email: string, address: string): Promise<void>;
}

const keysOf = (email: string, address: string) => ({
  accountAddress: `acct-ip:${email.toLowerCase()}|${address}`,
  account: `acct:${email.toLowerCase()}`,
  address: `ip:${address}`,
});

/** `scale` multiplies the free allowances (test installations that sign in many times from one address). */
export function createSignInThrottle(db: Db, scale = 1): SignInThrottle {
  return {
    async waitSeconds(email, address) {
      const keys = Object.values(keysOf(email, address));
      const [row] = await db
        .select({ wait: sql<number>`coalesce(max(extract(epoch from (${signInFailures.waitUntil} - now()))), 0)::float` })
        .from(signInFailures)
        .where(inArray(signInFailures.key, keys));
      return Math.max(0, Math.ceil(Number(row?.wait ?? 0)));
    },

    async failed(email, address) {
      const keys = keysOf(email, address);
      for (const [kind, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
        const result = await db.execute<{ failures: number }>(sql`
          INSERT INTO sign_in_failures AS f (key, failures, last_failure_at) VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN f.last_failure_at < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS}) THEN 1 ELSE f.failures + 1 END,
            last_failure_at = now()
          RETURNING failures`);
        const policy = SIGN_IN_THROTTLE[kind];
        const wait = waitAfter(Number(result.rows[0]?.failures ?? 1), { ...policy, free: policy.free * scale });
        if (wait > 0) await db.execute(sql`UPDATE sign_in_failures SET wait_until = now() + make_interval(secs => ${wait}) WHERE key = ${key}`);
      }
      if (Math.random() < 0.02) {
        await db.execute(sql`DELETE FROM sign_in_failures WHERE last_failure_at < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS})`);
      }
    },

    async succeeded(email, address) {
      await db.delete(signInFailures).where(inArray(signInFailures.key, [keysOf(email, address).accountAddress]));
    },
  };
}
