// 'AI Analysis': asks for segment boundaries, then lists them until each is accepted (it becomes a
// row) or the list is discarded.
import { useState } from 'react';
import { useSuggestSegments, type Suggestion } from '../api/suggest-segments';

export function useSegmentSuggestions(videoId: string, onAccept: (chosen: Suggestion[]) => void) {
  const suggest = useSuggestSegments(videoId);
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  return {
    suggestions,
    pending: suggest.isPending,
    error: suggest.error,
    run: () => suggest.mutate(undefined, { onSuccess: (answer) => setSuggestions(answer.segments) }),
    accept: (chosen: Suggestion[]) => {
      onAccept(chosen);
      const rest = (suggestions ?? []).filter((s) => !chosen.includes(s));
      setSuggestions(rest.length ? rest : null);
    },
    discard: () => setSuggestions(null),
  };
}

export type SegmentSuggestions = ReturnType<typeof useSegmentSuggestions>;
