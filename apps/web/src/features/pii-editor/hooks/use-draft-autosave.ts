// Saves the review in progress as a draft a moment after each edit (and at once when the page is
// hidden), while the edits are valid; says where that stands. The review query's cached answer
// is kept in step, so coming back to the editor in this tab starts from the draft too.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { confirmReviewInputSchema } from '@ipsv/contracts/privacy-review';
import { reviewQuery } from '../api/get-review';
import { saveDraft } from '../api/save-draft';
import type { ReviewEdits } from './use-range-history';

/** How long after the last edit the draft is saved. */
export const DRAFT_DELAY_MS = 1500;

export type DraftState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; savedAt: string } | { status: 'failed' };

export function useDraftAutosave(videoId: string, ranges: ReviewEdits['ranges'], masks: ReviewEdits['masks'], valid: boolean) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftState>({ status: 'idle' });
  // The edits the editor opened with, then the last ones saved: nothing to save while they stand.
  const saved = useRef<ReviewEdits>({ ranges, masks });
  const pending = useRef<ReviewEdits | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  // Bumped when saving drafts resumes, so the edits made meanwhile are saved.
  const [generation, setGeneration] = useState(0);

  const save = useCallback(
    (next: ReviewEdits, keepalive = false) => {
      pending.current = null;
      const body = confirmReviewInputSchema.safeParse({ ranges: next.ranges, masks: next.masks });
      if (!body.success) return;
      const edits = body.data;
      setState({ status: 'saving' });
      // One request at a time, in order: the server keeps the last it receives.
      const request = (inFlight.current ?? Promise.resolve())
        .then(() => saveDraft(videoId, edits, keepalive))
        .then(
          (draft) => {
            saved.current = next;
            queryClient.setQueryData(reviewQuery(videoId).queryKey, (review: PrivacyReview | undefined) => review && { ...review, draft });
            if (!stopped.current) setState({ status: 'saved', savedAt: draft.savedAt });
          },
          () => {
            if (!stopped.current) setState({ status: 'failed' });
          },
        );
      inFlight.current = request;
    },
    [videoId, queryClient],
  );

  useEffect(() => {
    if (stopped.current || !valid || (ranges === saved.current.ranges && masks === saved.current.masks)) {
      pending.current = null;
      return;
    }
    const next = { ranges, masks };
    pending.current = next;
    const timer = setTimeout(() => save(next), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ranges, masks, valid, save, generation]);

  // Leaving the page (tab closed, another site) with an edit not saved yet: saved on the way out.
  useEffect(() => {
    const flush = () => {
      if (pending.current && !stopped.current) save(pending.current, true);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  /**
   * Save confirms the review: no draft is saved after it, and one on its way arrives first (a draft
   * newer than the confirmation would come back as unsaved edits).
   */
  const stop = useCallback(async () => {
    stopped.current = true;
    pending.current = null;
    await inFlight.current;
  }, []);
  /** Save was refused: edits go on being saved as drafts. */
  const resume = useCallback(() => {
    stopped.current = false;
    setGeneration((n) => n + 1);
  }, []);

  return { state, stop, resume };
}
