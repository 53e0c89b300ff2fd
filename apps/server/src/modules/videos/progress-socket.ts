// WebSocket /api/videos/progress: a signed-in user's live feed of their videos' progress. Same
// origin, authenticated by the session cookie at the upgrade (DESIGN.md section 4); any other
// origin or no session is refused before the socket opens. A socket lives only as long as its
// session: when the session is revoked (sign-out, "sign out everywhere", password reset; the
// sessions table's trigger NOTIFYs every process) or expires, the socket is closed.
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { UpgradeRefused, type UpgradeRouter } from '../../platform/http/upgrades.js';
import type { PgListener } from '../../platform/database/pg-listener.js';
import type { SessionService } from '../session/session.service.js';
import type { ProgressHub } from './progress-hub.js';

export const PROGRESS_SOCKET_PATH = '/api/videos/progress';
/** NOTIFY channel of the sessions table's delete trigger (payload: {"userId","sessionId"}). */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';
/** Close code sent when the session behind a socket ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

const PING_INTERVAL_MS = 30_000;

export async function attachProgressSocket(
  upgrades: UpgradeRouter,
  deps: { sessions: SessionService; hub: ProgressHub; listener: PgListener; allowedOrigins: (request: IncomingMessage) => Set<string> },
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const bySession = new Map<string, Set<WebSocket>>();

  const endSession = (sessionId: string) => {
    for (const ws of bySession.get(sessionId) ?? []) ws.close(SESSION_ENDED_CLOSE_CODE, 'Signed out');
  };
  const unlisten = await deps.listener.on(SESSION_REVOKED_CHANNEL, (payload) => {
    const { sessionId } = JSON.parse(payload) as { sessionId?: string };
    if (sessionId) endSession(sessionId);
  });

  upgrades.on(PROGRESS_SOCKET_PATH, async (request, socket, head) => {
    const origin = request.headers.origin;
    if (origin && !deps.allowedOrigins(request).has(origin)) throw new UpgradeRefused(403, 'Forbidden');
    // An unreachable database is answered 503 by the router (the client retries), not 401.
    const session = await deps.sessions.current(new Headers({ cookie: request.headers.cookie ?? '' }));
    if (!session) throw new UpgradeRefused(401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => {
      const sockets = bySession.get(session.sessionId) ?? new Set();
      sockets.add(ws);
      bySession.set(session.sessionId, sockets);
      const unsubscribe = deps.hub.subscribe(session.user.id, (event) => ws.send(JSON.stringify(event)));
      // Keep idle proxies from closing the socket, notice dead peers, and end with the session.
      let alive = true;
      ws.on('pong', () => (alive = true));
      const ping = setInterval(() => {
        if (session.expiresAt.getTime() <= Date.now()) return ws.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
        if (!alive) return ws.terminate();
        alive = false;
        ws.ping();
      }, PING_INTERVAL_MS);
      ws.on('close', () => {
        clearInterval(ping);
        unsubscribe();
        sockets.delete(ws);
        if (sockets.size === 0) bySession.delete(session.sessionId);
      });
      ws.on('error', () => ws.terminate());
    });
  });

  return {
    async close() {
      unlisten();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
