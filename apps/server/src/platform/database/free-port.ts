// Finds a TCP port on the loopback interface that nobody listens on.
import net from 'node:net';

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The preferred port when it is free, otherwise any free port. */
export async function choosePort(preferred: number, host = '127.0.0.1'): Promise<number> {
  if (preferred !== 0 && (await isPortFree(preferred, host))) return preferred;
  return findFreePort(host);
}
