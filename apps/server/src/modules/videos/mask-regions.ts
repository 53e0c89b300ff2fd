// Mask rectangles compared by where and when they cover (their reason and confidence aside): which
// masks a copy with some already drawn in still needs, and whether two lists cover the same.
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';

export type MaskRegion = Pick<PrivacyMask, 'x' | 'y' | 'width' | 'height' | 'start' | 'end'>;

const FIELDS = ['x', 'y', 'width', 'height', 'start', 'end'] as const;
const sameRegion = (a: MaskRegion, b: MaskRegion) => FIELDS.every((field) => Math.abs(a[field] - b[field]) < 1e-6);

/** Where and when a mask covers, without its reason and confidence (what a file carries). */
export const regionOf = (mask: MaskRegion): MaskRegion => Object.fromEntries(FIELDS.map((field) => [field, mask[field]])) as MaskRegion;

/**
 * The confirmed masks still to draw over a file that already carries `drawn`, or null when one of
 * `drawn` was not confirmed (moved, resized or deleted in the review): that file cannot be used.
 */
export function masksLeftToDraw<T extends MaskRegion>(drawn: readonly MaskRegion[], confirmed: readonly T[]): T[] | null {
  const left = [...confirmed];
  for (const region of drawn) {
    const index = left.findIndex((mask) => sameRegion(mask, region));
    if (index < 0) return null;
    left.splice(index, 1);
  }
  return left;
}

/** The same regions, in any order (each one once per time it appears). */
export const sameRegions = (a: readonly MaskRegion[], b: readonly MaskRegion[]): boolean => a.length === b.length && masksLeftToDraw(a, b)?.length === 0;
