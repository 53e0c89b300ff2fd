// Events for the live socket, sent through PostgreSQL NOTIFY so that whichever API process holds the
// recipient's socket delivers it (a worker or another API process may be the sender).
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@ipsv/contracts/notifications';
import type { Db } from '../../platform/database/database.js';

export const LIVE_CHANNEL = 'live_event';

/** Who receives an event: one user (all their sockets), one anonymous chat visitor, every support person, or every chat widget. */
export type LiveAudience = { userId: string } | { visitorId: string } | { support: true } | { everyone: true };

export interface LiveNotice {
  to: LiveAudience;
  event: LiveEvent;
}

export interface LivePublisher {
  publish(to: LiveAudience, event: LiveEvent): Promise<void>;
}

export function createLivePublisher(db: Db): LivePublisher {
  return {
    async publish(to, event) {
      const notice: LiveNotice = { to, event };
      await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
    },
  };
}
