// Starts the built server (dist/main.js) as a real process and reads its JSON log lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ROOT } from '../../src/platform/paths.js';

export const MAIN_JS = path.join(SERVER_ROOT, 'dist', 'main.js');

export interface ServerProcess {
  child: ChildProcess;
  lines: string[];
  stderr: string[];
  url: Promise<string>;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [MAIN_JS], {
    // Away from the repository, so a developer's .env cannot leak into the test.
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const stderr: string[] = [];
  let resolveUrl: (url: string) => void;
  let rejectUrl: (error: Error) => void;
  const url = new Promise<string>((resolve, reject) => {
    resolveUrl = resolve;
    rejectUrl = reject;
  });
  // Tests that expect the process to fail never await the URL.
  url.catch(() => undefined);
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      try {
        const entry = JSON.parse(line) as { url?: string };
        if (entry.url) resolveUrl(entry.url);
      } catch {
        // not a JSON line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      rejectUrl(new Error(`server exited (${code}) before listening:\n${lines.join('\n')}\n${stderr.join('')}`));
      resolve(code);
    });
  });
  return { child, lines, stderr, url, exited };
}

/** PostgreSQL processes (any pid) whose command line names this data directory. */
export function postgresProcessesFor(pgDataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(pgDataDir)) pids.push(Number(entry));
    } catch {
      // process ended while we looked
    }
  }
  return pids;
}
