// Fans out video progress to the WebSocket clients of this process. Every process LISTENs on the
// PostgreSQL channel the repository NOTIFYs, so a change made by a worker on another machine
// reaches the provider's browser whichever API process holds their socket.
import type { ProgressEvent } from '@ipsv/contracts/videos';
import type { PgListener } from '../../platform/database/pg-listener.js';
import { PROGRESS_CHANNEL, type ProgressNotice } from './videos.repository.js';

export interface ProgressHub {
  subscribe(userId: string, listener: (event: ProgressEvent) => void): () => void;
  close(): Promise<void>;
}

export async function startProgressHub(listener: PgListener, log: { warn(details: object, message: string): void }): Promise<ProgressHub> {
  const listeners = new Map<string, Set<(event: ProgressEvent) => void>>();
  const unlisten = await listener.on(PROGRESS_CHANNEL, (payload) => {
    try {
      const notice = JSON.parse(payload) as ProgressNotice;
      const event: ProgressEvent = {
        type: 'video',
        id: notice.id,
        status: notice.status,
        percent: notice.percent === null ? null : Math.round(notice.percent),
        failureReason: notice.failureReason,
        renditionComplete: notice.renditionComplete,
      };
      for (const send of listeners.get(notice.ownerId) ?? []) send(event);
    } catch (error) {
      log.warn({ err: error }, 'unreadable progress notice');
    }
  });

  return {
    subscribe(userId, send) {
      const set = listeners.get(userId) ?? new Set();
      set.add(send);
      listeners.set(userId, set);
      return () => {
        set.delete(send);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      unlisten();
      listeners.clear();
    },
  };
}
