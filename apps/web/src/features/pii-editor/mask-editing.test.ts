import { describe, expect, it } from 'vitest';
import type { PrivacyMask, PrivacyRange } from '@ipsv/contracts/privacy-review';
import { addMask, deleteMask, fitMask, maskFacesInstead, moveMask, normalizeMasks, resizeMask, setMaskTime, shiftMaskTime } from './mask-editing';

const mask = (over: Partial<PrivacyMask> = {}): PrivacyMask => ({
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.2,
  start: 5,
  end: 10,
  reason: 'manual',
  confidence: null,
  ...over,
});
const range = (start: number, end: number, reasons: PrivacyRange['reasons']): PrivacyRange => ({ start, end, reasons, confidence: 0.9 });

describe('mask editing', () => {
  it('adds a mask in the middle of the picture from the playhead, backwards at the very end', () => {
    expect(addMask([], 12, 60)).toEqual({
      masks: [{ x: 0.35, y: 0.35, width: 0.3, height: 0.3, start: 12, end: 22, reason: 'manual', confidence: null }],
      selected: 0,
    });
    expect(addMask([mask()], 60, 60).masks[1]).toMatchObject({ start: 50, end: 60 });
  });

  it('leaves a proposed mask the provider does not touch exactly as the analysis gave it', () => {
    // The render cuts from the copy with the proposed masks already drawn in only when the
    // confirmed ones are the same numbers: opening the editor must not shift them.
    const proposed = [
      { x: 0.0123, y: 0, width: 0.4123, height: 0.0987, start: 0, end: 600, reason: 'text' as const, confidence: 0.988 },
      { x: 0.7001, y: 0.8999, width: 0.2999, height: 0.1001, start: 12.345, end: 14.001, reason: 'text' as const, confidence: 0.5 },
    ];
    expect(normalizeMasks(proposed, 600)).toEqual(proposed);
  });

  it('moves and resizes inside the picture only', () => {
    expect(moveMask([mask()], 0, 0.5, -0.5, 60).masks[0]).toMatchObject({ x: 0.6, y: 0 });
    expect(moveMask([mask()], 0, 2, 2, 60).masks[0]).toMatchObject({ x: 0.8, y: 0.8 });
    expect(resizeMask([mask()], 0, 5, 0.1, 60).masks[0]).toMatchObject({ x: 0.1, width: 0.9, height: 0.3 });
    expect(resizeMask([mask()], 0, -1, -1, 60).masks[0]).toMatchObject({ width: 0.01, height: 0.01 });
  });

  it('keeps the time range inside the video and at least 0.1 s long', () => {
    expect(setMaskTime([mask()], 0, 'start', 12, 60).masks[0]).toMatchObject({ start: 9.9, end: 10 });
    expect(setMaskTime([mask()], 0, 'end', 99, 60).masks[0]).toMatchObject({ start: 5, end: 60 });
    expect(shiftMaskTime([mask()], 0, 100, 60).masks[0]).toMatchObject({ start: 55, end: 60 });
    expect(shiftMaskTime([mask()], 0, -100, 60).masks[0]).toMatchObject({ start: 0, end: 5 });
    expect(fitMask(mask({ start: 70, end: 80 }), 60)).toBeNull();
    expect(deleteMask([mask(), mask({ x: 0.5 })], 0)).toEqual({ masks: [mask({ x: 0.5 })], selected: null });
  });

  it('masks faces in an inset instead of cutting: face-only ranges they cover go, the mask spans them; other ranges stay', () => {
    const face = mask({ x: 0.7, start: 21, end: 23, reason: 'face', confidence: 0.9 });
    const ranges = [range(0, 4, ['out_of_body']), range(20, 25, ['face']), range(40, 45, ['face', 'out_of_body'])];
    const result = maskFacesInstead(ranges, [], [face], 60);
    expect(result.ranges).toEqual([ranges[0], ranges[2]]);
    expect(result.masks).toEqual([{ ...face, start: 20, end: 25 }]);
    // Nothing left to do the second time.
    const again = maskFacesInstead(result.ranges, result.masks, [face], 60);
    expect(again.ranges).toBe(result.ranges);
    expect(again.masks).toBe(result.masks);
  });
});
