import type { Bookmark, BookmarkList, BookmarkRow } from '@maktaba/shared/schemas/bookmarks';
import { notifyManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { initialAuthState } from '../../../lib/auth/auth-machine';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { shelfKeys } from '../../../lib/shelf-keys';
import { useAddBookmark } from '../api/add-bookmark';
import { useRemoveBookmark, useRemoveBookmarkByBook } from '../api/remove-bookmark';
import { isTemporary } from '../lib/bookmarks-cache';
import { useBookmarkState, useBookmarks } from './use-bookmarks';

/** The bookmarks API as the hooks reach it (lib/api-client's apiFetch), one stub per operation. */
type FakeServer = {
  list: (offset: number) => Promise<BookmarkList>;
  ids: () => Promise<string[]>;
  add: (bookId: string) => Promise<BookmarkRow>;
  removeById: (id: string) => Promise<void>;
  removeByBook: (bookId: string) => Promise<void>;
};
const server = vi.hoisted(() => ({ current: undefined as unknown as FakeServer }));
vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  const apiFetch = async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const api = server.current;
    const url = new URL(path, 'http://maktaba.test');
    if (options.method === 'POST') return api.add((options.body as { book_id: string }).book_id);
    if (options.method === 'DELETE') {
      const [, , kind, id] = url.pathname.split('/');
      return kind === 'by-book'
        ? api.removeByBook(decodeURIComponent(id ?? ''))
        : api.removeById(decodeURIComponent(kind ?? ''));
    }
    if (url.pathname === '/bookmarks/ids') return { book_ids: await api.ids() };
    return api.list(Number(url.searchParams.get('offset')));
  };
  return { ...actual, apiFetch };
});
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast }));

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const bookmark = (n: number): Bookmark => ({
  id: uuid(1000 + n),
  book_id: uuid(n),
  created_at: new Date(2026, 0, n).toISOString(),
  book_visible: true,
  bookTitle: `Book ${n}`,
  bookTitleAr: null,
  bookAuthor: null,
  bookAuthorAr: null,
  bookCoverImage: null,
  bookCategoryKey: null,
});
const book = (n: number) => ({
  id: uuid(n),
  bookTitle: `Book ${n}`,
  bookTitleAr: null,
  bookAuthor: null,
  bookAuthorAr: null,
  bookCoverImage: null,
  bookCategoryKey: null,
});
const page = (items: Bookmark[], total: number, offset = 0): BookmarkList => ({ items, total, limit: 20, offset });

/** A promise the test settles by hand, to look at the bookmarks while a call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Signs `userId` in with a complete profile (a session ready for bookmarks), or out with null. */
function signIn(userId: string | null) {
  if (userId === null) {
    useAuthStore.setState({ ...initialAuthState, isInitialized: true });
    return;
  }
  const auth = makeAuth();
  useAuthStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    profileComplete: true,
    user: { ...auth.user, id: userId } as NonNullable<typeof auth.user>,
    profile: makeProfile(),
  });
}

function useBookmarksHarness() {
  return {
    ...useBookmarks(),
    add: useAddBookmark(),
    removeByBook: useRemoveBookmarkByBook(),
    removeById: useRemoveBookmark(),
    book3: useBookmarkState(uuid(3)),
  };
}

function setup(overrides: Partial<FakeServer> = {}) {
  server.current = {
    list: vi.fn(async () => page([bookmark(2), bookmark(1)], 2)),
    ids: vi.fn(async () => [uuid(2), uuid(1)]),
    add: vi.fn(async (bookId: string) => ({ id: uuid(5000), book_id: bookId, created_at: '2026-02-01T00:00:00.000Z' })),
    removeById: vi.fn(async () => {}),
    removeByBook: vi.fn(async () => {}),
    ...overrides,
  };
  const queryClient: QueryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(useBookmarksHarness, { wrapper });
  const state = () => rendered.result.current;
  /** Whether the bookmarked shelf was refreshed after a change (the other place bookmarks show). */
  const shelfRefreshes = () =>
    invalidate.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(shelfKeys.all('bookmarked')),
    ).length;
  return { api: server.current, state, shelfRefreshes };
}

async function loaded(overrides: Partial<FakeServer> = {}) {
  signIn('user-a');
  const context = setup(overrides);
  await waitFor(() => expect(context.state().status).not.toBe('loading'), { timeout: 2000 });
  await waitFor(() => expect(['ready', 'error']).toContain(context.state().status));
  return context;
}

const bookIds = (items: Bookmark[]) => items.map((item) => item.book_id);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
  // The query cache tells its observers at once instead of on a later timer, so that what a
  // change does is rendered within the test's act().
  notifyManager.setScheduler((callback) => callback());
});

