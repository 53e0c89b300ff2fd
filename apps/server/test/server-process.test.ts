// The real product process: `node dist/main.js` with the embedded PostgreSQL (first start, reuse,
// clean stop, orphan recovery, busy port) and with DATABASE_URL; configuration errors.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/platform/paths.js';
import { postgresProcessesFor, startServer, type ServerProcess } from './helpers/server-process.js';

let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  // Test the artefact `npm start` runs, freshly bundled from the sources.
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-proc-'));
  await fs.chmod(dataDir, 0o755);
});

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const pid of postgresProcessesFor(path.join(dataDir, 'pg'))) process.kill(pid, 'SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

function start(env: Record<string, string>): ServerProcess {
  const server = startServer(env);
  running.push(server);
  return server;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  server.child.kill(signal);
  const code = await server.exited;
  // A failed stop says why in the test output.
  if (code !== 0 && signal !== 'SIGKILL') console.error([...server.lines.slice(-12), ...server.stderr].join('\n'));
  return code;
}

async function embeddedPort(server: ServerProcess): Promise<number> {
  const line = server.lines.find((l) => l.includes('embedded PostgreSQL on'));
  return Number(/127\.0\.0\.1:(\d+)/.exec(line ?? '')?.[1]);
}

/** The paths recorded in page_views, read straight from the server's embedded PostgreSQL. */
async function recordedPaths(server: ServerProcess): Promise<string[]> {
  const password = (await fs.readFile(path.join(dataDir, 'pg.secret'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port: await embeddedPort(server), user: 'postgres', password, database: 'surgery_videos' });
  await client.connect();
  try {
    return (await client.query<{ path: string }>('SELECT path FROM page_views')).rows.map((r) => r.path);
  } finally {
    await client.end();
  }
}

/** Kills the embedded postmaster as the kernel's out-of-memory killer would. */
async function killPostmaster(): Promise<void> {
  const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  process.kill(pid, 'SIGKILL');
}

describe('npm start with the embedded PostgreSQL', () => {
  it('initialises on first start, serves the API, and leaves no PostgreSQL behind on SIGTERM', async () => {
    // Hold the preferred PostgreSQL port so the server has to choose another one.
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const busyPort = (blocker.address() as net.AddressInfo).port;

    const server = start({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(busyPort) });
    const url = await server.url;
    blocker.close();
    expect(server.lines.some((l) => l.includes('first start'))).toBe(true);
    expect(await embeddedPort(server)).not.toBe(busyPort);
    expect(server.lines.some((l) => l.includes(`open ${url}`))).toBe(true);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const recorded = await fetch(`${url}/api/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/first-run' }),
    });
    expect(recorded.status).toBe(204);
    expect(postgresProcessesFor(path.join(dataDir, 'pg')).length).toBeGreaterThan(0);

    expect(await stop(server)).toBe(0);
    expect(postgresProcessesFor(path.join(dataDir, 'pg'))).toEqual([]);
    // An operator's terminal shows no warning from Node or a library (a deprecated option, say).
    expect(server.stderr.join('')).not.toMatch(/Warning|Deprecation/);
  });

  it('reuses the data directory on the next start, data included', async () => {
    const server = start({ DATA_DIR: dataDir });
    await server.url;
    expect(server.lines.some((l) => l.includes('first start'))).toBe(false);
    expect(await recordedPaths(server)).toContain('/first-run');
    expect(await stop(server, 'SIGINT')).toBe(0);
    expect(postgresProcessesFor(path.join(dataDir, 'pg'))).toEqual([]);
  });

  it('recovers when a crashed instance left its PostgreSQL running', async () => {
    const crashed = start({ DATA_DIR: dataDir });
    await crashed.url;
    await stop(crashed, 'SIGKILL');
    const orphans = postgresProcessesFor(path.join(dataDir, 'pg'));
    expect(orphans.length).toBeGreaterThan(0);

    const server = start({ DATA_DIR: dataDir });
    const url = await server.url;
    expect(server.lines.some((l) => l.includes('left running by an earlier instance'))).toBe(true);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await stop(server)).toBe(0);
    expect(postgresProcessesFor(path.join(dataDir, 'pg'))).toEqual([]);
  });

  it('starts its PostgreSQL again when it dies under the running app, data kept', async () => {
    const server = start({ DATA_DIR: dataDir });
    const url = await server.url;
    const pgDataDir = path.join(dataDir, 'pg');
    await killPostmaster();
    await expect.poll(() => server.lines.some((l) => l.includes('stopped unexpectedly')), { interval: 200, timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await fetch(`${url}/api/health`)).status, { interval: 500, timeout: 60_000 }).toBe(200);
    expect(server.lines.some((l) => l.includes('running again'))).toBe(true);
    const recorded = await fetch(`${url}/api/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/after-restart' }),
    });
    expect(recorded.status).toBe(204);
    expect(await recordedPaths(server)).toEqual(expect.arrayContaining(['/first-run', '/after-restart']));
    expect(await stop(server)).toBe(0);
    expect(postgresProcessesFor(pgDataDir)).toEqual([]);
  });

  it('stops at once when its PostgreSQL has just died, leaving none behind', async () => {
    const server = start({ DATA_DIR: dataDir });
    await server.url;
    const pgDataDir = path.join(dataDir, 'pg');
    await killPostmaster();
    const asked = Date.now();
    expect(await stop(server)).toBe(0);
    // It used to wait for the dead server's exit (11 s here, up to the 20 s shutdown limit).
    expect(Date.now() - asked).toBeLessThan(8_000);
    await expect.poll(() => postgresProcessesFor(pgDataDir), { timeout: 10_000 }).toEqual([]);
  });

  it('refuses to share its data directory with a running instance', async () => {
    const first = start({ DATA_DIR: dataDir });
    await first.url;
    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.lines.join('\n')).toContain('in use by another running instance');
    expect((await fetch(`${await first.url}/api/health`)).status).toBe(200);
    expect(await stop(first)).toBe(0);
  });
});

