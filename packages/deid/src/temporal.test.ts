import { describe, expect, it } from 'vitest';
import { type Reason } from './detector.js';
import { decideRanges, type Sample } from './temporal.js';

const s = (time: number, score: number, reason: Reason = 'out_of_body'): Sample => ({ time, score, reason, scores: { [reason]: score } });
const options = { threshold: 0.5, marginSeconds: 1, mergeGapSeconds: 2, durationSeconds: 60 };

describe('decideRanges', () => {
  it('keeps everything when nothing is flagged, and for no samples at all', () => {
    expect(decideRanges([s(0, 0.1), s(10, 0.2), s(20, 0)], options)).toEqual([]);
    expect(decideRanges([], options)).toEqual([]);
  });

  it('removes from the last safe sample to the next safe sample, plus the margin', () => {
    expect(decideRanges([s(0, 0), s(10, 0.1), s(10.2, 0.9), s(10.4, 0.95), s(10.6, 0.1), s(20, 0)], options)).toEqual([
      { start: 9, end: 11.6, reasons: ['out_of_body'], confidence: 0.95 },
    ]);
  });

  it('a single flagged frame is removed too (no smoothing ever un-removes)', () => {
    expect(decideRanges([s(5, 0), s(5.2, 0.51), s(5.4, 0)], options)).toEqual([{ start: 4, end: 6.4, reasons: ['out_of_body'], confidence: 0.51 }]);
  });

  it('a flagged sample at either end removes to the end of the video', () => {
    expect(decideRanges([s(0, 0.9), s(3, 0), s(50, 0), s(55, 0.8)], options)).toEqual([
      { start: 0, end: 4, reasons: ['out_of_body'], confidence: 0.9 },
      { start: 49, end: 60, reasons: ['out_of_body'], confidence: 0.8 },
    ]);
  });

  it('merges ranges closer than the gap, so the result does not flicker', () => {
    const flicker = [s(10, 0), s(10.2, 0.9), s(10.4, 0), s(11.4, 0), s(11.6, 0.7, 'face'), s(11.8, 0), s(30, 0), s(30.2, 0.6, 'text'), s(30.4, 0)];
    expect(decideRanges(flicker, options)).toEqual([
      { start: 9, end: 12.8, reasons: ['face', 'out_of_body'], confidence: 0.9 },
      { start: 29, end: 31.4, reasons: ['text'], confidence: 0.6 },
    ]);
  });

  it('margin and merge gap are configurable; zero margin removes exactly the unsafe span', () => {
    expect(decideRanges([s(1, 0), s(2, 0.9), s(3, 0)], { ...options, marginSeconds: 0 })).toEqual([
      { start: 1, end: 3, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
    expect(decideRanges([s(1, 0), s(2, 0.9), s(3, 0)], { ...options, marginSeconds: 2.5 })).toEqual([
      { start: 0, end: 5.5, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
    expect(() => decideRanges([], { ...options, marginSeconds: -1 })).toThrow('zero or more');
  });

  it('records every detector that flagged a frame, not only the strongest', () => {
    const both: Sample = { time: 4, score: 0.8, reason: 'face', scores: { out_of_body: 0.6, face: 0.8 } };
    expect(decideRanges([s(3, 0), both, s(5, 0)], options)[0]!.reasons).toEqual(['face', 'out_of_body']);
  });

  it('samples out of order are sorted first', () => {
    expect(decideRanges([s(20, 0), s(10, 0.9), s(0, 0)], options)).toEqual([{ start: 0, end: 21, reasons: ['out_of_body'], confidence: 0.9 }]);
  });

  it('smoothing removes single-frame flicker: one kept frame inside a withdrawal does not split it', () => {
    const flicker = [s(0, 0), s(1, 0.9), s(1.2, 0.05), s(1.4, 0.9), s(1.6, 0.9), s(2, 0), s(10, 0)];
    expect(decideRanges(flicker, { ...options, marginSeconds: 0, mergeGapSeconds: 0 })).toEqual([
      { start: 0, end: 2, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
  });

  it('hysteresis: a removal grows over uncertain neighbours on both sides, but not over safe ones', () => {
    // threshold 0.5, release 0.25 by default: 0.3 and 0.4 are uncertain, 0.1 is safe.
    const withdrawal = [s(0, 0.1), s(1, 0.3), s(2, 0.4), s(3, 0.9), s(4, 0.3), s(5, 0.1), s(6, 0.3), s(20, 0.1)];
    expect(decideRanges(withdrawal, { ...options, marginSeconds: 0, mergeGapSeconds: 0 })).toEqual([
      { start: 0, end: 5, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
    // Uncertain frames alone remove nothing.
    expect(decideRanges([s(0, 0.1), s(1, 0.45), s(2, 0.1)], options)).toEqual([]);
    // With the release at the threshold the hysteresis is off.
    expect(decideRanges(withdrawal, { ...options, releaseThreshold: 0.5, marginSeconds: 0, mergeGapSeconds: 0 })).toEqual([
      { start: 2, end: 4, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
    expect(() => decideRanges([], { ...options, releaseThreshold: 0.6 })).toThrow('between 0 and the threshold');
  });

  it('the reasons of a range come only from frames that reached the threshold', () => {
    const faceNearby: Sample = { time: 2, score: 0.4, reason: 'face', scores: { out_of_body: 0.1, face: 0.4 } };
    expect(decideRanges([s(0, 0), faceNearby, s(3, 0.9), s(4, 0)], options)[0]!.reasons).toEqual(['out_of_body']);
  });

  it('clamps every range to [0, duration], also for frames stamped past the probed duration', () => {
    expect(decideRanges([s(0, 0), s(59, 0), s(59.5, 0.9), s(60.2, 0.9)], options)).toEqual([{ start: 58, end: 60, reasons: ['out_of_body'], confidence: 0.9 }]);
    expect(decideRanges([s(0.2, 0.9), s(1, 0)], { ...options, marginSeconds: 5 })).toEqual([{ start: 0, end: 6, reasons: ['out_of_body'], confidence: 0.9 }]);
    expect(decideRanges([s(0, 0.9)], { ...options, durationSeconds: 0 })).toEqual([{ start: 0, end: 0, reasons: ['out_of_body'], confidence: 0.9 }]);
  });

  it('ranges just further apart than the merge gap stay apart', () => {
    const two = [s(0, 0), s(4, 0), s(5, 0.9), s(6, 0), s(9.1, 0), s(10, 0.9), s(11, 0)];
    // [3, 7] and [8.1, 12]: 1.1 s apart, merged with a 2 s gap, kept apart with a 1 s gap.
    expect(decideRanges(two, options)).toHaveLength(1);
    expect(decideRanges(two, { ...options, mergeGapSeconds: 1 })).toEqual([
      { start: 3, end: 7, reasons: ['out_of_body'], confidence: 0.9 },
      { start: 8.1, end: 12, reasons: ['out_of_body'], confidence: 0.9 },
    ]);
  });
});
