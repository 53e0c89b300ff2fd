// The app's one WebSocket (/api/live): video progress, notifications and the support chat arrive
// on it. It opens once the session says who is signed in (the cookie authenticates it), or, for a
// visitor who is not signed in but uses the support chat, with their anonymous id in the
// WebSocket protocol. It reconnects with a growing delay; while it is down, `connected` is false and
// the features poll instead (progress, the open chat window at 3 s, the notification list).
import { useEffect, useSyncExternalStore } from 'react';

export const LIVE_SOCKET_PATH = '/api/live';
const BACKOFF_MAX_MS = 30_000;

/** One event as the server sends it (`type` says which feature it is for). */
export type LiveMessage = { type: string; [key: string]: unknown };
type Listener = (message: LiveMessage) => void;

export function liveSocketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;
}

interface Identity {
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** `ipsv-visitor.<id>.<secret>` of an anonymous chat visitor, or null. */
  visitorProtocol: string | null;
}

function createLiveConnection() {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<() => void>();
  let identity: Identity = { userId: null, visitorProtocol: null };
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let connected = false;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const listener of statusListeners) listener();
  };

  const disconnect = () => {
    clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
      socket = null;
    }
    setConnected(false);
  };

  const connect = () => {
    disconnect();
    if (typeof WebSocket === 'undefined') return;
    const protocol = identity.userId ? undefined : (identity.visitorProtocol ?? undefined);
    if (!identity.userId && !protocol) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(liveSocketUrl(), protocol);
    } catch (error) {
      console.warn('The live connection could not be opened; polling instead.', error);
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setConnected(true);
    };
    ws.onmessage = (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!message || typeof message !== 'object' || typeof (message as LiveMessage).type !== 'string') return;
      for (const listener of listeners) listener(message as LiveMessage);
    };
    ws.onclose = (event?: CloseEvent) => {
      socket = null;
      setConnected(false);
      console.warn(`The live connection closed (${event?.code ?? 'no code'}); polling until it is back.`);
      const delay = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(connect, delay);
    };
  };

  return {
    /** Who the socket speaks for; a change reconnects (sign-in, sign-out, a visitor who starts chatting). */
    setIdentity(next: Partial<Identity>) {
      const merged = { ...identity, ...next };
      if (merged.userId === identity.userId && merged.visitorProtocol === identity.visitorProtocol) return;
      const wasUsed = Boolean(identity.userId ?? identity.visitorProtocol);
      const sameEffective = identity.userId !== null && merged.userId === identity.userId;
      identity = merged;
      // A visitor protocol does not matter while someone is signed in.
      if (sameEffective && wasUsed) return;
      attempt = 0;
      connect();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribeStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    isConnected: () => connected,
  };
}

export const liveConnection = createLiveConnection();

/** Whether the live socket is open (features poll while it is not). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(liveConnection.subscribeStatus, liveConnection.isConnected, () => false);
}

/** Calls `handler` for every live event while mounted (keep `handler` stable with useCallback). */
export function useLiveEvents(handler: (message: LiveMessage) => void) {
  useEffect(() => liveConnection.subscribe(handler), [handler]);
}
