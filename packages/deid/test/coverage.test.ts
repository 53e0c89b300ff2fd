// Every second is examined, wherever the keyframes are: room views and short flashes placed
// between keyframes 10 s, 2 s and 0.5 s apart, in clips with a variable frame rate, and in files
// whose timestamps start late (an MPEG-TS, an MP4 edit list, a recording joined in the middle of
// a GOP) must be inside the proposed ranges, and gone from the cut; a chunked analysis gives the
// same answer as one pass.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cut } from '@ipsv/media/cut';
import { keyframeTimes, probe } from '@ipsv/media/probe';
import { sampleFrames } from '@ipsv/media/sample-frames';
import { analyseChunk, analyseVideo, mergeChunks, planFile, type AnalysisResult, type ChunkAnalysis } from '../src/analyse.js';
import { SceneDetector } from '../src/scene-detector.js';
import { asProgramStream, joinedMidGop, makeCoverageClip, partTimes, videoPackets, withLateStart, type ClipPart } from './helpers/coverage-clip.js';
import { covered, hasDevData } from './helpers/withdrawal-clip.js';
import { tempDir } from '../../media/test/helpers/make-video.js';

const { dir, cleanup } = tempDir('ipsv-coverage-');
afterAll(cleanup);

/** A 3 s room view and a 1 s flash, both between two keyframes when they are 10 s apart. */
const PARTS: ClipPart[] = [
  { seconds: 12, view: 'inside' },
  { seconds: 3, view: 'room' },
  { seconds: 7, view: 'inside' },
  { seconds: 1, view: 'room' },
  { seconds: 7, view: 'inside' },
];
const TIMES = partTimes(PARTS);

type Truth = ReturnType<typeof partTimes>;

/**
 * Each room view at least 95 % inside the ranges, and the endoscopic picture clear of the views
 * (2 s on each side) kept: at most 10 % of it proposed. `times` are on the timeline the product
 * uses (seconds from the file's first timestamp, as ffmpeg counts them when it cuts).
 */
const expectCoveredParts = (times: Truth, result: AnalysisResult) => {
  const end = Math.max(...times.map((p) => p.end));
  for (const part of times.filter((p) => p.view === 'room')) {
    const share = covered(part, result.ranges) / (part.end - part.start);
    expect(share, `${part.start}-${part.end} s: ${JSON.stringify(result.ranges)}`).toBeGreaterThanOrEqual(0.95);
  }
  const clear = times
    .filter((p) => p.view === 'inside')
    .map((p) => ({ start: p.start + (p.start > 0 ? 2 : 0), end: p.end - (p.end < end ? 2 : 0) }))
    .filter((p) => p.end > p.start);
  const clearSeconds = clear.reduce((sum, s) => sum + s.end - s.start, 0);
  expect(clear.reduce((sum, s) => sum + covered(s, result.ranges), 0) / clearSeconds, JSON.stringify(result.ranges)).toBeLessThanOrEqual(0.1);
};
const expectCovered = (result: AnalysisResult) => expectCoveredParts(TIMES, result);

/** No stretch of [from, to] longer than `gap` seconds without an examined frame. */
const expectSpread = (result: AnalysisResult, from: number, to: number, gap: number) => {
  const marks = [from, ...result.track.map((p) => p.time).filter((t) => t >= from && t <= to), to].sort((a, b) => a - b);
  const longest = marks
    .slice(1)
    .reduce((worst, t, i) => (t - marks[i]! > worst.seconds ? { seconds: t - marks[i]!, at: marks[i]! } : worst), { seconds: 0, at: from });
  expect(longest.seconds, `no frame examined for ${longest.seconds.toFixed(3)} s from ${longest.at} s`).toBeLessThanOrEqual(gap + 1e-3);
};

/** Seconds between consecutive frames of a file, from its packets. */
const frameIntervals = (file: string) => {
  const times = videoPackets(file).map((p) => p.time);
  return times.slice(1).map((t, i) => t - times[i]!);
};

