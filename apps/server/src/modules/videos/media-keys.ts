// Where a video's files live in storage. Everything derived from the original sits under
// videos/<id>/: `source/` (owner-only: thumbnail candidates, filmstrip, review proxy) and one
// folder per rendered version, `v<n>/`, which is what viewers' signed URLs cover.
import os from 'node:os';
import path from 'node:path';

export const mediaKeys = (id: string) => {
  const root = `videos/${id}`;
  const source = `${root}/source`;
  return {
    root,
    source,
    candidate: (index: number) => `${source}/thumbnail-${index + 1}.jpg`,
    filmstripSprite: `${source}/filmstrip.jpg`,
    filmstripVtt: `${source}/filmstrip.vtt`,
    /**
     * The standard-definition rendition of the whole original, revealing frames included (so it is
     * quarantined with the original): the review's copy of a source browsers cannot play, and the
     * speculative SD that publication cuts the confirmed ranges from.
     */
    reviewProxy: `${source}/review/360p/video.mp4`,
    /**
     * Copies of the speculative SD with masks drawn in (the analysis's proposal, or the owner's draft
     * of the review), quarantined like it and named by their masks (drawn-masks.ts maskedCopyKey);
     * the list (JSON) names the complete one and the masks it carries: publication cuts from it when
     * they were all confirmed.
     */
    reviewMaskedPrefix: `${source}/review/360p/masked-`,
    reviewMaskedList: `${source}/review/360p/masked.json`,
    uploadedThumbnail: `${root}/thumbnail-upload.jpg`,
    version: (n: number) => `${root}/v${n}`,
    /** Scratch space of the worker (a local folder, never storage). */
    tempDir: path.join(os.tmpdir(), 'ipsv-work', id),
  };
};
