import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchState, type SearchState, searchStateString } from '../lib/search-state';

/**
 * The /search state from the address, and a way to change it: each change is a new history
 * entry, so back and forward step through the reader's searches.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const setState = useCallback((next: SearchState) => setParams(searchStateString(next)), [setParams]);
  const hrefFor = useCallback((next: SearchState) => `?${searchStateString(next)}`, []);
  return { state, setState, hrefFor };
}
