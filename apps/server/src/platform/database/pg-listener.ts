// One dedicated PostgreSQL connection that LISTENs on the channels this process cares about and
// hands each notification to its listeners. Every API process runs one, so a NOTIFY from any
// process or worker (or a trigger) reaches the clients connected to any of them. The connection
// is re-established (and every channel listened to again) after a database restart.
import type pg from 'pg';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface PgListener {
  /** Calls `listener` with the payload of every notification on `channel`; returns an unsubscribe. */
  on(channel: string, listener: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

export async function startPgListener(pool: pg.Pool, log: { warn(details: object, message: string): void }): Promise<PgListener> {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let client: pg.PoolClient | null = null;
  let closed = false;
  let connecting: Promise<void> | null = null;

  const dispatch = (message: pg.Notification) => {
    for (const listener of listeners.get(message.channel) ?? []) {
      try {
        listener(message.payload ?? '');
      } catch (error) {
        log.warn({ err: error, channel: message.channel }, 'a notification listener failed');
      }
    }
  };

  const releaseClient = new WeakMap<object, (destroy: boolean) => void>();
  const retry = (delayMs: number) => setTimeout(() => void connect(), delayMs).unref();

  const connect = (): Promise<void> => {
    if (closed) return Promise.resolve();
    connecting ??= (async () => {
      try {
        const next = await pool.connect();
        next.on('notification', dispatch);
        let released = false;
        const release = (destroy: boolean) => {
          // A connection is handed back once: an error after close() (the database stopping under
          // us at shutdown) must not release it twice, which pg-pool answers by throwing.
          if (released) return;
          released = true;
          next.release(destroy);
        };
        releaseClient.set(next, release);
        next.on('error', () => {
          // The connection ended (database restart): listen again on a new one.
          if (client === next) client = null;
          release(true);
          if (!closed) retry(1000);
        });
        for (const channel of listeners.keys()) await next.query(`LISTEN ${channel}`);
        // Closed while this connection was being made: hand it back instead of keeping it.
        if (closed) return release(false);
        client = next;
      } catch (error) {
        log.warn({ err: error }, 'cannot listen for database notifications; retrying');
        retry(2000);
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };
  await connect();

  return {
    async on(channel, listener) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client?.query(`LISTEN ${channel}`).catch(() => undefined);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    async close() {
      closed = true;
      if (client) {
        const current = client;
        client = null;
        await current.query('UNLISTEN *').catch(() => undefined);
        releaseClient.get(current)?.(false);
      }
    },
  };
}
