import { useLayoutEffect, useState } from 'react';
import { readResetToken } from '../lib/reset-token';

/**
 * The token of the reset link this page was opened with. It is read once, then taken out of the
 * address bar with history.replaceState, so it neither lingers in the history nor travels on.
 */
export function useResetToken(): string | null {
  const [{ token, cleanUrl }] = useState(() => readResetToken(window.location));
  useLayoutEffect(() => {
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (token !== null && current !== cleanUrl) window.history.replaceState(window.history.state, '', cleanUrl);
  }, [token, cleanUrl]);
  return token;
}
