// The ranges and masks being edited with their one undo/redo history (an edit of either is one
// step), the selected range and the selected mask. Undo and Redo also answer Ctrl+Z /
// Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page except while typing.
import { useCallback, useEffect, useState } from 'react';
import type { PrivacyMask, PrivacyRange } from '@ipsv/contracts/privacy-review';
import type { MaskEditResult } from '../mask-editing';
import { canRedo, canUndo, commit, createHistory, redo, undo, type EditResult, type History } from '../range-editing';

/** What one step of the history holds. */
export interface ReviewEdits {
  ranges: readonly PrivacyRange[];
  masks: readonly PrivacyMask[];
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useRangeHistory(initial: () => ReviewEdits) {
  const [history, setHistory] = useState<History<ReviewEdits>>(() => createHistory(initial()));
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedMask, setSelectedMask] = useState<number | null>(null);

  /** Records an edit of the ranges (a new step of the history) and selects what it says. */
  const apply = useCallback((result: EditResult) => {
    setHistory((h) => (result.ranges === h.present.ranges ? h : commit(h, { ...h.present, ranges: result.ranges })));
    setSelected(result.selected);
  }, []);
  /** Records an edit of the masks and selects what it says. */
  const applyMasks = useCallback((result: MaskEditResult) => {
    setHistory((h) => (result.masks === h.present.masks ? h : commit(h, { ...h.present, masks: result.masks })));
    setSelectedMask(result.selected);
  }, []);
  /** Records an edit of both at once (one step). */
  const applyBoth = useCallback((edits: ReviewEdits) => {
    setHistory((h) => (edits.ranges === h.present.ranges && edits.masks === h.present.masks ? h : commit(h, edits)));
    setSelected(null);
    setSelectedMask(null);
  }, []);
  const onUndo = useCallback(() => {
    setHistory(undo);
    setSelected(null);
    setSelectedMask(null);
  }, []);
  const onRedo = useCallback(() => {
    setHistory(redo);
    setSelected(null);
    setSelectedMask(null);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        onUndo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        onRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo, onRedo]);

  return {
    ranges: history.present.ranges,
    masks: history.present.masks,
    selected,
    setSelected,
    selectedMask,
    setSelectedMask,
    apply,
    applyMasks,
    applyBoth,
    undo: onUndo,
    redo: onRedo,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  };
}

export type RangeHistory = ReturnType<typeof useRangeHistory>;
