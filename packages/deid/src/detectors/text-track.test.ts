import { describe, expect, it } from 'vitest';
import { overlapOfSmaller, trackBoxes, type Box, type BoxObservation } from './text-track.js';

const box = (x: number, y: number, width = 0.3, height = 0.04, score = 0.95): Box => ({ x, y, width, height, score });
/** One observation every `step` seconds from `from` to `to`, each with the boxes `at(time)` gives. */
const observe = (from: number, to: number, step: number, at: (time: number) => Box[]): BoxObservation[] => {
  const out: BoxObservation[] = [];
  for (let t = from; t <= to + 1e-9; t = Math.round((t + step) * 1000) / 1000) out.push({ time: t, boxes: at(t) });
  return out;
};

describe('trackBoxes', () => {
  it('a corner overlay present the whole video becomes one mask over the whole video, and nothing is left to cut', () => {
    // Periodic samples every 10 s; the clock's width changes a little from frame to frame.
    const obs = observe(0, 120, 10, (t) => [box(0.02, 0.02, 0.3 + (t % 20) / 1000), box(0.02, 0.07, 0.22)]);
    const { masks, transientScores, tracks } = trackBoxes(obs, { durationSeconds: 125 });
    expect(tracks.every((t) => t.kind === 'persistent')).toBe(true);
    expect(masks).toHaveLength(1);
    const [mask] = masks;
    expect(mask!.start).toBe(0);
    expect(mask!.end).toBe(125);
    // Covers both lines with a margin, stays in the frame, and no more than the corner.
    expect(mask!.x).toBeLessThan(0.005);
    expect(mask!.y).toBeLessThan(0.005);
    expect(mask!.x + mask!.width).toBeGreaterThanOrEqual(0.32);
    expect(mask!.y + mask!.height).toBeGreaterThanOrEqual(0.11);
    expect(mask!.width).toBeLessThan(0.4);
    expect(mask!.height).toBeLessThan(0.2);
    expect([...transientScores.values()].every((s) => s === 0)).toBe(true);
  });

  it('an overlay shown for a while is masked from the last frame without it to the first frame without it', () => {
    const obs = observe(0, 60, 2, (t) => (t >= 20 && t <= 40 ? [box(0.6, 0.9, 0.35, 0.05)] : []));
    const { masks } = trackBoxes(obs, { durationSeconds: 60 });
    expect(masks).toEqual([expect.objectContaining({ start: 18, end: 42 })]);
    expect(masks[0]!.y + masks[0]!.height).toBeLessThanOrEqual(1);
  });

  it('instrument print that moves from frame to frame is neither masked nor cut', () => {
    // A shaft crossing the picture: the brand name slides 0.05 of the frame every half second.
    const obs = observe(10, 20, 0.5, (t) => (t >= 12 && t <= 18 ? [box(0.1 + (t - 12) * 0.1, 0.5 + (t - 12) * 0.03, 0.15, 0.03, 0.97)] : []));
    const { masks, transientScores, tracks } = trackBoxes(obs, { durationSeconds: 30 });
    expect(masks).toEqual([]);
    expect(tracks.length).toBeGreaterThan(1);
    expect(tracks.every((t) => t.kind === 'moving')).toBe(true);
    expect(Math.max(...transientScores.values())).toBe(0);
  });

  it('short-lived text at one place is still cut: its score stays for the decision', () => {
    // A slide caption for one second, seen by two dense frames.
    const obs = observe(0, 20, 0.5, (t) => (t >= 8 && t <= 8.5 ? [box(0.3, 0.45, 0.4, 0.06, 0.93)] : []));
    const { masks, transientScores, tracks } = trackBoxes(obs, { durationSeconds: 20 });
    expect(masks).toEqual([]);
    expect(tracks).toHaveLength(1);
    expect(tracks[0]!.kind).toBe('transient');
    expect(transientScores.get(8000)).toBe(0.93);
    expect(transientScores.get(8500)).toBe(0.93);
    expect(transientScores.get(9000)).toBe(0);
  });

  it('short-lived text read as a maker’s print is followed but not left to cut; an overlay is masked whatever it reads', () => {
    // A shaft held still for a second with its print read, beside a patient line shown as briefly,
    // and a "print" that stays for the whole video at one place (masked all the same).
    const obs = observe(0, 20, 0.5, (t) => [
      box(0.05, 0.9, 0.3, 0.04, 0.96),
      ...(t >= 8 && t <= 8.5 ? [{ ...box(0.3, 0.45, 0.2, 0.04, 0.97), instrumentPrint: true }, box(0.6, 0.1, 0.3, 0.05, 0.93)] : []),
    ]);
    obs.forEach((o) => (o.boxes[0]!.instrumentPrint = true));
    const { masks, transientScores, tracks } = trackBoxes(obs, { durationSeconds: 20 });
    expect(tracks.filter((t) => t.kind === 'transient')).toHaveLength(2);
    expect(transientScores.get(8000)).toBe(0.93);
    expect(transientScores.get(9000)).toBe(0);
    expect(masks).toHaveLength(1);
    expect(masks[0]).toMatchObject({ start: 0, end: 20 });
    expect(masks[0]!.y).toBeGreaterThan(0.85);
  });

  it('an overlay and a moving print in the same frames: the overlay is masked, the print ignored, nothing cut', () => {
    const obs = observe(0, 30, 0.5, (t) => [box(0.7, 0.02, 0.28, 0.04), ...(t >= 5 && t <= 8 ? [box(0.2 + (t - 5) * 0.08, 0.6, 0.12, 0.03)] : [])]);
    const { masks, transientScores } = trackBoxes(obs, { durationSeconds: 30 });
    expect(masks).toHaveLength(1);
    expect(masks[0]!.x).toBeGreaterThan(0.6);
    expect(masks[0]).toMatchObject({ start: 0, end: 30 });
    expect(Math.max(...transientScores.values())).toBe(0);
  });

  it('two overlays in opposite corners are two masks', () => {
    const obs = observe(0, 50, 10, () => [box(0.02, 0.02, 0.25), box(0.7, 0.92, 0.28)]);
    expect(trackBoxes(obs, { durationSeconds: 50 }).masks).toHaveLength(2);
  });

  it('overlap is measured on the smaller box', () => {
    expect(overlapOfSmaller(box(0, 0, 0.2, 0.04), box(0, 0, 0.4, 0.04))).toBeCloseTo(1);
    expect(overlapOfSmaller(box(0, 0, 0.2, 0.04), box(0.5, 0.5, 0.2, 0.04))).toBe(0);
  });
});

describe('trackBoxes over a long swinging instrument', () => {
  it('a print that swings back and forth past the same places for a minute is never an overlay', () => {
    // Dense frames at 2 fps for 60 s; the print's box follows a sine, revisiting each place every ~5 s.
    const obs = observe(0, 60, 0.5, (t) => [box(0.35 + 0.25 * Math.sin(1.3 * t), 0.45 + 0.1 * Math.cos(0.9 * t), 0.12, 0.03, 0.97)]);
    const { masks, transientScores, tracks } = trackBoxes(obs, { durationSeconds: 60 });
    expect(masks).toEqual([]);
    expect(tracks.some((t) => t.kind === 'persistent')).toBe(false);
    expect(Math.max(...transientScores.values())).toBe(0);
  });
});
