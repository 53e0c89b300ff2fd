// The header search box's values (spec section 3 "Search state": searchValues {surgeryType,
// searchInput}), shared by the header and the pages: the landing page resets them on load to
// surgery type 1 and empty text (spec section 2); the search page sets them from its URL.
import { useSyncExternalStore } from 'react';
import { DEFAULT_SEARCH_SURGERY_TYPE } from '@ipsv/contracts/surgery-types';

export interface SearchValues {
  surgeryType: number;
  searchInput: string;
}

let values: SearchValues = { surgeryType: DEFAULT_SEARCH_SURGERY_TYPE, searchInput: '' };
const listeners = new Set<() => void>();

export function setSearchValues(next: Partial<SearchValues>): void {
  const merged = { ...values, ...next };
  if (merged.surgeryType === values.surgeryType && merged.searchInput === values.searchInput) return;
  values = merged;
  for (const listener of listeners) listener();
}

export function resetSearchValues(): void {
  setSearchValues({ surgeryType: DEFAULT_SEARCH_SURGERY_TYPE, searchInput: '' });
}

export function useSearchValues(): SearchValues {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => values,
  );
}
