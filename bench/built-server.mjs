// The built server as `npm start` runs it, for benchmarks: its own embedded PostgreSQL in a fresh
// data folder, a free port, and the URL read from its start-up log line. `stop()` ends it and
// removes the folder.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** `arg('duration', 10)`: the number after `--duration` on the command line, or the default. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

export async function startBuiltServer(env = {}) {
  // BENCH_SERVER_LOG=<file>: the server's log lines are appended there (jobs say what they did).
  const logFile = process.env.BENCH_SERVER_LOG;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-bench-'));
  // The embedded PostgreSQL runs as its own user (when started as root) and must reach its folder.
  await fs.chmod(dataDir, 0o755);
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (Node does
  // not take --cpu-prof from NODE_OPTIONS).
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_CPU_PROF] : [];
  const server = spawn(process.execPath, [...profile, 'apps/server/dist/main.js'], {
    // info: the start-up line carries the URL; request lines are debug and not printed.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    let buffer = '';
    server.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (logFile) appendFileSync(logFile, `${line}\n`);
        try {
          const entry = JSON.parse(line);
          if (entry.url) resolve(entry.url.replace('localhost', '127.0.0.1'));
        } catch {
          // not JSON
        }
      }
    });
  });
  return {
    url,
    dataDir,
    pid: server.pid,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