describe.skipIf(!hasDevData)('coverage: footage between keyframes is examined (needs ../shared/data/deid-frames)', () => {
  const scene = new SceneDetector();
  afterAll(() => scene.close());

  for (const gopSeconds of [10, 2, 0.5]) {
    describe(`keyframes every ${gopSeconds} s`, () => {
      const clip = join(dir, `gop-${gopSeconds}.mp4`);
      let result: AnalysisResult;
      beforeAll(async () => {
        await makeCoverageClip(clip, PARTS, { gopSeconds });
        result = await analyseVideo(clip, { scene });
      });

      it('the room view and the flash are each at least 95 % inside the proposed ranges', async () => {
        if (gopSeconds === 10) expect(await keyframeTimes(clip)).toEqual([0, 10, 20]);
        expectCovered(result);
        expect(result.ranges.flatMap((r) => r.reasons)).toContain('out_of_body');
      });

      it('examines at least two frames per second of the timeline, evenly', async () => {
        const { durationSeconds } = await probe(clip);
        expect(result.sampleFps).toBe(2);
        expect(result.framesExamined).toBeGreaterThanOrEqual(2 * Math.floor(durationSeconds));
        const times = result.track.map((p) => p.time);
        for (let t = 0; t + 0.5 <= durationSeconds; t += 0.5)
          expect(
            times.some((time) => time >= t && time < t + 0.5),
            `a frame in [${t}, ${t + 0.5})`,
          ).toBe(true);
      });
    });
  }

  it('a variable frame rate (25 fps, then about 8) is covered the same way', async () => {
    const clip = join(dir, 'vfr.mp4');
    await makeCoverageClip(clip, PARTS, { gopSeconds: 10, vfrFrom: 6 });
    const result = await analyseVideo(clip, { scene });
    expectCovered(result);
  });

  it('an irregular frame rate (intervals from 0.04 to about 0.25 s, mixed) is examined evenly and covered', async () => {
    const clip = join(dir, 'vfr-irregular.mp4');
    await makeCoverageClip(clip, PARTS, { gopSeconds: 10, irregular: true });
    // The file really is irregular: several different intervals, short and long ones.
    const intervals = frameIntervals(clip);
    const longest = Math.max(...intervals);
    expect(new Set(intervals.map((i) => Math.round(i * 100))).size).toBeGreaterThanOrEqual(3);
    expect(Math.min(...intervals)).toBeLessThan(0.05);
    expect(longest).toBeGreaterThan(0.2);
    expect(longest).toBeLessThan(0.5);
    const result = await analyseVideo(clip, { scene });
    const { durationSeconds } = await probe(clip);
    expectCovered(result);
    expect(result.framesExamined).toBeGreaterThanOrEqual(2 * durationSeconds);
    // An examined frame in every half second, give or take the source's own longest interval.
    expectSpread(result, 0, durationSeconds, 1 / result.sampleFps + longest);
  });

  it('an MPEG program stream (MPEG-2, keyframes every 10 s, no index) is examined every half second and covered', async () => {
    // The 10 s GOP clip above when it was made (a filtered run may not have made it).
    const made = join(dir, 'gop-10.mp4');
    const source = existsSync(made) ? made : await makeCoverageClip(join(dir, 'ps-source.mp4'), PARTS, { gopSeconds: 10 });
    const clip = asProgramStream(source, join(dir, 'gop-10.mpg'), 10);
    const info = await probe(clip);
    expect(info.container).toBe('mpeg');
    // (The encoder makes the last picture an intra one as well.)
    expect((await keyframeTimes(clip)).map((t) => Math.round(t - info.startTime)).filter((t) => t < 29)).toEqual([0, 10, 20]);
    const result = await analyseVideo(clip, { scene });
    expectCovered(result);
    expect(result.framesExamined).toBeGreaterThanOrEqual(2 * Math.floor(info.durationSeconds));
    const times = result.track.map((p) => p.time);
    for (let t = 0; t + 0.5 <= info.durationSeconds; t += 0.5)
      expect(
        times.some((time) => time >= t && time < t + 0.5),
        `a frame in [${t}, ${t + 0.5})`,
      ).toBe(true);
  });

  it('refuses a sampling rate under one frame per second', async () => {
    await expect(analyseVideo(join(dir, 'gop-10.mp4'), { scene, sampleFps: 0.5 })).rejects.toThrow(/at least 1 frame per second/);
  });

  it('in chunks taken by different workers in any order, the same ranges and track as in one pass', async () => {
    const clip = join(dir, 'gop-2.mp4');
    const whole = await analyseVideo(clip, { scene });
    // 10 s chunks: the room view and the flash sit next to chunk borders (12 s, 22 s are near 10, 20).
    const { durationSeconds, chunks } = await planFile(clip, { chunkSeconds: 10 });
    expect(chunks.length).toBe(3);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(durationSeconds);
    const other = new SceneDetector();
    try {
      const parts: ChunkAnalysis[] = [];
      // Two "workers" (two detectors), the last chunk first; the parts cross JSON as between processes.
      for (const [i, chunk] of [...chunks].reverse().entries())
        parts.push(JSON.parse(JSON.stringify(await analyseChunk(clip, chunk, durationSeconds, i % 2 ? other : scene))) as ChunkAnalysis);
      const merged = mergeChunks(parts);
      expect(merged.chunks).toBe(3);
      expect(merged.ranges).toEqual(whole.ranges);
      expect(merged.track).toEqual(whole.track);
      expectCovered(merged);
      for (const some of [parts.slice(1), parts.slice(0, -1), [...parts, parts[0]!]]) expect(() => mergeChunks(some)).toThrow(/do not belong to one analysis/);
    } finally {
      await other.close();
    }
  });
});

/** The out-of-body part at the very start, then a flash: a shift of the timeline shows in both. */
const EARLY: ClipPart[] = [
  { seconds: 3, view: 'room' },
  { seconds: 8, view: 'inside' },
  { seconds: 1, view: 'room' },
  { seconds: 6, view: 'inside' },
];
const EARLY_TIMES = partTimes(EARLY);
/**
 * The longest stretch without an examined frame in a 25 fps clip: the even pass takes the first
 * frame it decodes in each half second, which may be a frame after the half second begins, plus
 * one more when that frame is a non-reference one it does not decode.
 */
