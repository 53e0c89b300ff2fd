// The speculative SD can carry the analysis's proposed masks already drawn in (job
// video-speculative-sd), so that a provider who confirms them as proposed, typically a tower
// overlay over the whole recording, publishes by GOP copy in seconds instead of waiting for every
// masked second to be encoded again after the click. A pixel drawn over cannot be uncovered, so
// that file serves only a confirmation that kept every mask it carries.
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';
import type { Storage } from '../platform/storage/storage.js';

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

/** The masks a stored file carries, from the list stored beside it; null without one. */
export async function readDrawnMasks(storage: Storage, key: string): Promise<MaskRegion[] | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const list: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (!Array.isArray(list)) return null;
  return list.map((item) => regionOf(item as MaskRegion));
}
