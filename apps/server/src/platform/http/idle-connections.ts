// Connections that never send a request. Node's headersTimeout only starts once the first byte
// of a request arrives, so a client that connects and says nothing would hold its descriptor for
// ever: such a connection is closed when its first request (or upgrade) has not arrived in time.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export function closeSilentConnections(server: Server, timeoutMs: number): void {
  const spoke = new WeakSet<Socket>();
  const heard = (socket: Socket) => spoke.add(socket);
  server.on('request', (request) => heard(request.socket));
  server.on('upgrade', (request) => heard(request.socket));
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (!spoke.has(socket)) socket.destroy();
    }, timeoutMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
