// The speculative SD can carry masks already drawn in (job video-speculative-sd): the analysis's
// proposal, or the masks of the owner's review draft as they edit, so that a provider who confirms
// them, typically a tower overlay over the whole recording, publishes by GOP copy in seconds instead
// of waiting for every masked second to be encoded again after the click. A pixel drawn over cannot
// be uncovered, so such a copy serves only a confirmation that kept every mask it carries.
import { createHash } from 'node:crypto';
import type { Storage } from '../platform/storage/storage.js';
import { regionOf, type MaskRegion } from '../modules/videos/mask-regions.js';
import { mediaKeys } from '../modules/videos/media-keys.js';

/** What the list beside the masked copies says: which file is complete and which masks it carries. */
export interface DrawnCopy {
  key: string;
  masks: MaskRegion[];
}

/**
 * Where the copy carrying `masks` is stored: named by its masks, so that a copy drawn again for other
 * masks never replaces a file a render may be reading, and the list cannot name a file whose
 * content changed after the list was read.
 */
export function maskedCopyKey(prefix: string, masks: readonly MaskRegion[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(masks.map(regionOf)))
    .digest('hex')
    .slice(0, 16);
  return `${prefix}${digest}.mp4`;
}

/** The masked copy the list stored at `key` names, with the masks it carries; null without one. */
export async function readDrawnMasks(storage: Storage, key: string): Promise<DrawnCopy | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const list = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<DrawnCopy> | null;
  if (!list || typeof list.key !== 'string' || !Array.isArray(list.masks)) return null;
  return { key: list.key, masks: list.masks.map((item) => regionOf(item)) };
}

/** Every masked copy of the speculative SD and the list naming one (they show what the review removes). */
export async function deleteMaskedCopies(storage: Storage, videoId: string): Promise<void> {
  const keys = mediaKeys(videoId);
  await storage.delete(keys.reviewMaskedList);
  // list() takes a folder.
  const folder = keys.reviewMaskedPrefix.slice(0, keys.reviewMaskedPrefix.lastIndexOf('/'));
  for (const key of await storage.list(folder)) if (key.startsWith(keys.reviewMaskedPrefix)) await storage.delete(key);
}
