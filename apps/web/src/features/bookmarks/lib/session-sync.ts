import type { BookmarksStore } from './bookmarks-store';

/** The part of the auth state the bookmarks follow: whose session, and whether it is ready. */
export type SessionView = { ready: boolean; userId: string | null };

type Watchable<T> = { getState: () => T; subscribe: (listener: (state: T) => void) => () => void };

/**
 * Keeps the store on the signed-in reader (reader-area §4.3): emptied when the session stops
 * being ready or the user changes, fetched `delay` ms after a session becomes ready.
 */
export function syncBookmarksWithSession<T>(
  store: BookmarksStore,
  auth: Watchable<T>,
  sessionOf: (state: T) => SessionView,
  delay: number,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = (state: T) => {
    const session = sessionOf(state);
    const wanted = session.ready ? session.userId : null;
    if (wanted === store.getState().userId) return;
    clearTimeout(timer);
    store.getState().reset(wanted);
    if (wanted) timer = setTimeout(() => void store.getState().fetch(), delay);
  };
  apply(auth.getState());
  const unsubscribe = auth.subscribe(apply);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
