import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo, tempDir } from './helpers/make-video.js';

const run = promisify(execFile);
const bin = resolve(import.meta.dirname, '../bin/ipsv-media.mjs');
const { dir, cleanup } = tempDir();
afterAll(cleanup);
beforeAll(() => {
  makeVideo(join(dir, 'clip.mp4'), { seconds: 6 });
  makeVideo(join(dir, 'vertical.mp4'), { width: 720, height: 1280, seconds: 3, audio: false });
});

const cli = (args: string[]) =>
  run(process.execPath, [bin, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('ipsv-media command line', () => {
  it('probe: accepted file exits 0; refused file exits 1 with every reason', async () => {
    const ok = await cli(['probe', join(dir, 'clip.mp4')]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain('MP4 h264 1280x720');
    expect(ok.stdout).toContain('accepted for upload');
    const refused = await cli(['probe', join(dir, 'vertical.mp4'), '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).violations.map((v: { code: string }) => v.code)).toEqual(['orientation', 'duration']);
  });

  it('cut and render write playable outputs and report progress on stderr', async () => {
    const cutResult = await cli(['cut', join(dir, 'clip.mp4'), '-o', join(dir, 'cut.mp4'), '--remove', '1-2.5']);
    expect(cutResult).toMatchObject({ code: 0 });
    expect(cutResult.stdout).toContain('4.50 s kept');
    expect(cutResult.stderr).toContain('cut 100%');
    const render = await cli(['render', join(dir, 'cut.mp4'), '-o', join(dir, 'hls'), '--rungs', '360p', '--fast']);
    expect(render).toMatchObject({ code: 0 });
    expect(readFileSync(join(dir, 'hls', 'master.m3u8'), 'utf8')).toContain('360p/index.m3u8');
    expect(existsSync(join(dir, 'hls', '360p', 'init.mp4'))).toBe(true);
  });
});
