import type { Bookmark, BookmarkList } from '@maktaba/shared/schemas/bookmarks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { ApiError } from '../../../lib/api-client';
import { type BookmarksApi, createBookmarksStore, isTemporary } from './bookmarks-store';
import { type SessionView, syncBookmarksWithSession } from './session-sync';

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
});
const book = (n: number) => ({
  id: uuid(n),
  bookTitle: `Book ${n}`,
  bookTitleAr: null,
  bookAuthor: null,
  bookAuthorAr: null,
  bookCoverImage: null,
});
const page = (items: Bookmark[], total: number, offset = 0): BookmarkList => ({ items, total, limit: 20, offset });

/** A promise the test settles by hand, to look at the store while a call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup(overrides: Partial<BookmarksApi> = {}) {
  const api: BookmarksApi = {
    list: vi.fn(async () => page([bookmark(2), bookmark(1)], 2)),
    ids: vi.fn(async () => [uuid(2), uuid(1)]),
    add: vi.fn(async (bookId: string) => ({ id: uuid(5000), book_id: bookId, created_at: '2026-02-01T00:00:00.000Z' })),
    removeById: vi.fn(async () => {}),
    removeByBook: vi.fn(async () => {}),
    ...overrides,
  };
  const effects = { notify: vi.fn(), changed: vi.fn() };
  const store = createBookmarksStore(api, effects);
  return { api, effects, store, state: () => store.getState() };
}

async function loaded(overrides: Partial<BookmarksApi> = {}) {
  const context = setup(overrides);
  context.state().reset('user-a');
  await context.state().fetch();
  return context;
}

describe('bookmarks store', () => {
  it('loads the first page, the exact count and every bookmarked book id', async () => {
    const { state } = await loaded();
    expect(state().status).toBe('ready');
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(2), uuid(1)]);
    expect(state().total).toBe(2);
    expect(state().bookIds.has(uuid(1))).toBe(true);
  });

  it("says 'Failed to fetch bookmarks' when the list cannot be read", async () => {
    const { state } = await loaded({ list: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect(state()).toMatchObject({ status: 'error', error: 'bookmarks.errors.fetch' });
  });

  it('adds optimistically with a temporary entry that the real row replaces', async () => {
    const call = deferred<{ id: string; book_id: string; created_at: string }>();
    const { state, effects } = await loaded({ add: vi.fn(() => call.promise) });
    const adding = state().add(book(3));
    expect(state().items[0]?.book_id).toBe(uuid(3));
    expect(isTemporary(state().items[0] as Bookmark)).toBe(true);
    expect(state().total).toBe(3);
    expect(state().bookIds.has(uuid(3))).toBe(true);
    expect(state().pendingBooks.has(uuid(3))).toBe(true);

    call.resolve({ id: uuid(7000), book_id: uuid(3), created_at: '2026-03-01T00:00:00.000Z' });
    expect(await adding).toBe(true);
    expect(state().items[0]).toMatchObject({ id: uuid(7000), book_id: uuid(3), bookTitle: 'Book 3' });
    expect(state().pendingBooks.size).toBe(0);
    expect(effects.notify).toHaveBeenCalledWith('added');
    expect(effects.changed).toHaveBeenCalledOnce();
  });

  it('rolls an add back when the server refuses it', async () => {
    const { state, effects } = await loaded({
      add: vi.fn(async () => Promise.reject(new ApiError('INTERNAL', 'x', 500))),
    });
    expect(await state().add(book(3))).toBe(false);
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(2), uuid(1)]);
    expect(state().total).toBe(2);
    expect(state().bookIds.has(uuid(3))).toBe(false);
    expect(effects.notify).toHaveBeenCalledWith('addFailed');
    expect(effects.changed).not.toHaveBeenCalled();
  });

  it('counts a bookmark the server already had as success, without counting it twice', async () => {
    const existing = bookmark(1);
    // The reader bookmarked book 1 in another tab: this tab's ids did not know it yet.
    const { state, effects } = await loaded({
      ids: vi.fn(async () => [uuid(2)]),
      add: vi.fn(async () => ({ id: existing.id, book_id: existing.book_id, created_at: existing.created_at })),
    });
    expect(await state().add(book(1))).toBe(true);
    expect(state().items.filter((item) => item.book_id === uuid(1))).toHaveLength(1);
    expect(state().total).toBe(2);
    expect(effects.notify).toHaveBeenCalledWith('added');
  });

  it('refuses a book id that is not a UUID, and a second add while one is pending', async () => {
    const call = deferred<{ id: string; book_id: string; created_at: string }>();
    const { state, api } = await loaded({ add: vi.fn(() => call.promise) });
    expect(await state().add({ ...book(3), id: 'classic-42' })).toBe(false);
    const first = state().add(book(3));
    expect(await state().add(book(3))).toBe(false);
    call.resolve({ id: uuid(7000), book_id: uuid(3), created_at: '2026-03-01T00:00:00.000Z' });
    await first;
    expect(api.add).toHaveBeenCalledTimes(1);
  });

  it('removes by book optimistically and puts it back in its place on failure', async () => {
    const call = deferred<void>();
    const { state, effects } = await loaded({ removeByBook: vi.fn(() => call.promise) });
    const removing = state().removeByBook(uuid(2));
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(1)]);
    expect(state().bookIds.has(uuid(2))).toBe(false);
    expect(state().total).toBe(1);
    call.reject(new ApiError('INTERNAL', 'x', 500));
    expect(await removing).toBe(false);
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(2), uuid(1)]);
    expect(state().bookIds.has(uuid(2))).toBe(true);
    expect(state().total).toBe(2);
    expect(effects.notify).toHaveBeenCalledWith('removeFailed');
  });

  it('treats a bookmark already gone (404) as removed', async () => {
    const { state, effects } = await loaded({
      removeByBook: vi.fn(async () => Promise.reject(new ApiError('NOT_FOUND', 'gone', 404))),
    });
    expect(await state().removeByBook(uuid(1))).toBe(true);
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(2)]);
    expect(effects.notify).toHaveBeenCalledWith('removed');
    expect(effects.changed).toHaveBeenCalledOnce();
  });

  it('removes by bookmark id once the server agrees, and keeps it when it does not', async () => {
    const failing = await loaded({ removeById: vi.fn(async () => Promise.reject(new Error('offline'))) });
    expect(await failing.state().removeById(uuid(1001))).toBe(false);
    expect(failing.state().items).toHaveLength(2);
    expect(failing.effects.notify).toHaveBeenCalledWith('removeFailed');

    const call = deferred<void>();
    const { state, api } = await loaded({ removeById: vi.fn(() => call.promise) });
    const removing = state().removeById(uuid(1001));
    expect(state().removingIds.has(uuid(1001))).toBe(true);
    expect(state().items).toHaveLength(2);
    call.resolve();
    expect(await removing).toBe(true);
    expect(api.removeById).toHaveBeenCalledWith(uuid(1001));
    expect(state().items.map((item) => item.book_id)).toEqual([uuid(2)]);
    expect(state().bookIds.has(uuid(1))).toBe(false);
    expect(state().total).toBe(1);
  });

  it("loads more 20 at a time from the loaded count, and says 'Failed to load more bookmarks' on failure", async () => {
    const first = Array.from({ length: 20 }, (_, i) => bookmark(30 - i));
    const list = vi
      .fn<BookmarksApi['list']>()
      .mockResolvedValueOnce(page(first, 22))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page([bookmark(10), bookmark(9)], 22, 20));
    const { state } = await loaded({ list });
    await state().loadMore();
    expect(state()).toMatchObject({ loadMoreError: 'bookmarks.errors.loadMore', isLoadingMore: false });
    expect(state().items).toHaveLength(20);
    await state().loadMore();
    expect(list).toHaveBeenLastCalledWith(20);
    expect(state().items).toHaveLength(22);
    expect(state().loadMoreError).toBeNull();
    await state().loadMore();
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after the store was reset for another reader', async () => {
    const call = deferred<BookmarkList>();
    const { state } = setup({ list: vi.fn(() => call.promise) });
    state().reset('user-a');
    const fetching = state().fetch();
    state().reset('user-b');
    call.resolve(page([bookmark(1)], 1));
    await fetching;
    expect(state()).toMatchObject({ userId: 'user-b', items: [], total: 0, status: 'idle' });
  });
});

describe('bookmarks and the session', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches 100 ms after the session is ready, and empties on sign-out or another user', async () => {
    const { store, state, api } = setup();
    const auth = createStore<SessionView>()(() => ({ ready: false, userId: null }));
    const stop = syncBookmarksWithSession(store, auth, (session) => session, 100);

    auth.setState({ ready: true, userId: 'user-a' });
    expect(state().userId).toBe('user-a');
    await vi.advanceTimersByTimeAsync(99);
    expect(api.list).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.list).toHaveBeenCalledOnce();
    expect(state().items).toHaveLength(2);

    auth.setState({ ready: true, userId: 'user-b' });
    expect(state()).toMatchObject({ userId: 'user-b', items: [], total: 0 });
    expect(state().bookIds.size).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.list).toHaveBeenCalledTimes(2);

    auth.setState({ ready: false, userId: 'user-b' });
    expect(state()).toMatchObject({ userId: null, items: [], status: 'idle' });
    await vi.advanceTimersByTimeAsync(500);
    expect(api.list).toHaveBeenCalledTimes(2);
    stop();
  });
});
