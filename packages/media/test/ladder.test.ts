import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateBinaries } from '../src/binaries.js';
import { poster, storyboard, storyboardVtt, thumbnails } from '../src/images.js';
import { cut } from '../src/cut.js';
import { masterPlaylist, packageRendition, PUBLICATION_RENDER, PUBLICATION_RUNG, renderLadder, RUNGS, rungsFor, writeMasterPlaylist } from '../src/ladder.js';
import { probe } from '../src/probe.js';
import { sampleFrames } from '../src/sample-frames.js';
import { colourOf, ffmpegSync, ffprobeJson, makeColourClip, tempDir } from './helpers/make-video.js';

const { dir, cleanup } = tempDir();
const source = join(dir, 'source.mp4');
afterAll(cleanup);
beforeAll(() => {
  makeColourClip(join(dir, 'plain.mp4'), ['red', 'green', 'blue', 'white', 'yellow', 'red'], 3, 25, '1280x720');
  ffmpegSync(['-i', join(dir, 'plain.mp4'), '-c', 'copy', '-metadata', 'title=DOE JOHN', '-metadata', 'creation_time=2026-03-02T10:11:12Z', source]);
});

describe('rungsFor', () => {
  it('never upscales and always offers at least the smallest rung', () => {
    expect(rungsFor(720).map((r) => r.name)).toEqual(['360p', '480p', '720p']);
    expect(rungsFor(2160).map((r) => r.name)).toEqual(RUNGS.map((r) => r.name));
    expect(rungsFor(240).map((r) => r.name)).toEqual(['360p']);
  });
});

describe('renderLadder', () => {
  it('renders SD renditions with the privacy ranges removed, as MP4 and playable HLS, from one pass', async () => {
    const out = join(dir, 'ladder');
    const progress: number[] = [];
    const renditions = await renderLadder(source, out, rungsFor(480), { removeRanges: [{ start: 3, end: 6 }], onProgress: (p) => progress.push(p) });
    expect(renditions.map((r) => [r.rung.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['480p', 854, 480],
    ]);
    expect(progress.at(-1)).toBe(100);

    for (const r of renditions) {
      const info = await probe(r.mp4);
      expect(info.video).toMatchObject({ codec: 'h264', width: r.width, height: r.height });
      expect(info.durationSeconds).toBeCloseTo(15, 0);
      expect(info.audio).toHaveLength(1);
      const tags = ffprobeJson<{ format: { tags?: Record<string, string> } }>(['-show_format', r.mp4]).format.tags ?? {};
      expect(JSON.stringify(tags)).not.toMatch(/DOE|creation_time/);

      // HLS: a VOD playlist of fMP4 segments of at most 6 s, every listed file present.
      const playlist = readFileSync(r.playlist, 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)![1]);
      expect(target).toBeLessThanOrEqual(6);
      const segments = playlist.split('\n').filter((l) => l.endsWith('.m4s'));
      expect(segments.length).toBe(3);
      for (const s of segments) expect(existsSync(join(r.playlist, '..', s))).toBe(true);
    }

    // The playlist plays: decode it through ffmpeg's HLS reader, and no green (removed) frame is in it.
    const colours = new Set<string>();
    let frames = 0;
    for await (const frame of sampleFrames(renditions[1]!.playlist, { width: 16, height: 9, mode: 'dense' })) {
      colours.add(colourOf(frame.data));
      frames += 1;
    }
    expect(frames).toBe(375);
    expect([...colours].sort()).toEqual(['blue', 'red', 'white', 'yellow']);

    const master = await writeMasterPlaylist(out, renditions, true);
    expect(readFileSync(master, 'utf8')).toBe(masterPlaylist(renditions, true));
    expect(readFileSync(master, 'utf8')).toMatch(
      /RESOLUTION=640x360,CODECS="avc1\.640028,mp4a\.40\.2"\n360p\/index\.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=854x480/,
    );
  });

  it('the publication rendition (fast decode and scaler) is a valid 360p with the cuts applied', async () => {
    const [r] = await renderLadder(source, join(dir, 'gate'), [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, removeRanges: [{ start: 0, end: 3 }] });
    const info = await probe(r!.mp4);
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(info.video.frameCount).toBe(375);
    expect(readFileSync(r!.playlist, 'utf8')).toContain('#EXT-X-ENDLIST');
  });

  it('the speculative SD: the whole video without HLS, then cut by GOP copy and packaged as the published rendition', async () => {
    const [whole] = await renderLadder(source, join(dir, 'speculative'), [PUBLICATION_RUNG], { ...PUBLICATION_RENDER, hls: false });
    expect(readdirSync(join(dir, 'speculative', '360p'))).toEqual(['video.mp4']);
    expect((await probe(whole!.mp4)).durationSeconds).toBeCloseTo(18, 1);
    // Green (3-6 s) removed; the sound re-encoded at the rung's rate; the GOPs away from the cut copied.
    const cutFile = join(dir, 'speculative-cut.mp4');
    const result = await cut(whole!.mp4, [{ start: 3, end: 6 }], cutFile, {
      crf: 23,
      maxKbps: PUBLICATION_RUNG.maxKbps,
      audioKbps: PUBLICATION_RUNG.audioKbps,
    });
    expect(result.method).toBe('copy');
    expect(result.copiedSeconds).toBeGreaterThan(10);
    const published = await packageRendition(cutFile, join(dir, 'published'), PUBLICATION_RUNG);
    expect(existsSync(cutFile)).toBe(false);
    expect(published).toMatchObject({ width: 640, height: 360, mp4: join(dir, 'published', '360p', 'video.mp4') });
    const audio = ffprobeJson<{ streams: { bit_rate?: string }[] }>(['-show_streams', '-select_streams', 'a', published.mp4]).streams[0]!;
    expect(Number(audio.bit_rate)).toBeLessThan(110_000);
    const colours = new Set<string>();
    let frames = 0;
    for await (const frame of sampleFrames(published.playlist, { width: 16, height: 9, mode: 'dense' })) {
      colours.add(colourOf(frame.data));
      frames += 1;
    }
    expect(frames).toBe(375);
    expect([...colours].sort()).toEqual(['blue', 'red', 'white', 'yellow']);
  });

  it('cancelling leaves no half-written rendition', async () => {
    const controller = new AbortController();
    const out = join(dir, 'cancelled');
    await expect(renderLadder(source, out, rungsFor(360), { signal: controller.signal, onProgress: (p) => p > 0 && controller.abort() })).rejects.toMatchObject(
      { code: 'cancelled' },
    );
    expect(readdirSync(join(out, '360p'))).toEqual([]);
  });
});

