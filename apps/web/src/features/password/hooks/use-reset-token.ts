import { useEffect, useLayoutEffect, useState } from 'react';
import { readResetToken } from '../lib/reset-token';

/**
 * The token of the reset link this page was opened with, or of a link pasted into the address
 * bar while it is open (a change of the hash only, so the page is not loaded again). It is taken
 * out of the address bar with history.replaceState, so it neither lingers in the history nor
 * travels on.
 */
export function useResetToken(): string | null {
  const [{ token, cleanUrl }, setLink] = useState(() => readResetToken(window.location));
  useLayoutEffect(() => {
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (token !== null && current !== cleanUrl) window.history.replaceState(window.history.state, '', cleanUrl);
  }, [token, cleanUrl]);
  useEffect(() => {
    const onHashChange = () => {
      const next = readResetToken(window.location);
      if (next.token !== null) setLink(next);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return token;
}
