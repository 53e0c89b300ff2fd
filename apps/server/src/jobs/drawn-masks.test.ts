import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../testing/fakes.js';
import { masksLeftToDraw, regionOf, sameRegions } from '../modules/videos/mask-regions.js';
import { maskedCopyKey, readDrawnMasks } from './drawn-masks.js';

const overlay = { x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 600, reason: 'text' as const, confidence: 0.97 };
const face = { x: 0.7, y: 0.7, width: 0.2, height: 0.2, start: 12, end: 15, reason: 'face' as const, confidence: 0.8 };
const manual = { x: 0.4, y: 0.4, width: 0.1, height: 0.1, start: 30, end: 31, reason: 'manual' as const, confidence: null };

describe('masks already drawn into a file', () => {
  it('a file carrying exactly the confirmed masks needs none drawn again', () => {
    expect(masksLeftToDraw([regionOf(overlay), regionOf(face)], [face, overlay])).toEqual([]);
  });

  it('masks the provider added are the only ones left to draw', () => {
    expect(masksLeftToDraw([regionOf(overlay)], [overlay, manual])).toEqual([manual]);
  });

  it('a drawn mask the provider moved, resized, shortened or deleted makes the file unusable', () => {
    expect(masksLeftToDraw([regionOf(overlay), regionOf(face)], [overlay])).toBeNull();
    expect(masksLeftToDraw([regionOf(overlay)], [{ ...overlay, x: 0.01 }])).toBeNull();
    expect(masksLeftToDraw([regionOf(overlay)], [{ ...overlay, width: 0.25 }])).toBeNull();
    expect(masksLeftToDraw([regionOf(overlay)], [{ ...overlay, end: 300 }])).toBeNull();
  });

  it('each confirmed mask accounts for one drawn mask only', () => {
    expect(masksLeftToDraw([regionOf(face), regionOf(face)], [face])).toBeNull();
    expect(masksLeftToDraw([regionOf(face)], [face, face])).toEqual([face]);
  });

  it('two lists cover the same only with the same regions, in any order', () => {
    expect(sameRegions([regionOf(overlay), regionOf(face)], [face, overlay])).toBe(true);
    expect(sameRegions([regionOf(overlay)], [overlay, manual])).toBe(false);
    expect(sameRegions([regionOf(overlay), regionOf(face)], [overlay])).toBe(false);
    expect(sameRegions([], [])).toBe(true);
  });

  it('a copy is named by its masks: other masks, another file; the same masks, the same file', () => {
    const prefix = 'videos/v/source/review/360p/masked-';
    expect(maskedCopyKey(prefix, [overlay])).toMatch(/^videos\/v\/source\/review\/360p\/masked-[0-9a-f]{16}\.mp4$/);
    expect(maskedCopyKey(prefix, [regionOf(overlay)])).toBe(maskedCopyKey(prefix, [overlay]));
    expect(maskedCopyKey(prefix, [{ ...overlay, width: 0.31 }])).not.toBe(maskedCopyKey(prefix, [overlay]));
  });

  it('the list stored beside the copies is read back with the file it names; without one, or in an older form, there is nothing drawn', async () => {
    const storage = fakeStorage();
    const list = 'videos/v/source/review/360p/masked.json';
    expect(await readDrawnMasks(storage, list)).toBeNull();
    await storage.put(list, Buffer.from(JSON.stringify([regionOf(overlay)])), 'application/json');
    expect(await readDrawnMasks(storage, list)).toBeNull();
    const key = maskedCopyKey('videos/v/source/review/360p/masked-', [overlay]);
    await storage.put(list, Buffer.from(JSON.stringify({ key, masks: [overlay] })), 'application/json');
    expect(await readDrawnMasks(storage, list)).toEqual({ key, masks: [{ x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 600 }] });
  });
});
