import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's search parameters and a function that changes some of them, keeping the rest.
 *
 * React Router hands `setSearchParams(fn)` the parameters of the last render, so two changes made
 * before the page draws again (a filter typed and Enter pressed, then a select changed at once)
 * would lose the first. The address bar is already updated by then: each change starts from it.
 */
export function useSearchParamsPatch() {
  const [params, setParams] = useSearchParams();
  const patch = useCallback(
    (changes: Record<string, string | null | undefined>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setParams(next);
    },
    [setParams],
  );
  return [params, patch] as const;
}
