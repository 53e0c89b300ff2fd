// Password and code guessing is slowed down, not answered with a lockout: each failed check past a
// free allowance makes the next attempt on the same key wait twice as long (1 s, 2 s, 4 s, ... up
// to a cap). Keys: the account from one address (the attacker's own channel: it slows first), the
// account from anywhere (distributed guessing), and the address for any account (spraying). Every
// password or code check of an account goes through here: sign-in, the second factor, and the
// password asked again by authenticator setup and switch-off (issue 48, M3).
//
// The decision is atomic (issue 48, M2): one transaction locks the attempt's rows, refuses when any
// of them still waits, and otherwise counts the attempt as a failure before anything is checked,
// setting the next wait in the same transaction. A parallel burst therefore queues on those rows
// and, once the wait is set, is refused whole; a check that then passes takes its failure back.
//
// The owner is not locked out by guesses from elsewhere (issue 48, L1). Of the two ways the issue
// offers we do both halves that cost the owner nothing: a device on which the account's password
// was once right carries a signed "known device" cookie (auth-toolkit.ts), and such a device is
// held back only by its own address's keys, never by the account-wide one other addresses fill;
// and the code emailed for a new password clears the account-wide key, so a new device is never
// shut out for longer than it takes to read an email. We chose the device cookie over "known
// addresses" because surgeons move between hospital, home and mobile networks, and a NAT address
// is shared with everyone behind it (a guesser included); the cookie is bound to the account by
// an HMAC with the installation's secret, so it cannot be made up.
import { sql } from 'drizzle-orm';
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
type Kind = keyof typeof SIGN_IN_THROTTLE;

/** Failures are forgotten after this long without a new one. */
export const FAILURES_FORGOTTEN_AFTER_SECONDS = 60 * 60;

/** Seconds to wait after the `failures`-th failure: 0 within the allowance, then 1, 2, 4, ... capped. */
export function waitAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.free) return 0;
  return Math.min(2 ** (failures - policy.free - 1), policy.maxWaitSeconds);
}

/** One attempt let through by the throttle, counted as a failure until told otherwise. */
export interface ThrottledAttempt {
  /** The password or code was right: the failure is taken back, and this address's count for the account cleared. */
  passed(): Promise<void>;
  /** The password or code was wrong: the waits it set run from now, not from when the check began. */
  failed(): Promise<void>;
  /** Nothing was checked after all (another error): the failure is taken back. */
  abandoned(): Promise<void>;
}

export type ThrottleOutcome = { allowed: true; attempt: ThrottledAttempt } | { allowed: false; waitSeconds: number };

export interface SignInThrottle {
  /**
   * Decides, in one transaction, whether an attempt on `email` from `address` may be checked now,
   * and when it may, counts it as a failure. `knownDevice`: the caller's device proved it signed
   * in to this account before, so the account-wide wait does not hold it back.
   */
  begin(email: string, address: string, options?: { knownDevice?: boolean }): Promise<ThrottleOutcome>;
  /** The account's owner proved the mailbox (a password reset): the account-wide count is cleared. */
  mailboxProven(email: string): Promise<void>;
}

const keysOf = (email: string, address: string): Record<Kind, string> => ({
  accountAddress: `acct-ip:${email.toLowerCase()}|${address}`,
  account: `acct:${email.toLowerCase()}`,
  address: `ip:${address}`,
});

/** `scale` multiplies the free allowances (test installations that sign in many times from one address). */
export function createSignInThrottle(db: Db, scale = 1): SignInThrottle {
  const policyOf = (kind: Kind): ThrottlePolicy => ({ ...SIGN_IN_THROTTLE[kind], free: SIGN_IN_THROTTLE[kind].free * scale });

  /** Takes one counted failure back from `key` (one statement: one row lock at a time, no deadlock). */
  const takeBack = async (kind: Kind, key: string) => {
    const { free } = policyOf(kind);
    await db.execute(sql`
      UPDATE sign_in_failures SET
        failures = greatest(failures - 1, 0),
        wait_until = CASE WHEN failures - 1 <= ${free} THEN NULL ELSE wait_until END
      WHERE key = ${key}`);
  };

  return {
    async begin(email, address, options = {}) {
      const keys = keysOf(email, address);
      // Sorted, so two transactions always lock the same rows in the same order.
      const entries = (Object.entries(keys) as [Kind, string][]).sort(([, a], [, b]) => (a < b ? -1 : 1));
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO sign_in_failures (key, failures, last_failure_at)
          VALUES ${sql.join(
            entries.map(([, key]) => sql`(${key}, 0, now())`),
            sql`, `,
          )}
          ON CONFLICT (key) DO NOTHING`);
        const locked = await tx.execute<{ key: string; failures: number; forgotten: boolean; wait: number }>(sql`
          SELECT key, failures,
                 last_failure_at < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS}) AS forgotten,
                 coalesce(extract(epoch from (wait_until - now())), 0)::float AS wait
          FROM sign_in_failures
          WHERE key IN (${sql.join(
            entries.map(([, key]) => sql`${key}`),
            sql`, `,
          )})
          ORDER BY key
          FOR UPDATE`);
        const rows = new Map(locked.rows.map((row) => [row.key, row]));
        const deciding = entries.filter(([kind]) => !(options.knownDevice && kind === 'account'));
        const wait = Math.max(0, ...deciding.map(([, key]) => Number(rows.get(key)?.wait ?? 0)));
        if (wait > 0) return { allowed: false as const, waitSeconds: Math.ceil(wait) };
        const waits: [string, number][] = [];
        for (const [kind, key] of entries) {
          const row = rows.get(key);
          const failures = row && !row.forgotten ? Number(row.failures) + 1 : 1;
          const next = waitAfter(failures, policyOf(kind));
          if (next > 0) waits.push([key, next]);
          await tx.execute(sql`
            UPDATE sign_in_failures SET failures = ${failures}, last_failure_at = now(),
              wait_until = ${next > 0 ? sql`now() + make_interval(secs => ${next})` : sql`NULL`}
            WHERE key = ${key}`);
        }
        return { allowed: true as const, waits };
      });
      if (Math.random() < 0.02) {
        await db.execute(sql`DELETE FROM sign_in_failures WHERE last_failure_at < now() - make_interval(secs => ${FAILURES_FORGOTTEN_AFTER_SECONDS})`);
      }
      if (!outcome.allowed) return outcome;
      let settled = false;
      const settle = async (passed: boolean) => {
        if (settled) return;
        settled = true;
        if (passed) await db.execute(sql`DELETE FROM sign_in_failures WHERE key = ${keys.accountAddress}`);
        else await takeBack('accountAddress', keys.accountAddress);
        await takeBack('account', keys.account);
        await takeBack('address', keys.address);
      };
      const failed = async () => {
        if (settled) return;
        settled = true;
        // A password check takes a while (a deliberately slow hash): the wait counts from its end.
        for (const [key, seconds] of outcome.waits) {
          await db.execute(sql`
            UPDATE sign_in_failures SET wait_until = greatest(wait_until, now() + make_interval(secs => ${seconds})) WHERE key = ${key}`);
        }
      };
      return { allowed: true, attempt: { passed: () => settle(true), failed, abandoned: () => settle(false) } };
    },

    async mailboxProven(email) {
      await db.execute(sql`DELETE FROM sign_in_failures WHERE key = ${keysOf(email, '').account}`);
    },
  };
}
