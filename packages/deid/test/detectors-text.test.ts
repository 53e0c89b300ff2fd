// The burned-in text detector with its real model (PP-OCRv4 detection on onnxruntime-node): a
// patient overlay drawn with ffmpeg onto an endoscopic frame scores high and is boxed where it was
// drawn; the same frames without it, wet tissue with its highlights, score low. A maker's print on a
// shaft is read as such and does not count; patient lines are never read as print.
import { afterAll, describe, expect, it } from 'vitest';
import { type Frame } from '@ipsv/media/frame';
import { TextDetector } from '../src/detectors/text-detector.js';
import { devSet, readFrame, spread } from './detector-frames.js';
import { findFont, OVERLAYS, readFrameWithOverlay } from './detector-overlay.js';

const dev = devSet();
const font = findFont();
const inside = dev.filter((d) => d.label === 'inside');

describe.skipIf(dev.length === 0 || !font)('text detector on dev frames with drawn overlays', () => {
  const detector = new TextDetector();
  afterAll(() => detector.close());

  it('scores overlay lines high at the sizes the sampler produces, and low without them', async () => {
    const base = inside[100]!.file;
    for (const width of [320, 640]) {
      const clean = await readFrame(base, { width });
      const stamped = await Promise.all(OVERLAYS.map((o) => readFrameWithOverlay(base, font!, o, width)));
      const [cleanScore, ...scores] = await detector.score([clean, ...stamped]);
      expect(cleanScore, `clean frame at ${width} px`).toBeLessThan(0.5);
      for (const [i, s] of scores.entries()) expect(s, `${OVERLAYS[i]!.text} at ${width} px`).toBeGreaterThan(0.8);
    }
  });

  it('boxes the overlay where it was drawn: a wide line along the top edge', async () => {
    const frame = await readFrameWithOverlay(inside[200]!.file, font!, OVERLAYS[0]!, 640);
    const [boxes] = await detector.detect([frame]);
    const top = boxes!.filter((b) => b.y < 0.15);
    expect(top.length).toBeGreaterThan(0);
    const union = { x0: Math.min(...top.map((b) => b.x)), x1: Math.max(...top.map((b) => b.x + b.width)) };
    expect(union.x0).toBeLessThan(0.05);
    expect(union.x1 - union.x0).toBeGreaterThan(0.4);
  });

  it('keeps endoscopic frames low (sample of 30) and finds the overlay on each of them', async () => {
    const sample = spread(inside, 30);
    const clean = await Promise.all(sample.map((d) => readFrame(d.file)));
    const stamped = await Promise.all(sample.map((d, i) => readFrameWithOverlay(d.file, font!, OVERLAYS[i % OVERLAYS.length]!)));
    const cleanScores = await detector.score(clean);
    const stampedScores = await detector.score(stamped);
    expect(cleanScores.filter((s) => s >= 0.5).length).toBeLessThanOrEqual(1);
    expect(stampedScores.filter((s) => s >= 0.5).length).toBeGreaterThanOrEqual(28);
  });

  it("reads a maker's print on a grey shaft as instrument print, which does not score, and patient lines as text", async () => {
    // Upside down: the shaft rolled half a turn (the whole picture is turned here).
    const shaft = (text: string, upsideDown = false) =>
      readFrame(inside[150]!.file, {
        filter: `scale=640:-2,drawtext=fontfile='${font}':text='${text}':fontcolor=white:fontsize=24:x=220:y=300:box=1:boxcolor=gray:boxborderw=10${upsideDown ? ',hflip,vflip' : ''}`,
      });
    const frames = await Promise.all([
      shaft('Harmonic ACE'),
      shaft('COVIDIEN LigaSure'),
      shaft('DOE JOHN'),
      shaft('KARL STORZ', true),
      shaft('DOE JOHN', true),
    ]);
    const found = await detector.detect(frames);
    const strong = found.map((boxes) => boxes.filter((b) => b.score >= 0.9 && b.y > 0.35 && b.y < 0.65));
    for (const [i, boxes] of strong.entries()) expect(boxes.length, `line ${i} found`).toBeGreaterThan(0);
    expect(strong[0]!.every((b) => b.instrumentPrint)).toBe(true);
    expect(strong[1]!.every((b) => b.instrumentPrint)).toBe(true);
    expect(strong[2]!.some((b) => b.instrumentPrint)).toBe(false);
    expect(strong[3]!.every((b) => b.instrumentPrint)).toBe(true);
    expect(strong[4]!.some((b) => b.instrumentPrint)).toBe(false);
    const [harmonic, , patient] = await detector.score(frames);
    expect(harmonic).toBeLessThan(0.9);
    expect(patient).toBeGreaterThan(0.9);

    // The drawn tower overlays: found, and none of their lines read as print.
    const stamped = await Promise.all(OVERLAYS.map((o) => readFrameWithOverlay(inside[150]!.file, font!, o, 640)));
    for (const [i, boxes] of (await detector.detect(stamped)).entries()) {
      expect(boxes.filter((b) => b.score >= 0.9).length, OVERLAYS[i]!.text).toBeGreaterThan(0);
      expect(
        boxes.some((b) => b.instrumentPrint),
        OVERLAYS[i]!.text,
      ).toBe(false);
    }
  });

  it('returns one score per frame and rejects a malformed frame', async () => {
    const blank: Frame = { time: 0, width: 320, height: 180, data: new Uint8Array(320 * 180 * 3), keyframe: true };
    expect(await detector.score([blank, blank])).toEqual([0, 0]);
    await expect(detector.score([{ ...blank, data: new Uint8Array(3) }])).rejects.toThrow(/bytes/);
  });
});
