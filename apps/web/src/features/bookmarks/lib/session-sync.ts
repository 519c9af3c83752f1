import { createStore, type StoreApi } from 'zustand/vanilla';

/** The part of the auth state the bookmarks follow: whose session, and whether it is ready. */
export type SessionView = { ready: boolean; userId: string | null };

/**
 * Whose bookmarks to show (null: nobody's), whether they may be fetched yet, and which session
 * this is (a change that finishes in a later one is dropped).
 */
export type BookmarksSession = { userId: string | null; canFetch: boolean; generation: number };

type Watchable<T> = { getState: () => T; subscribe: (listener: (state: T) => void) => () => void };

/**
 * Follows the signed-in reader (reader-area §4.3): the bookmarks of the previous one are emptied
 * (`onChange`) as soon as the session stops being ready or the user changes, and fetching the new
 * one's waits `delay` ms after the session becomes ready.
 */
export function syncBookmarksWithSession<T>(
  auth: Watchable<T>,
  sessionOf: (state: T) => SessionView,
  delay: number,
  onChange: (userId: string | null) => void,
): { session: StoreApi<BookmarksSession>; stop: () => void } {
  const session = createStore<BookmarksSession>()(() => ({ userId: null, canFetch: false, generation: 0 }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const apply = (state: T) => {
    const view = sessionOf(state);
    const wanted = view.ready ? view.userId : null;
    if (wanted === session.getState().userId) return;
    clearTimeout(timer);
    session.setState((current) => ({ userId: wanted, canFetch: false, generation: current.generation + 1 }));
    onChange(wanted);
    if (wanted) timer = setTimeout(() => session.setState({ canFetch: true }), delay);
  };
  apply(auth.getState());
  const unsubscribe = auth.subscribe(apply);
  return {
    session,
    stop: () => {
      unsubscribe();
      clearTimeout(timer);
    },
  };
}
