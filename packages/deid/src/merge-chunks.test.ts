import { describe, expect, it } from 'vitest';
import { CHUNK_OVERLAP_SECONDS, mergeChunks, type AnalysisChunk, type ChunkAnalysis, type ExaminedFrame } from './analyse.js';

const scene = { name: 'scene', version: '1', reason: 'out_of_body' as const, threshold: 0.2, locates: false };
const DURATION = 60;

/** A chunk's findings as a worker hands them on: the frames it owns, nothing else. */
const part = (chunk: AnalysisChunk, frames: readonly ExaminedFrame[]): ChunkAnalysis => ({
  chunk,
  durationSeconds: DURATION,
  sampleFps: 2,
  scene,
  detectors: [],
  frames: frames.filter((f) => (chunk.index === 0 || f.time >= chunk.start) && (chunk.end >= DURATION || f.time < chunk.end)),
  boxes: [],
  framesDecoded: 0,
  framesLooked: [],
});

describe('mergeChunks: margins decided by evidence across chunk borders', () => {
  // Every half second; from 12 s to 47 s the frames are safe but not confidently inside (0.07),
  // with one flag at 30 s: the evidence margin runs over both chunk borders (20 s and 40 s), each
  // further from the flag than the chunks' overlap.
  const frames: ExaminedFrame[] = Array.from({ length: DURATION * 2 }, (_, i) => {
    const time = i / 2;
    return { time, scene: time === 30 ? 0.9 : time >= 12 && time <= 47 ? 0.07 : 0.01, scores: {} };
  });
  const chunks: AnalysisChunk[] = [
    { index: 0, start: 0, end: 20 },
    { index: 1, start: 20, end: 40 },
    { index: 2, start: 40, end: DURATION },
  ];

  it('gives the same range as one pass, reaching the confident frames beyond both borders', () => {
    expect(30 - 20).toBeGreaterThan(CHUNK_OVERLAP_SECONDS);
    const whole = mergeChunks([part({ index: 0, start: 0, end: DURATION }, frames)]);
    expect(whole.ranges).toEqual([{ start: 11.5, end: 47.5, reasons: ['out_of_body'], confidence: 0.9 }]);
    const merged = mergeChunks(chunks.map((c) => part(c, frames)).reverse());
    expect(merged.ranges).toEqual(whole.ranges);
    expect(merged.track).toEqual(whole.track);
  });

  it('no chunk on its own decides it: the middle chunk alone would stop at its borders', () => {
    // Which is why the decision waits for the merge: with the middle chunk's frames only, the range
    // would end at the chunk's first and last frames and at the ends of what it saw.
    const middle = frames.filter((f) => f.time >= 20 && f.time < 40);
    const alone = mergeChunks([part({ index: 0, start: 0, end: DURATION }, middle)]);
    expect(alone.ranges[0]!.start).toBe(0);
    expect(alone.ranges[0]!.end).toBe(DURATION);
  });
});
