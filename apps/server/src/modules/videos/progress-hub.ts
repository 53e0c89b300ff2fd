// Fans out video progress to the WebSocket clients of this process. Every process LISTENs on the
// PostgreSQL channel the repository NOTIFYs, so a change made by a worker on another machine
// reaches the provider's browser whichever API process holds their socket.
import type pg from 'pg';
import type { ProgressEvent } from '@ipsv/contracts/videos';
import { PROGRESS_CHANNEL, type ProgressNotice } from './videos.repository.js';

export interface ProgressHub {
  subscribe(userId: string, listener: (event: ProgressEvent) => void): () => void;
  close(): Promise<void>;
}

export async function startProgressHub(pool: pg.Pool, log: { warn(details: object, message: string): void }): Promise<ProgressHub> {
  const listeners = new Map<string, Set<(event: ProgressEvent) => void>>();
  let client: pg.PoolClient | null = null;
  let closed = false;

  const dispatch = (message: pg.Notification) => {
    if (message.channel !== PROGRESS_CHANNEL || !message.payload) return;
    try {
      const notice = JSON.parse(message.payload) as ProgressNotice;
      const event: ProgressEvent = { type: 'video', id: notice.id, status: notice.status, percent: notice.percent === null ? null : Math.round(notice.percent), failureReason: notice.failureReason };
      for (const listener of listeners.get(notice.ownerId) ?? []) listener(event);
    } catch (error) {
      log.warn({ err: error }, 'unreadable progress notice');
    }
  };

  const connect = async () => {
    if (closed) return;
    try {
      client = await pool.connect();
      client.on('notification', dispatch);
      client.on('error', () => {
        // The connection ended (database restart): listen again on a new one.
        client?.release(true);
        client = null;
        setTimeout(() => void connect(), 1000).unref();
      });
      await client.query(`LISTEN ${PROGRESS_CHANNEL}`);
    } catch (error) {
      log.warn({ err: error }, 'cannot listen for progress; retrying');
      client?.release(true);
      client = null;
      setTimeout(() => void connect(), 2000).unref();
    }
  };
  await connect();

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      closed = true;
      if (client) {
        await client.query(`UNLISTEN ${PROGRESS_CHANNEL}`).catch(() => undefined);
        client.release();
        client = null;
      }
    },
  };
}
