// The ranges being edited with their undo/redo history and the selected range. Undo and Redo also
// answer Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere on the page except while typing.
import { useCallback, useEffect, useState } from 'react';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';
import { canRedo, canUndo, commit, createHistory, redo, undo, type EditResult, type History } from '../range-editing';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useRangeHistory(initial: () => readonly PrivacyRange[]) {
  const [history, setHistory] = useState<History<readonly PrivacyRange[]>>(() => createHistory(initial()));
  const [selected, setSelected] = useState<number | null>(null);

  /** Records an edit (a new step of the history) and selects what it says. */
  const apply = useCallback((result: EditResult) => {
    setHistory((h) => commit(h, result.ranges));
    setSelected(result.selected);
  }, []);
  const onUndo = useCallback(() => {
    setHistory(undo);
    setSelected(null);
  }, []);
  const onRedo = useCallback(() => {
    setHistory(redo);
    setSelected(null);
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
    ranges: history.present,
    selected,
    setSelected,
    apply,
    undo: onUndo,
    redo: onRedo,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  };
}

export type RangeHistory = ReturnType<typeof useRangeHistory>;
