import { TIMINGS } from '@maktaba/shared/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { type AuthStore, useAuthStore } from '../../../lib/auth/use-auth';
import { bookmarkKeys } from '../lib/query-keys';
import { type BookmarksSession, type SessionView, syncBookmarksWithSession } from '../lib/session-sync';

export const sessionOf = (auth: AuthStore): SessionView => ({
  ready: auth.isInitialized && auth.isAuthenticated && auth.profileComplete && auth.user !== null,
  userId: auth.user?.id ?? null,
});

let sync: ReturnType<typeof syncBookmarksWithSession> | undefined;
let queryClient: QueryClient | undefined;

/** The one session follower of the app, started the first time a component asks for the bookmarks. */
function bookmarksSession(client: QueryClient) {
  queryClient = client;
  sync ??= syncBookmarksWithSession(useAuthStore, sessionOf, TIMINGS.bookmarksFetchDelay, () => {
    // Another reader, or none: what was loaded (and what is still on its way) is not theirs.
    queryClient?.removeQueries({ queryKey: bookmarkKeys.all });
  });
  return sync.session;
}

/** Whose bookmarks the app shows now, and whether they may be fetched yet. */
export function useBookmarksSession(): BookmarksSession {
  return useStore(bookmarksSession(useQueryClient()));
}

/** The session as it is now, for a change that finishes after the reader may have changed. */
export function currentBookmarksSession(): BookmarksSession {
  return sync?.session.getState() ?? { userId: null, canFetch: false, generation: 0 };
}
