import { copyFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from '../src/errors.js';
import { keyframeTimes, probe, scanPackets } from '../src/probe.js';
import { validate } from '../src/validate.js';
import { ffmpegSync, makeVideo, tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
const file = (name: string) => join(dir, name);
afterAll(cleanup);

const codes = async (path: string) =>
  validate(await probe(path))
    .map((v) => v.code)
    .sort();
const rejectsWith = async (path: string, code: string) => {
  const error = await probe(path).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).code).toBe(code);
  return error as MediaError;
};

describe('probe', () => {
  beforeAll(() => {
    makeVideo(file('good.mp4'), { seconds: 6, extra: ['-movflags', '+faststart'] });
  });

  it('reads container, codecs, size, duration, fps, bitrate and audio', async () => {
    const info = await probe(file('good.mp4'));
    expect(info.container).toBe('mp4');
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720, rotation: 0, fps: 25, pixelFormat: 'yuv420p', frameCount: 150 });
    expect(info.durationSeconds).toBeCloseTo(6, 1);
    expect(info.bitRate).toBeGreaterThan(0);
    expect(info.audio).toEqual([expect.objectContaining({ codec: 'aac', sampleRate: 48000 })]);
    expect(validate(info)).toEqual([]);
  });

  it('judges the format by content, not by the file name', async () => {
    makeVideo(file('really-mov.avi'), { seconds: 5.5, extra: ['-f', 'mov'] });
    expect((await probe(file('really-mov.avi'))).container).toBe('mov');
    makeVideo(file('matroska.mp4'), { seconds: 5.5, extra: ['-f', 'matroska'] });
    const info = await probe(file('matroska.mp4'));
    expect(info.container).toBe('other');
    const violations = validate(info);
    expect(violations.map((v) => v.code)).toEqual(['format']);
    expect(violations[0]!.message).toBe('This file is not in a supported format. Upload a MOV, MP4, MPG or AVI video.');
  });

  it('accepts MPG and AVI content', async () => {
    makeVideo(file('clip.mpg'), { seconds: 5.5, codec: ['-c:v', 'mpeg2video', '-q:v', '4'], extra: ['-c:a', 'mp2', '-f', 'mpeg'] });
    makeVideo(file('clip.avi'), { seconds: 5.5, codec: ['-c:v', 'mpeg4', '-q:v', '4'], extra: ['-c:a', 'mp3', '-f', 'avi'] });
    expect((await probe(file('clip.mpg'))).container).toBe('mpeg');
    expect((await probe(file('clip.avi'))).container).toBe('avi');
    expect(await codes(file('clip.mpg'))).toEqual([]);
    expect(await codes(file('clip.avi'))).toEqual([]);
  });

  it('applies rotation: a landscape-coded phone video shot upright is vertical', async () => {
    makeVideo(file('unrotated.mov'), { seconds: 5.5 });
    // As a phone writes it: landscape pixels plus a display matrix (set on a stream copy).
    ffmpegSync(['-i', file('unrotated.mov'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('rotated.mov')]);
    const info = await probe(file('rotated.mov'));
    expect(info.video).toMatchObject({ width: 720, height: 1280, rotation: 90 });
    expect(validate(info).map((v) => v.code)).toEqual(['orientation']);
  });

  it('lists times of keyframes without decoding', async () => {
    makeVideo(file('gop.mp4'), { seconds: 6, gop: 50 });
    expect(await keyframeTimes(file('gop.mp4'))).toEqual([0, 2, 4]);
  });
});

