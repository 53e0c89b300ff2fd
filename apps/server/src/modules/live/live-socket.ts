// WebSocket /api/live: one socket per browser tab for everything live — a provider's video
// progress, notifications, the support chat. Same origin; authenticated at the upgrade by the
// session cookie (DESIGN.md section 4), or, for a chat visitor who is not signed in, by their
// anonymous id and secret in the WebSocket protocol header; anyone else is refused before the
// socket opens. A signed-in socket lives only as long as its session: when the session is revoked
// (sign-out, "sign out everywhere", password reset; the sessions table's trigger NOTIFYs every
// process) or expires, the socket is closed; disabling an account deletes its sessions. When the
// user's role changes (the users table's trigger NOTIFYs), their sockets are closed too: the
// client connects again and hears only what the new role may (issue 48, L8). `/api/videos/progress` is the same
// socket under its first name.
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { UpgradeRefused, type UpgradeRouter } from '../../platform/http/upgrades.js';
import type { PgListener } from '../../platform/database/pg-listener.js';
import type { SessionService } from '../session/session.service.js';
import type { LiveHub } from './live-hub.js';

export const LIVE_SOCKET_PATH = '/api/live';
export const PROGRESS_SOCKET_PATH = '/api/videos/progress';
/** NOTIFY channel of the sessions table's delete trigger (payload: {"userId","sessionId"}). */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';
/** Close code sent when the session behind a socket ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** NOTIFY channel of the users table's trigger on a change of role (payload: {"userId"}). */
export const USER_ACCESS_CHANGED_CHANNEL = 'user_access_changed';
/** Close code sent when what the user may hear changed: connect again. */
export const ACCESS_CHANGED_CLOSE_CODE = 4403;
/** The protocol an anonymous chat visitor offers: `ipsv-visitor.<id>.<secret>`. */
export const VISITOR_PROTOCOL = /^ipsv-visitor\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{32,64})$/;

const PING_INTERVAL_MS = 30_000;

export interface VisitorCheck {
  /** True when `secret` is the anonymous visitor's own (or the id is new). */
  verify(visitorId: string, secret: string): Promise<boolean>;
}

export async function attachLiveSocket(
  upgrades: UpgradeRouter,
  deps: {
    sessions: SessionService;
    hub: LiveHub;
    listener: PgListener;
    visitors: VisitorCheck;
    allowedOrigins: (request: IncomingMessage) => Set<string>;
  },
) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024,
    // The visitor's protocol was checked at the upgrade; echo it so the browser accepts the socket.
    handleProtocols: (protocols) => [...protocols].find((p) => VISITOR_PROTOCOL.test(p)) ?? false,
  });
  const bySession = new Map<string, Set<WebSocket>>();
  const byUser = new Map<string, Set<WebSocket>>();
  const add = (map: Map<string, Set<WebSocket>>, key: string, ws: WebSocket) => {
    const sockets = map.get(key) ?? new Set();
    sockets.add(ws);
    map.set(key, sockets);
    ws.on('close', () => {
      sockets.delete(ws);
      if (sockets.size === 0 && map.get(key) === sockets) map.delete(key);
    });
  };

  const unlisten = await deps.listener.on(SESSION_REVOKED_CHANNEL, (payload) => {
    const { sessionId } = JSON.parse(payload) as { sessionId?: string };
    for (const ws of (sessionId && bySession.get(sessionId)) || []) ws.close(SESSION_ENDED_CLOSE_CODE, 'Signed out');
  });
  const unlistenAccess = await deps.listener.on(USER_ACCESS_CHANGED_CHANNEL, (payload) => {
    const { userId } = JSON.parse(payload) as { userId?: string };
    for (const ws of (userId && byUser.get(userId)) || []) ws.close(ACCESS_CHANGED_CLOSE_CODE, 'Access changed');
  });

  /** Keeps idle proxies from closing the socket and notices dead peers; `expired` ends it. */
  const keepAlive = (ws: WebSocket, expired: () => boolean) => {
    let alive = true;
    ws.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (expired()) return ws.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, PING_INTERVAL_MS);
    ws.on('close', () => clearInterval(ping));
    ws.on('error', () => ws.terminate());
  };

  const handler = async (request: IncomingMessage, socket: Parameters<Parameters<UpgradeRouter['on']>[1]>[1], head: Buffer) => {
    const origin = request.headers.origin;
    if (origin && !deps.allowedOrigins(request).has(origin)) throw new UpgradeRefused(403, 'Forbidden');
    // An unreachable database is answered 503 by the router (the client retries), not 401.
    const session = await deps.sessions.current(new Headers({ cookie: request.headers.cookie ?? '' }));
    if (session) {
      const keys = ['everyone', `user:${session.user.id}`, ...(session.user.role === 'support' || session.user.role === 'admin' ? ['support'] : [])];
      wss.handleUpgrade(request, socket, head, (ws) => {
        add(bySession, session.sessionId, ws);
        add(byUser, session.user.id, ws);
        const unsubscribe = deps.hub.subscribe(keys, (message) => ws.send(JSON.stringify(message)));
        keepAlive(ws, () => session.expiresAt.getTime() <= Date.now());
        ws.on('close', unsubscribe);
      });
      return;
    }
    const offered = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .map((p) => VISITOR_PROTOCOL.exec(p))
      .find(Boolean);
    if (!offered || !(await deps.visitors.verify(offered[1]!, offered[2]!))) throw new UpgradeRefused(401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => {
      const unsubscribe = deps.hub.subscribe(['everyone', `visitor:${offered[1]}`], (message) => ws.send(JSON.stringify(message)));
      keepAlive(ws, () => false);
      ws.on('close', unsubscribe);
    });
  };
  upgrades.on(LIVE_SOCKET_PATH, handler);
  upgrades.on(PROGRESS_SOCKET_PATH, handler);

  return {
    async close() {
      unlisten();
      unlistenAccess();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
