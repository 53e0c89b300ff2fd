// TOTP codes already accepted, so none is accepted twice (issue 48, L4). A code stays valid for
// its 30-second step and one step either side (the library's window), so a used code is kept for
// longer than that; claiming it is one statement, so two requests racing with the same code cannot
// both pass: the second finds it claimed and is refused before the library checks it.
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error.js';
import type { Db } from '../../platform/database/database.js';

/** Longer than the three 30-second steps during which one code is accepted. */
export const USED_CODE_KEPT_SECONDS = 150;

export interface UsedTotpCodes {
  /** Runs `verify` only when `code` was not used by `userId` within its window; a code `verify` refuses is released again. */
  once<T>(userId: string, code: string, verify: () => Promise<T>): Promise<T>;
}

export function createUsedTotpCodes(db: Db): UsedTotpCodes {
  return {
    async once(userId, code, verify) {
      const claimed = await db.execute<{ used_at: string }>(sql`
        INSERT INTO used_totp_codes AS u (user_id, code, used_at) VALUES (${userId}, ${code}, now())
        ON CONFLICT (user_id, code) DO UPDATE SET used_at = now()
          WHERE u.used_at < now() - make_interval(secs => ${USED_CODE_KEPT_SECONDS})
        RETURNING used_at::text AS used_at`);
      const claim = claimed.rows[0];
      if (!claim) throw new AppError('INVALID_CODE');
      try {
        return await verify();
      } catch (error) {
        // A code the library refused was not used: the owner may still type it.
        await db.execute(sql`DELETE FROM used_totp_codes WHERE user_id = ${userId} AND code = ${code} AND used_at = ${claim.used_at}::timestamptz`);
        throw error;
      } finally {
        if (Math.random() < 0.05) {
          await db.execute(sql`DELETE FROM used_totp_codes WHERE used_at < now() - make_interval(secs => ${USED_CODE_KEPT_SECONDS})`);
        }
      }
    },
  };
}
