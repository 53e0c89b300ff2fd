import { describe, expect, it } from 'vitest';
import { contentTypeOf, parseRange } from './media.routes.js';

describe('parseRange', () => {
  it('reads single byte ranges, open-ended and suffix ones, clamped to the size', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses what it cannot satisfy or read', () => {
    for (const header of ['bytes=100-', 'bytes=9-1', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=abc']) {
      expect(parseRange(header, 100), header).toBe('invalid');
    }
  });
});

describe('contentTypeOf', () => {
  it('names what players and browsers need', () => {
    expect(contentTypeOf('videos/v/v1/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(contentTypeOf('videos/v/v1/360p/segment-00001.m4s')).toBe('video/iso.segment');
    expect(contentTypeOf('uploads/v')).toBe('application/octet-stream');
  });
});