const EVEN_GAP = 0.5 + 2 / 25;

describe.skipIf(!hasDevData)('coverage: timestamps that do not start at 0 (needs ../shared/data/deid-frames)', () => {
  const scene = new SceneDetector();
  afterAll(() => scene.close());
  /** 2 s GOPs from 0 s on the encoder's timeline. */
  const base = join(dir, 'early.mp4');
  beforeAll(() => makeCoverageClip(base, EARLY, { gopSeconds: 2 }));

  /** Times of the frames ffmpeg decodes from a file, on the timeline cut uses. */
  const decodedTimes = async (file: string) => {
    const times: number[] = [];
    for await (const frame of sampleFrames(file, { width: 64, height: 36, mode: 'dense' })) times.push(frame.time);
    return times;
  };

  /**
   * The product's own cut with the proposed ranges: every frame of the source outside them is in
   * the output, and not one frame of the output is a room view.
   */
  const expectCutClean = async (clip: string, result: AnalysisResult) => {
    const output = `${clip}.cut.mp4`;
    // An MPEG-TS is cut in one pass: ffmpeg's seek inside one lands after the time asked for, so
    // parts encoded from a seek (the GOP-copy cut's) would lose frames. The upload refuses TS.
    const done = await cut(clip, result.ranges, output, { method: clip.endsWith('.ts') ? 'reencode' : 'auto' });
    const expected = (await decodedTimes(clip)).filter((t) => done.kept.some((k) => t >= k.start - 1e-3 && t < k.end - 1e-3)).length;
    const revealing: number[] = [];
    let frames = 0;
    for await (const frame of sampleFrames(output, { width: 256, height: 144, mode: 'dense' })) {
      frames += 1;
      if ((await scene.scoreOne(frame)) >= scene.threshold) revealing.push(frame.time);
    }
    expect(revealing, `room frames left after cutting ${JSON.stringify(result.ranges)} (${done.method})`).toEqual([]);
    expect(Math.abs(frames - expected), `${frames} frames in the cut, ${expected} kept in the source`).toBeLessThanOrEqual(2);
  };

  for (const { name, file, offset, startTime } of [
    { name: 'an MPEG-TS whose timestamps start at 3.4 s', file: 'late.ts', offset: 2, startTime: 3.4 },
    { name: 'an MP4 whose edit list starts the picture at 2.5 s', file: 'late.mp4', offset: 2.5, startTime: 2.5 },
  ]) {
    it(`${name}: the ranges are on the timeline the cut uses, from its first frame`, async () => {
      const clip = withLateStart(base, join(dir, file), offset);
      const info = await probe(clip);
      expect(info.startTime).toBeCloseTo(startTime, 2);
      expect(videoPackets(clip).find((p) => p.keyframe)!.time).toBeCloseTo(startTime, 2);
      const result = await analyseVideo(clip, { scene });
      expectCoveredParts(EARLY_TIMES, result);
      expect(result.ranges[0]!.start).toBeLessThanOrEqual(0.05);
      expect(result.framesExamined).toBeGreaterThanOrEqual(2 * 18);
      expectSpread(result, 0, 18 - 0.04, EVEN_GAP);
      // Chunk borders at keyframes of that same timeline (every 2 s from its first frame).
      const { chunks } = await planFile(clip, { chunkSeconds: 6 });
      expect(chunks.length).toBe(3);
      for (const { start } of chunks) expect(start / 2 - Math.round(start / 2), `a chunk from ${start} s`).toBeCloseTo(0, 3);
      await expectCutClean(clip, result);
    });
  }

  it('a recording joined in the middle of a GOP (its first keyframe 1 s in): the first pictures are examined and cut', async () => {
    const ts = withLateStart(base, join(dir, 'early.ts'), 0);
    const origin = (await probe(ts)).startTime;
    // Cut 1 s in (keyframes at 0, 2, 4 s): the first second's packets have no keyframe before them.
    const clip = joinedMidGop(ts, join(dir, 'joined.ts'), origin + 1);
    const packets = videoPackets(clip);
    const { startTime } = await probe(clip);
    const firstKeyframe = packets.find((p) => p.keyframe)!.time;
    expect(packets[0]!.keyframe).toBe(false);
    expect(firstKeyframe - startTime).toBeGreaterThan(0.5);
    // The product's timeline counts from the first timestamp; a picture is shown from the keyframe on.
    const shift = startTime - origin;
    const firstPicture = (await decodedTimes(clip))[0]!;
    expect(firstPicture).toBeCloseTo(firstKeyframe - startTime, 2);
    const truth = EARLY_TIMES.map((p) => ({ ...p, start: Math.max(firstPicture, p.start - shift), end: p.end - shift }));
    const result = await analyseVideo(clip, { scene });
    expectCoveredParts(truth, result);
    expectSpread(result, firstPicture, truth.at(-1)!.end - 0.04, EVEN_GAP);
    await expectCutClean(clip, result);
  });
});
