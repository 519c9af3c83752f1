import { TIMINGS } from '@maktaba/shared/constants';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useStore } from 'zustand';
import { type AuthStore, useAuthStore } from '../../../lib/auth/use-auth';
import { i18n } from '../../../lib/i18n';
import { shelfKeys } from '../../../lib/shelf-keys';
import { addBookmark } from '../api/add-bookmark';
import { getBookmarkedIds } from '../api/get-bookmarked-ids';
import { getBookmarks } from '../api/get-bookmarks';
import { removeBookmark, removeBookmarkByBook } from '../api/remove-bookmark';
import {
  type BookmarkNotice,
  type BookmarksActions,
  type BookmarksState,
  type BookmarksStore,
  createBookmarksStore,
} from '../lib/bookmarks-store';
import { type SessionView, syncBookmarksWithSession } from '../lib/session-sync';

const NOTICES: Record<BookmarkNotice, () => void> = {
  added: () => toast.success(i18n.t('bookmarks.toast.added')),
  removed: () => toast.success(i18n.t('bookmarks.toast.removed')),
  addFailed: () => toast.error(i18n.t('bookmarks.errors.add')),
  removeFailed: () => toast.error(i18n.t('bookmarks.errors.remove')),
};

export const sessionOf = (auth: AuthStore): SessionView => ({
  ready: auth.isInitialized && auth.isAuthenticated && auth.profileComplete && auth.user !== null,
  userId: auth.user?.id ?? null,
});

let store: BookmarksStore | undefined;
let queryClient: QueryClient | undefined;

/** The one bookmarks store of the app, tied to the session the first time a component asks for it. */
function bookmarksStore(client: QueryClient): BookmarksStore {
  queryClient = client;
  if (store) return store;
  store = createBookmarksStore(
    {
      list: getBookmarks,
      ids: getBookmarkedIds,
      add: addBookmark,
      removeById: removeBookmark,
      removeByBook: removeBookmarkByBook,
    },
    {
      notify: (notice) => NOTICES[notice](),
      // The bookmarked shelf (/books/bookmarked) shows the same bookmarks.
      changed: () => void queryClient?.invalidateQueries({ queryKey: shelfKeys.all('bookmarked') }),
    },
  );
  syncBookmarksWithSession(store, useAuthStore, sessionOf, TIMINGS.bookmarksFetchDelay);
  return store;
}

/** Reads the bookmarks store through a selector (re-renders only when the selection changes). */
export function useBookmarks<T>(selector: (state: BookmarksState & BookmarksActions) => T): T {
  return useStore(bookmarksStore(useQueryClient()), selector);
}
