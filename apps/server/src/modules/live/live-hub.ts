// Fans out live events to the WebSocket clients of this process. Every process LISTENs on the
// PostgreSQL channels (video progress from the repository, everything else from the live
// publisher), so a change made by a worker or another API process reaches a browser whichever API
// process holds its socket. Clients subscribe under keys: `user:<id>`, `visitor:<id>`, `support`, and all under `everyone`.
import type { ProgressEvent } from '@ipsv/contracts/videos';
import type { LiveEvent } from '@ipsv/contracts/notifications';
import type { PgListener } from '../../platform/database/pg-listener.js';
import { PROGRESS_CHANNEL, type ProgressNotice } from '../videos/videos.repository.js';
import { LIVE_CHANNEL, type LiveAudience, type LiveNotice } from './live-publisher.js';

export type LiveMessage = ProgressEvent | LiveEvent;
type Send = (message: LiveMessage) => void;

export const audienceKey = (to: LiveAudience): string =>
  'userId' in to ? `user:${to.userId}` : 'visitorId' in to ? `visitor:${to.visitorId}` : 'support' in to ? 'support' : 'everyone';

export interface LiveHub {
  subscribe(keys: readonly string[], send: Send): () => void;
  close(): Promise<void>;
}

export async function startLiveHub(listener: PgListener, log: { warn(details: object, message: string): void }): Promise<LiveHub> {
  const listeners = new Map<string, Set<Send>>();
  const deliver = (key: string, message: LiveMessage) => {
    for (const send of listeners.get(key) ?? []) send(message);
  };
  const unlistenProgress = await listener.on(PROGRESS_CHANNEL, (payload) => {
    try {
      const notice = JSON.parse(payload) as ProgressNotice;
      deliver(`user:${notice.ownerId}`, {
        type: 'video',
        id: notice.id,
        status: notice.status,
        percent: notice.percent === null ? null : Math.round(notice.percent),
        failureReason: notice.failureReason,
        renditionComplete: notice.renditionComplete,
      });
    } catch (error) {
      log.warn({ err: error }, 'unreadable progress notice');
    }
  });
  const unlistenLive = await listener.on(LIVE_CHANNEL, (payload) => {
    try {
      const notice = JSON.parse(payload) as LiveNotice;
      deliver(audienceKey(notice.to), notice.event);
    } catch (error) {
      log.warn({ err: error }, 'unreadable live notice');
    }
  });

  return {
    subscribe(keys, send) {
      for (const key of keys) {
        const set = listeners.get(key) ?? new Set();
        set.add(send);
        listeners.set(key, set);
      }
      return () => {
        for (const key of keys) {
          const set = listeners.get(key);
          set?.delete(send);
          if (set?.size === 0) listeners.delete(key);
        }
      };
    },
    async close() {
      unlistenProgress();
      unlistenLive();
      listeners.clear();
    },
  };
}
