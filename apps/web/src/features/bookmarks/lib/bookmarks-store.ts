import {
  type Bookmark,
  type BookmarkList,
  type BookmarkRow,
  isBookmarkableBookId,
} from '@maktaba/shared/schemas/bookmarks';
import { createStore } from 'zustand/vanilla';
import { ApiError } from '../../../lib/api-client';

/** What the store asks of the server (api/*), injected so the rules can be tested without one. */
export type BookmarksApi = {
  list: (offset: number) => Promise<BookmarkList>;
  ids: () => Promise<string[]>;
  add: (bookId: string) => Promise<BookmarkRow>;
  removeById: (id: string) => Promise<void>;
  removeByBook: (bookId: string) => Promise<void>;
};

export type BookmarkNotice = 'added' | 'removed' | 'addFailed' | 'removeFailed';

/** What follows a change: a toast, and the queries that show bookmarks elsewhere refreshed. */
export type BookmarksEffects = {
  notify: (notice: BookmarkNotice) => void;
  changed: () => void;
};

/** The book's fields a new bookmark shows until the server's row replaces the temporary one. */
export type BookmarkBook = Pick<
  Bookmark,
  'bookTitle' | 'bookTitleAr' | 'bookAuthor' | 'bookAuthorAr' | 'bookCoverImage'
> & { id: string };

export type BookmarksErrorKey = 'bookmarks.errors.fetch' | 'bookmarks.errors.loadMore';

export type BookmarksState = {
  /** Whose bookmarks these are; null when no session is ready. */
  userId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BookmarksErrorKey | null;
  /** Loaded pages, newest first. */
  items: Bookmark[];
  /** Exact count of the reader's bookmarks. */
  total: number;
  /** Every bookmarked book (not only the loaded pages). */
  bookIds: ReadonlySet<string>;
  isLoadingMore: boolean;
  loadMoreError: BookmarksErrorKey | null;
  /** Books with an add or remove in flight (the toggle shows a spinner). */
  pendingBooks: ReadonlySet<string>;
  /** Bookmarks being removed by id. */
  removingIds: ReadonlySet<string>;
};

export type BookmarksActions = {
  /** Empties the store for another reader (or none); answers still in flight for the old one are dropped. */
  reset: (userId: string | null) => void;
  fetch: () => Promise<void>;
  loadMore: () => Promise<void>;
  add: (book: BookmarkBook) => Promise<boolean>;
  removeByBook: (bookId: string) => Promise<boolean>;
  removeById: (id: string) => Promise<boolean>;
};

export type BookmarksStore = ReturnType<typeof createBookmarksStore>;

export const TEMP_ID_PREFIX = 'temp-';
export const isTemporary = (bookmark: Pick<Bookmark, 'id'>) => bookmark.id.startsWith(TEMP_ID_PREFIX);

const emptyState = (userId: string | null): BookmarksState => ({
  userId,
  status: 'idle',
  error: null,
  items: [],
  total: 0,
  bookIds: new Set(),
  isLoadingMore: false,
  loadMoreError: null,
  pendingBooks: new Set(),
  removingIds: new Set(),
});

const withItem = (set: ReadonlySet<string>, item: string) => new Set(set).add(item);
const without = (set: ReadonlySet<string>, item: string) => {
  const copy = new Set(set);
  copy.delete(item);
  return copy;
};
/** Removing something already gone is what the reader wanted: not a failure. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The reader's bookmarks (reader-area §4.3): optimistic add with a temporary entry the real row
 * replaces, optimistic removal by book restored on failure, removal by id, pages of 20.
 */
