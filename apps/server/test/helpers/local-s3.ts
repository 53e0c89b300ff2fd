// A throwaway S3-compatible server (s3rver, files in a fresh temporary directory) for tests of the
// S3 storage adapter, so they need neither AWS nor Docker.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** s3rver accepts only these credentials. */
  accessKeyId: string;
  secretAccessKey: string;
  /** What the server stored, e.g. "ObjectCreated:Put prefix/key"; multipart completions are ObjectCreated:Post. */
  events: string[];
  stop(): Promise<void>;
}

type Message = { type: 'ready'; port: number } | { type: 'event'; text: string };

const script = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

export async function startLocalS3(bucket = 'ipsv-test'): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-test-s3-'));
  // s3rver 3.7 encrypts listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider.
  const child = fork(script, [directory, bucket], { execArgv: ['--openssl-legacy-provider'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const events: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: Message) => {
      if (message.type === 'ready') resolve(message.port);
      else events.push(message.text);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before it was ready`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    events,
    async stop() {
      if (child.connected) child.send('stop');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