describe('stopping during start-up', () => {
  it('waits for the embedded PostgreSQL it is starting, then stops it', async () => {
    const freshDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-early-'));
    await fs.chmod(freshDir, 0o755);
    try {
      const server = start({ DATA_DIR: freshDir });
      // stop while the first start is still initialising the data directory
      // A busy machine can take seconds to boot Node and reach that line; the default 1 s poll is too short.
      await expect.poll(() => server.lines.some((l) => l.includes('first start')), { interval: 20, timeout: 30_000 }).toBe(true);
      expect(await stop(server)).toBe(0);
      expect(server.lines.some((l) => l.includes('"stopped"'))).toBe(true);
      expect(postgresProcessesFor(path.join(freshDir, 'pg'))).toEqual([]);
    } finally {
      await fs.rm(freshDir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('stops at start with a message naming each bad variable', async () => {
    const server = start({ DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    const message = server.stderr.join('');
    expect(message).toContain('PORT:');
    expect(message).toContain('(got "eighty")');
    expect(message).toContain('LOG_LEVEL:');
  });

  it('says which port is busy when PORT is taken', async () => {
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const server = start({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await server.exited).toBe(1);
    blocker.close();
    expect(server.lines.join('\n')).toContain(`Port ${port} is already in use`);
    expect(postgresProcessesFor(path.join(dataDir, 'pg'))).toEqual([]);
  });
});

const serverUrl = process.env.TEST_SERVER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!(await reachable(serverUrl)))('DATABASE_URL', () => {
  it('uses that PostgreSQL instead of starting the embedded one', async () => {
    const name = `ipsv_proc_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    const otherDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-url-'));
    try {
      const server = start({ DATA_DIR: otherDataDir, DATABASE_URL: target.toString() });
      const url = await server.url;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const types = (await (await fetch(`${url}/api/surgery-types`)).json()) as { surgeryTypes: unknown[] };
      expect(types.surgeryTypes).toHaveLength(19);
      expect(server.lines.some((l) => l.includes(`127.0.0.1:5432/${name}`))).toBe(true);
      expect(await stop(server)).toBe(0);
      await expect(fs.access(path.join(otherDataDir, 'pg'))).rejects.toThrow();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      await fs.rm(otherDataDir, { recursive: true, force: true });
    }
  });
});