describe('validate: each rejection reason with its own message', () => {
  it('vertical', async () => {
    makeVideo(file('vertical.mp4'), { width: 720, height: 1280, seconds: 5.5, audio: false });
    const [violation, ...rest] = validate(await probe(file('vertical.mp4')));
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ code: 'orientation', params: { width: 720, height: 1280 } });
    expect(violation!.message).toContain('vertical');
  });

  it('square', async () => {
    makeVideo(file('square.mp4'), { width: 1280, height: 1280, seconds: 5.5, audio: false });
    const violations = validate(await probe(file('square.mp4')));
    expect(violations.map((v) => v.code)).toEqual(['orientation']);
    expect(violations[0]!.message).toContain('square');
  });

  it('too short', async () => {
    makeVideo(file('short.mp4'), { seconds: 3 });
    const violations = validate(await probe(file('short.mp4')));
    expect(violations.map((v) => v.code)).toEqual(['duration']);
    expect(violations[0]!.message).toBe('The video is 3 seconds long; the minimum duration is 5 seconds.');
  });

  it('too small', async () => {
    makeVideo(file('small.mp4'), { width: 640, height: 360, seconds: 5.5 });
    const violations = validate(await probe(file('small.mp4')));
    expect(violations.map((v) => v.code)).toEqual(['resolution']);
    expect(violations[0]!.message).toBe('The video is 640x360; the minimum resolution is 1,280x720 (HD or 4k recommended).');
  });

  it('too large (declared or real size)', async () => {
    const info = await probe(file('good.mp4'));
    const violations = validate(info, 4_200_000_000);
    expect(violations.map((v) => v.code)).toEqual(['size']);
    expect(violations[0]!.message).toBe('The file is 4,006MB; the maximum size is 3,900MB.');
    expect(validate(info, 3900 * 1024 * 1024)).toEqual([]);
  });

  it('every violation at once', async () => {
    makeVideo(file('everything.mkv'), { width: 480, height: 640, seconds: 2, extra: ['-f', 'matroska'] });
    expect(await codes(file('everything.mkv'))).toEqual(['duration', 'format', 'orientation', 'resolution']);
  });
});

describe('bad files get a clear error, never a crash or a hang', () => {
  it('missing file', async () => {
    const error = await rejectsWith(file('nope.mp4'), 'not_found');
    expect(error.message).toContain('File not found');
  });

  it('zero bytes', async () => {
    writeFileSync(file('empty.mp4'), '');
    expect((await rejectsWith(file('empty.mp4'), 'empty_file')).message).toBe('The file is empty (0 bytes).');
  });

  it('text named .mp4', async () => {
    writeFileSync(file('notes.mp4'), 'Patient list for Monday\n'.repeat(200));
    expect((await rejectsWith(file('notes.mp4'), 'not_media')).message).toBe(
      'The file is not a readable video: it is damaged, incomplete or in an unknown format.',
    );
  });

  it('random bytes', async () => {
    const bytes = Buffer.alloc(256 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 2654435761) >>> 24;
    writeFileSync(file('garbage.mov'), bytes);
    await rejectsWith(file('garbage.mov'), 'not_media');
  });

  it('truncated upload (index at the end never arrived)', async () => {
    makeVideo(file('whole.mp4'), { seconds: 6 });
    copyFileSync(file('whole.mp4'), file('truncated.mp4'));
    truncateSync(file('truncated.mp4'), Math.floor(readFileSync(file('whole.mp4')).length / 2));
    await rejectsWith(file('truncated.mp4'), 'not_media');
  });

  it('sound only', async () => {
    ffmpegSync(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=6', '-c:a', 'aac', file('voice.m4a')]);
    expect((await rejectsWith(file('voice.m4a'), 'no_video')).message).toBe('The file has no video stream.');
  });

  it('a cancelled probe stops with "cancelled"', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await probe(file('good.mp4'), { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'cancelled' });
  });
});

describe('scanPackets', () => {
  it('finds a file cut short although its index at the front says the video is whole', async () => {
    const whole = makeVideo(file('whole-faststart.mp4'), { seconds: 6, extra: ['-movflags', '+faststart'] });
    const cut = file('cut-short.mp4');
    copyFileSync(whole, cut);
    truncateSync(cut, Math.floor(readFileSync(whole).length * 0.5));
    const info = await probe(cut);
    expect(info.durationSeconds, 'the index still promises the whole video').toBeCloseTo(6, 0);
    const scan = await scanPackets(cut, { expectedFrames: info.video.frameCount });
    expect(scan.truncated).toBe(true);
    expect(validate(info, info.sizeBytes, scan).map((v) => v.code)).toEqual(['incomplete']);
    const intact = await scanPackets(whole, { expectedFrames: (await probe(whole)).video.frameCount });
    expect(intact).toMatchObject({ truncated: false, packets: 150 });
  });
});
