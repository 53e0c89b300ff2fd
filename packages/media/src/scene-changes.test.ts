import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';
import { parseSceneScores, segmentsFromChanges } from './scene-changes.js';

const change = (time: number, score: number) => ({ time, score });

describe('segmentsFromChanges', () => {
  it('splits at every change when they are far enough apart', () => {
    expect(segmentsFromChanges([change(6, 1), change(12, 0.9)], 18, { minSegmentSeconds: 3 })).toEqual([
      { start: 0, end: 6 },
      { start: 6, end: 12 },
      { start: 12, end: 18 },
    ]);
  });

  it('keeps the stronger of two changes closer than the shortest segment', () => {
    const changes = [change(30, 0.4), change(40, 0.9), change(100, 0.5)];
    expect(segmentsFromChanges(changes, 150, { minSegmentSeconds: 20 })).toEqual([
      { start: 0, end: 40 },
      { start: 40, end: 100 },
      { start: 100, end: 150 },
    ]);
  });

  it('skips changes too close to the start or the end of the video', () => {
    const changes = [change(5, 1), change(60, 0.5), change(115, 1)];
    expect(segmentsFromChanges(changes, 120, { minSegmentSeconds: 20 })).toEqual([
      { start: 0, end: 60 },
      { start: 60, end: 120 },
    ]);
  });

  it('a change exactly the shortest segment away from another is allowed', () => {
    expect(segmentsFromChanges([change(20, 1), change(40, 1)], 60, { minSegmentSeconds: 20 })).toHaveLength(3);
  });

  it('keeps the strongest changes when there are more than maxSegments allows', () => {
    const changes = [change(10, 0.35), change(20, 0.8), change(30, 0.5), change(40, 0.95), change(50, 0.4)];
    expect(segmentsFromChanges(changes, 60, { minSegmentSeconds: 5, maxSegments: 3 })).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 60 },
    ]);
    expect(segmentsFromChanges(changes, 60, { minSegmentSeconds: 5, maxSegments: 1 })).toEqual([{ start: 0, end: 60 }]);
  });

  it('a stronger change that is refused does not use up a place', () => {
    // 12 s is refused (too close to 10 s); the weaker 40 s still gets the second boundary.
    const changes = [change(10, 0.9), change(12, 0.8), change(40, 0.4)];
    expect(segmentsFromChanges(changes, 60, { minSegmentSeconds: 5, maxSegments: 3 })).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 40 },
      { start: 40, end: 60 },
    ]);
  });

  it('defaults: segments of at least 20 s, at most 30 of them', () => {
    const everySecond = Array.from({ length: 3599 }, (_, i) => change(i + 1, 0.5 + ((i * 7919) % 100) / 1000));
    const segments = segmentsFromChanges(everySecond, 3600);
    expect(segments).toHaveLength(30);
    for (const segment of segments) expect(segment.end - segment.start).toBeGreaterThanOrEqual(20);
  });

  it('always covers the whole video without gaps, whatever the changes', () => {
    const changes = Array.from({ length: 200 }, (_, i) => change((i * 37.3) % 500, ((i * 13) % 97) / 97));
    const segments = segmentsFromChanges(changes, 500, { minSegmentSeconds: 7, maxSegments: 25 });
    expect(segments[0]!.start).toBe(0);
    expect(segments.at(-1)!.end).toBe(500);
    segments.slice(1).forEach((segment, i) => expect(segment.start).toBe(segments[i]!.end));
    expect(segments.length).toBeLessThanOrEqual(25);
    for (const segment of segments) expect(segment.end - segment.start).toBeGreaterThanOrEqual(7);
  });

  it('no changes, or a video shorter than the shortest segment: one segment', () => {
    expect(segmentsFromChanges([], 95.5)).toEqual([{ start: 0, end: 95.5 }]);
    expect(segmentsFromChanges([change(5, 1)], 12)).toEqual([{ start: 0, end: 12 }]);
    expect(segmentsFromChanges([], 0)).toEqual([]);
  });

  it('ignores changes outside the video', () => {
    expect(segmentsFromChanges([change(0, 1), change(-3, 1), change(60, 1), change(80, 1)], 60, { minSegmentSeconds: 1 })).toEqual([{ start: 0, end: 60 }]);
  });

  it('refuses impossible options', () => {
    expect(() => segmentsFromChanges([], Number.NaN)).toThrow(MediaError);
    expect(() => segmentsFromChanges([], 10, { maxSegments: 0 })).toThrow(/at least 1/);
    expect(() => segmentsFromChanges([], 10, { maxSegments: 2.5 })).toThrow(/whole number/);
    expect(() => segmentsFromChanges([], 10, { minSegmentSeconds: -1 })).toThrow(/0 s or more/);
  });
});

describe('parseSceneScores', () => {
  it('pairs each frame time with the score printed after it, counted from the first frame', () => {
    const text = [
      'frame:30   pts:30      pts_time:7.4',
      'lavfi.scene_score=1.000000',
      'frame:60   pts:60      pts_time:13.4',
      'lavfi.scene_score=0.943499',
      '',
    ].join('\n');
    expect(parseSceneScores(text, 1.4)).toEqual([change(6, 1), change(12, 0.943499)]);
    expect(parseSceneScores('')).toEqual([]);
  });
});
