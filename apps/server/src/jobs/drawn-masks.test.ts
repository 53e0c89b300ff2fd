import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../testing/fakes.js';
import { masksLeftToDraw, readDrawnMasks, regionOf } from './drawn-masks.js';

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

  it('the list stored beside the file is read back; without one there is nothing drawn', async () => {
    const storage = fakeStorage();
    expect(await readDrawnMasks(storage, 'videos/v/source/review/360p/masked.json')).toBeNull();
    await storage.put('videos/v/source/review/360p/masked.json', Buffer.from(JSON.stringify([regionOf(overlay)])), 'application/json');
    expect(await readDrawnMasks(storage, 'videos/v/source/review/360p/masked.json')).toEqual([{ x: 0, y: 0, width: 0.3, height: 0.1, start: 0, end: 600 }]);
  });
});
