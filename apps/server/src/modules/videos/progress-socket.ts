// WebSocket /api/videos/progress: a signed-in provider's live feed of their videos' progress.
// Same origin, authenticated by the session cookie at the upgrade (DESIGN.md section 4); any other
// origin or no session is refused before the socket opens.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { SessionService } from '../session/session.service.js';
import type { ProgressHub } from './progress-hub.js';

export const PROGRESS_SOCKET_PATH = '/api/videos/progress';

export function attachProgressSocket(server: Server, deps: { sessions: SessionService; hub: ProgressHub; allowedOrigins: (request: IncomingMessage) => Set<string> }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== PROGRESS_SOCKET_PATH) return;
    const origin = request.headers.origin;
    if (origin && !deps.allowedOrigins(request).has(origin)) return refuse(socket, 403, 'Forbidden');
    void deps.sessions
      .current(new Headers({ cookie: request.headers.cookie ?? '' }))
      .catch(() => null)
      .then((session) => {
        if (!session) return refuse(socket, 401, 'Unauthorized');
        wss.handleUpgrade(request, socket, head, (ws) => {
          const unsubscribe = deps.hub.subscribe(session.user.id, (event) => ws.send(JSON.stringify(event)));
          // Keep idle proxies from closing the socket, and notice dead peers.
          const ping = setInterval(() => ws.ping(), 30_000);
          ws.on('close', () => {
            clearInterval(ping);
            unsubscribe();
          });
          ws.on('error', () => ws.terminate());
        });
      });
  };
  server.on('upgrade', onUpgrade);
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