export function createBookmarksStore(api: BookmarksApi, effects: BookmarksEffects) {
  // Bumped by every reset: an answer that arrives for an earlier reader is thrown away.
  let generation = 0;

  return createStore<BookmarksState & BookmarksActions>()((set, get) => {
    const current = (since: number) => since === generation;

    return {
      ...emptyState(null),

      reset: (userId) => {
        generation++;
        set(emptyState(userId));
      },

      fetch: async () => {
        const since = generation;
        set({ status: 'loading', error: null });
        try {
          const [page, ids] = await Promise.all([api.list(0), api.ids()]);
          if (!current(since)) return;
          set({ status: 'ready', items: page.items, total: page.total, bookIds: new Set(ids), loadMoreError: null });
        } catch {
          if (current(since)) set({ status: 'error', error: 'bookmarks.errors.fetch' });
        }
      },

      loadMore: async () => {
        const { isLoadingMore, items, total } = get();
        if (isLoadingMore || items.length >= total) return;
        const since = generation;
        set({ isLoadingMore: true, loadMoreError: null });
        try {
          const page = await api.list(items.filter((item) => !isTemporary(item)).length);
          if (!current(since)) return;
          set((state) => {
            const known = new Set(state.items.map((item) => item.id));
            const fresh = page.items.filter((item) => !known.has(item.id));
            return { items: [...state.items, ...fresh], total: page.total, isLoadingMore: false };
          });
        } catch {
          if (current(since)) set({ isLoadingMore: false, loadMoreError: 'bookmarks.errors.loadMore' });
        }
      },

      add: async (book) => {
        const { pendingBooks, bookIds } = get();
        if (!isBookmarkableBookId(book.id) || pendingBooks.has(book.id) || bookIds.has(book.id)) return false;
        const since = generation;
        const tempId = `${TEMP_ID_PREFIX}${book.id}`;
        const temporary: Bookmark = {
          ...book,
          id: tempId,
          book_id: book.id,
          created_at: new Date().toISOString(),
          book_visible: true,
        };
        set((state) => ({
          items: [temporary, ...state.items],
          total: state.total + 1,
          bookIds: withItem(state.bookIds, book.id),
          pendingBooks: withItem(state.pendingBooks, book.id),
        }));
        try {
          // A bookmark the reader had already (another tab) comes back as it is: success too.
          const row = await api.add(book.id);
          if (!current(since)) return true;
          set((state) => {
            const hadIt = state.items.some((item) => item.id === row.id);
            const items = hadIt
              ? state.items.filter((item) => item.id !== tempId)
              : state.items.map((item) => (item.id === tempId ? { ...item, ...row } : item));
            return {
              items,
              total: hadIt ? state.total - 1 : state.total,
              pendingBooks: without(state.pendingBooks, book.id),
            };
          });
          effects.notify('added');
          effects.changed();
          return true;
        } catch {
          if (!current(since)) return false;
          set((state) => ({
            items: state.items.filter((item) => item.id !== tempId),
            total: state.total - 1,
            bookIds: without(state.bookIds, book.id),
            pendingBooks: without(state.pendingBooks, book.id),
          }));
          effects.notify('addFailed');
          return false;
        }
      },

      removeByBook: async (bookId) => {
        const { pendingBooks, bookIds, items } = get();
        if (pendingBooks.has(bookId) || !bookIds.has(bookId)) return false;
        const since = generation;
        const index = items.findIndex((item) => item.book_id === bookId);
        const removed = index >= 0 ? items[index] : undefined;
        set((state) => ({
          items: state.items.filter((item) => item.book_id !== bookId),
          total: Math.max(0, state.total - 1),
          bookIds: without(state.bookIds, bookId),
          pendingBooks: withItem(state.pendingBooks, bookId),
        }));
        try {
          await api.removeByBook(bookId).catch((error: unknown) => {
            if (!isGone(error)) throw error;
          });
          if (!current(since)) return true;
          set((state) => ({ pendingBooks: without(state.pendingBooks, bookId) }));
          effects.notify('removed');
          effects.changed();
          return true;
        } catch {
          if (!current(since)) return false;
          set((state) => {
            const restored = [...state.items];
            if (removed) restored.splice(Math.min(index, restored.length), 0, removed);
            return {
              items: restored,
              total: state.total + 1,
              bookIds: withItem(state.bookIds, bookId),
              pendingBooks: without(state.pendingBooks, bookId),
            };
          });
          effects.notify('removeFailed');
          return false;
        }
      },

      removeById: async (id) => {
        const target = get().items.find((item) => item.id === id);
        if (!target || isTemporary(target) || get().removingIds.has(id)) return false;
        const since = generation;
        set((state) => ({
          removingIds: withItem(state.removingIds, id),
          pendingBooks: withItem(state.pendingBooks, target.book_id),
        }));
        try {
          await api.removeById(id).catch((error: unknown) => {
            if (!isGone(error)) throw error;
          });
          if (!current(since)) return true;
          set((state) => ({
            items: state.items.filter((item) => item.id !== id),
            total: Math.max(0, state.total - 1),
            bookIds: without(state.bookIds, target.book_id),
            removingIds: without(state.removingIds, id),
            pendingBooks: without(state.pendingBooks, target.book_id),
          }));
          effects.notify('removed');
          effects.changed();
          return true;
        } catch {
          if (!current(since)) return false;
          set((state) => ({
            removingIds: without(state.removingIds, id),
            pendingBooks: without(state.pendingBooks, target.book_id),
          }));
          effects.notify('removeFailed');
          return false;
        }
      },
    };
  });
}