afterEach(() => {
  cleanup();
  act(() => signIn(null));
  vi.clearAllMocks();
});

describe('bookmarks', () => {
  it('loads the first page, the exact count and every bookmarked book id', async () => {
    const { state } = await loaded({ ids: vi.fn(async () => [uuid(2), uuid(1), uuid(3)]) });
    expect(state().status).toBe('ready');
    expect(bookIds(state().items)).toEqual([uuid(2), uuid(1)]);
    expect(state().total).toBe(2);
    // Book 3 is bookmarked although not on the loaded page.
    expect(state().book3.isBookmarked).toBe(true);
  });

  it("says 'Failed to fetch bookmarks' when the list cannot be read", async () => {
    const { state } = await loaded({ list: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect(state()).toMatchObject({ status: 'error', error: 'bookmarks.errors.fetch' });
  });

  it('adds optimistically with a temporary entry that the real row replaces', async () => {
    const call = deferred<BookmarkRow>();
    const { state, shelfRefreshes } = await loaded({ add: vi.fn(() => call.promise) });
    let adding: Promise<boolean> = Promise.resolve(false);
    act(() => {
      adding = state().add(book(3));
    });
    await waitFor(() => expect(state().items[0]?.book_id).toBe(uuid(3)));
    expect(isTemporary(state().items[0] as Bookmark)).toBe(true);
    expect(state().total).toBe(3);
    expect(state().book3).toMatchObject({ isBookmarked: true, isPending: true });

    await act(async () => {
      call.resolve({ id: uuid(7000), book_id: uuid(3), created_at: '2026-03-01T00:00:00.000Z' });
      expect(await adding).toBe(true);
    });
    expect(state().items[0]).toMatchObject({ id: uuid(7000), book_id: uuid(3), bookTitle: 'Book 3' });
    expect(state().book3.isPending).toBe(false);
    expect(toast.success).toHaveBeenCalledWith(i18n.t('bookmarks.toast.added'));
    expect(shelfRefreshes()).toBe(1);
  });

  it('rolls an add back when the server refuses it', async () => {
    const { state, shelfRefreshes } = await loaded({
      add: vi.fn(async () => Promise.reject(new ApiError('INTERNAL', 'x', 500))),
    });
    await act(async () => {
      expect(await state().add(book(3))).toBe(false);
    });
    expect(bookIds(state().items)).toEqual([uuid(2), uuid(1)]);
    expect(state().total).toBe(2);
    expect(state().book3.isBookmarked).toBe(false);
    expect(toast.error).toHaveBeenCalledWith(i18n.t('bookmarks.errors.add'));
    expect(shelfRefreshes()).toBe(0);
  });

  it('counts a bookmark the server already had as success, without counting it twice', async () => {
    const existing = bookmark(1);
    // The reader bookmarked book 1 in another tab: this tab's ids did not know it yet.
    const { state } = await loaded({
      ids: vi.fn(async () => [uuid(2)]),
      add: vi.fn(async () => ({ id: existing.id, book_id: existing.book_id, created_at: existing.created_at })),
    });
    await act(async () => {
      expect(await state().add(book(1))).toBe(true);
    });
    expect(state().items.filter((item) => item.book_id === uuid(1))).toHaveLength(1);
    expect(state().total).toBe(2);
    expect(toast.success).toHaveBeenCalledWith(i18n.t('bookmarks.toast.added'));
  });

  it('refuses a book id that is not a UUID, and a second add while one is pending', async () => {
    const call = deferred<BookmarkRow>();
    const { state, api } = await loaded({ add: vi.fn(() => call.promise) });
    await act(async () => {
      expect(await state().add({ ...book(3), id: 'classic-42' })).toBe(false);
    });
    let first: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      first = state().add(book(3));
      expect(await state().add(book(3))).toBe(false);
    });
    await act(async () => {
      call.resolve({ id: uuid(7000), book_id: uuid(3), created_at: '2026-03-01T00:00:00.000Z' });
      await first;
    });
    expect(api.add).toHaveBeenCalledTimes(1);
  });

  it('removes by book optimistically and puts it back in its place on failure', async () => {
    const call = deferred<void>();
    const { state } = await loaded({ removeByBook: vi.fn(() => call.promise) });
    let removing: Promise<boolean> = Promise.resolve(true);
    act(() => {
      removing = state().removeByBook(uuid(2));
    });
    await waitFor(() => expect(bookIds(state().items)).toEqual([uuid(1)]));
    expect(state().total).toBe(1);
    await act(async () => {
      call.reject(new ApiError('INTERNAL', 'x', 500));
      expect(await removing).toBe(false);
    });
    expect(bookIds(state().items)).toEqual([uuid(2), uuid(1)]);
    expect(state().total).toBe(2);
    // Bookmarked again: removing it once more is allowed and reaches the server.
    await act(async () => {
      void state().removeByBook(uuid(2));
    });
    expect(server.current.removeByBook).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith(i18n.t('bookmarks.errors.remove'));
  });

  it('treats a bookmark already gone (404) as removed', async () => {
    const { state, shelfRefreshes } = await loaded({
      removeByBook: vi.fn(async () => Promise.reject(new ApiError('NOT_FOUND', 'gone', 404))),
    });
    await act(async () => {
      expect(await state().removeByBook(uuid(1))).toBe(true);
    });
    expect(bookIds(state().items)).toEqual([uuid(2)]);
    expect(toast.success).toHaveBeenCalledWith(i18n.t('bookmarks.toast.removed'));
    expect(shelfRefreshes()).toBe(1);
  });

  it('removes by bookmark id once the server agrees, and keeps it when it does not', async () => {
    const failing = await loaded({ removeById: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await act(async () => {
      expect(await failing.state().removeById(uuid(1001))).toBe(false);
    });
    expect(failing.state().items).toHaveLength(2);
    expect(toast.error).toHaveBeenCalledWith(i18n.t('bookmarks.errors.remove'));
    cleanup();
    act(() => signIn(null));

    const call = deferred<void>();
    const { state, api } = await loaded({ removeById: vi.fn(() => call.promise) });
    let removing: Promise<boolean> = Promise.resolve(false);
    act(() => {
      removing = state().removeById(uuid(1001));
    });
    expect(state().items).toHaveLength(2);
    await act(async () => {
      call.resolve();
      expect(await removing).toBe(true);
    });
    expect(api.removeById).toHaveBeenCalledWith(uuid(1001));
    expect(bookIds(state().items)).toEqual([uuid(2)]);
    expect(state().total).toBe(1);
    await act(async () => {
      // Book 1 is no longer bookmarked: there is nothing to remove by book.
      expect(await state().removeByBook(uuid(1))).toBe(false);
    });
  });

  it("loads more 20 at a time from the loaded count, and says 'Failed to load more bookmarks' on failure", async () => {
    const first = Array.from({ length: 20 }, (_, i) => bookmark(30 - i));
    const list = vi
      .fn<FakeServer['list']>()
      .mockResolvedValueOnce(page(first, 22))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page([bookmark(10), bookmark(9)], 22, 20));
    const { state } = await loaded({ list });
    await act(() => state().loadMore());
    expect(state()).toMatchObject({ loadMoreError: 'bookmarks.errors.loadMore', isLoadingMore: false });
    expect(state().items).toHaveLength(20);
    await act(() => state().loadMore());
    expect(list).toHaveBeenLastCalledWith(20);
    expect(state().items).toHaveLength(22);
    expect(state().loadMoreError).toBeNull();
    expect(state().hasMore).toBe(false);
    await act(() => state().loadMore());
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after the reader changed', async () => {
    const call = deferred<BookmarkList>();
    const list = vi.fn<FakeServer['list']>().mockReturnValueOnce(call.promise);
    list.mockResolvedValue(page([], 0));
    signIn('user-a');
    const { state } = setup({ list, ids: vi.fn(async () => []) });
    await waitFor(() => expect(list).toHaveBeenCalledOnce());
    act(() => signIn('user-b'));
    await act(async () => {
      call.resolve(page([bookmark(1)], 1));
    });
    expect(state()).toMatchObject({ items: [], total: 0 });
    await waitFor(() => expect(state().status).toBe('ready'));
    expect(state()).toMatchObject({ items: [], total: 0 });
  });
});

describe('bookmarks and the session', () => {
  it('fetches 100 ms after the session is ready, and empties on sign-out or another user', async () => {
    vi.useFakeTimers();
    try {
      const { state, api } = setup();
      act(() => signIn('user-a'));
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(api.list).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(api.list).toHaveBeenCalledOnce();
      // The answer is drawn on the next tick: TanStack Query hands results on in a timer.
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(state().items).toHaveLength(2);

      act(() => signIn('user-b'));
      expect(state()).toMatchObject({ items: [], total: 0, status: 'idle' });
      expect(state().book3.isLoading).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(api.list).toHaveBeenCalledTimes(2);

      act(() => signIn(null));
      expect(state()).toMatchObject({ items: [], status: 'idle' });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(api.list).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