describe('images', () => {
  it('poster and thumbnails at chosen times, aspect kept', async () => {
    const file = await poster(source, join(dir, 'poster.jpg'), 7.5, { height: 360 });
    const info = ffprobeJson<{ streams: { width: number; height: number }[] }>(['-show_streams', file]).streams[0]!;
    expect([info.width, info.height]).toEqual([640, 360]);
    await expect(poster(source, join(dir, 'late.jpg'), 60)).rejects.toMatchObject({ code: 'bad_argument' });
    const thumbs = await thumbnails(source, join(dir, 'thumbs'), { count: 3 });
    expect(thumbs.map((t) => t.time)).toEqual([4.5, 9, 13.5]);
    for (const t of thumbs) expect(existsSync(t.file)).toBe(true);
  });

  it('storyboard: one sprite of tiles and a WebVTT map that points into it', async () => {
    const progress: number[] = [];
    const board = await storyboard(source, join(dir, 'board'), { minInterval: 2, tileWidth: 160, columns: 5, onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toBe(100);
    expect(board).toMatchObject({ tiles: 9, interval: 2, tileWidth: 160, tileHeight: 90 });
    const sprite = ffprobeJson<{ streams: { width: number; height: number }[] }>(['-show_streams', board.sprite]).streams[0]!;
    expect([sprite.width, sprite.height]).toEqual([800, 180]);
    const vtt = readFileSync(board.vtt, 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nstoryboard.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:16.000 --> 00:00:18.000\nstoryboard.jpg#xywh=480,90,160,90');
  });

  it('storyboard of a video with a single keyframe: every tile from its own moment, the map names the sprite', async () => {
    const single = join(dir, 'single-keyframe.mp4');
    makeColourClip(single, ['red', 'green', 'blue', 'white'], 2, 25, '1280x720', false);
    // Re-encode with a GOP longer than the clip: one keyframe (security finding 6).
    const one = join(dir, 'one-keyframe.mp4');
    ffmpegSync(['-i', single, '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '1000', '-sc_threshold', '0', one]);
    const board = await storyboard(one, join(dir, 'one-board'), { minInterval: 2, tileWidth: 160, columns: 10, name: 'filmstrip' });
    expect(board.tiles).toBe(4);
    expect(readFileSync(board.vtt, 'utf8')).toContain('filmstrip.jpg#xywh=');
    // Cut the sprite back into tiles: each shows the colour of its own two seconds.
    const tileColour = (index: number) =>
      colourOf(
        execFileSync(locateBinaries().ffmpeg, [
          '-v',
          'error',
          '-i',
          board.sprite,
          '-vf',
          `crop=160:${board.tileHeight}:${index * 160}:0,scale=16:9`,
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-',
        ]),
      );
    expect([0, 1, 2, 3].map(tileColour)).toEqual(['red', 'green', 'blue', 'white']);
  });

  it('the storyboard map covers the whole duration with consecutive cues', () => {
    const vtt = storyboardVtt('s.jpg', 4, 2.5, 9, 100, 56, 2);
    expect(vtt.split('\n').filter((l) => l.includes('-->'))).toEqual([
      '00:00:00.000 --> 00:00:02.500',
      '00:00:02.500 --> 00:00:05.000',
      '00:00:05.000 --> 00:00:07.500',
      '00:00:07.500 --> 00:00:09.000',
    ]);
    expect(vtt).toContain('s.jpg#xywh=100,56,100,56');
  });
});
