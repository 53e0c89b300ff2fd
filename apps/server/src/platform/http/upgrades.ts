// The one listener for HTTP upgrades (WebSocket handshakes). Node leaves an upgrade request
// unanswered once any 'upgrade' listener exists, so every request that no socket takes is
// answered and closed here: an unknown path gets 404, an address over its share 429, a handshake
// that takes too long 408. Every socket is tracked, so closing the server closes them all.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Takes the socket (for example with `ws.handleUpgrade`) or throws `UpgradeRefused`. The promise
 * settles once the handshake is decided.
 */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;

export interface UpgradeOptions {
  /** Open and pending upgraded sockets one client address may hold. */
  maxPerAddress: number;
  /** Open and pending upgraded sockets in this process. */
  maxTotal: number;
  /** Of those, sockets `isAnonymous` says come from nobody signed in (a smaller share). */
  maxAnonymous?: number;
  isAnonymous?(request: IncomingMessage): boolean;
  /** The client address a socket counts against (the proxy's client when the proxy is trusted). */
  addressOf(request: IncomingMessage): string;
  /** A handshake not decided in this time is refused (slow clients hold no socket for long). */
  handshakeTimeoutMs?: number;
}

export interface UpgradeRouter {
  on(path: string, handler: UpgradeHandler): void;
  /** Sockets held now (pending handshakes and open WebSockets). */
  readonly size: number;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade request with a plain HTTP status and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // A peer that never reads would keep a half-closed socket: destroy it shortly after.
  setTimeout(() => socket.destroy(), 1000).unref();
}

export function createUpgradeRouter(server: Server, options: UpgradeOptions): UpgradeRouter {
  const routes = new Map<string, UpgradeHandler>();
  const sockets = new Set<Duplex>();
  const anonymous = new Set<Duplex>();
  const perAddress = new Map<string, number>();
  const timeoutMs = options.handshakeTimeoutMs ?? 10_000;

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A socket error (peer reset) must never reach the process as an unhandled error.
    socket.on('error', () => socket.destroy());
    let pathname: string;
    try {
      pathname = new URL(request.url ?? '/', 'http://upgrade.invalid').pathname;
    } catch {
      return refuseUpgrade(socket, 400, 'Bad request');
    }
    const handler = routes.get(pathname);
    if (!handler) return refuseUpgrade(socket, 404, 'Not found');

    const address = options.addressOf(request);
    const held = perAddress.get(address) ?? 0;
    const isAnonymous = options.isAnonymous?.(request) ?? false;
    if (held >= options.maxPerAddress || sockets.size >= options.maxTotal || (isAnonymous && anonymous.size >= (options.maxAnonymous ?? options.maxTotal))) {
      return refuseUpgrade(socket, 429, 'Too many connections');
    }
    perAddress.set(address, held + 1);
    sockets.add(socket);
    if (isAnonymous) anonymous.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      anonymous.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });

    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new UpgradeRefused(408, 'Handshake timed out')), timeoutMs);
      timer.unref();
    });
    Promise.race([handler(request, socket, head), deadline])
      .catch((error: unknown) => {
        if (error instanceof UpgradeRefused) refuseUpgrade(socket, error.status, error.reason);
        else refuseUpgrade(socket, 503, 'Service unavailable');
      })
      .finally(() => clearTimeout(timer));
  };
  server.on('upgrade', onUpgrade);

  return {
    on(path, handler) {
      routes.set(path, handler);
    },
    get size() {
      return sockets.size;
    },
    async close() {
      server.off('upgrade', onUpgrade);
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      anonymous.clear();
      perAddress.clear();
    },
  };
}
