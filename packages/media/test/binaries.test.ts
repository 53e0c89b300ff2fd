import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { locateBinaries } from '../src/binaries.js';
import { tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
afterAll(cleanup);

describe('locateBinaries', () => {
  it('uses ffmpeg and ffprobe from the PATH and reports their version', () => {
    const found = locateBinaries({ PATH: '/usr/local/bin:/usr/bin:/bin' });
    expect(found.source).toBe('path');
    expect(found.ffmpeg).toMatch(/\/ffmpeg$/);
    expect(found.ffprobe).toMatch(/\/ffprobe$/);
    expect(found.version).toMatch(/^\S+$/);
    expect(found.version).not.toBe('unknown');
  });

  it('prefers FFMPEG_PATH and FFPROBE_PATH', () => {
    const system = locateBinaries({ PATH: '/usr/local/bin:/usr/bin:/bin' });
    const found = locateBinaries({ PATH: '', FFMPEG_PATH: system.ffmpeg, FFPROBE_PATH: system.ffprobe });
    expect(found).toMatchObject({ source: 'env', ffmpeg: system.ffmpeg, ffprobe: system.ffprobe });
  });

  it('refuses FFMPEG_PATH that is not an executable, naming the variable', () => {
    const fake = join(dir, 'ffmpeg');
    writeFileSync(fake, 'not a program');
    chmodSync(fake, 0o644);
    expect(() => locateBinaries({ PATH: '', FFMPEG_PATH: fake, FFPROBE_PATH: fake })).toThrow(/FFMPEG_PATH does not point at an executable file/);
  });

  it('falls back to the binaries shipped in npm packages when none is on the PATH', () => {
    const found = locateBinaries({ PATH: dir });
    expect(found.source).toBe('npm');
    expect(found.ffmpeg).toContain('@ffmpeg-installer');
    expect(found.ffprobe).toContain('@ffprobe-installer');
    expect(found.version).not.toBe('unknown');
  });
});
