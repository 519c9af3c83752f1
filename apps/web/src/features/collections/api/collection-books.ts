import type { Collection, MyCollections } from '@maktaba/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';
import { myCollectionsForBookQueryOptions } from './get-my-collections';
import { isNotDetail } from './update-collection';

const booksPath = (collectionId: string, bookId?: string) =>
  `/collections/${encodeURIComponent(collectionId)}/books${bookId ? `/${encodeURIComponent(bookId)}` : ''}`;

/** `POST /api/collections/{id}/books`: added at the end; 409 BOOK_ALREADY_IN_COLLECTION or COLLECTION_FULL. */
export function addCollectionBook(collectionId: string, bookId: string): Promise<unknown> {
  return apiFetch(booksPath(collectionId), { method: 'POST', body: { book_id: bookId } });
}

/** `DELETE /api/collections/{id}/books/{bookId}`. */
export function removeCollectionBook(collectionId: string, bookId: string): Promise<void> {
  return apiFetch<void>(booksPath(collectionId, bookId), { method: 'DELETE' });
}

/** `PATCH /api/collections/{id}/books/{bookId}`: the owner's note on the book (empty removes it). */
export function updateCollectionBookNote(collectionId: string, bookId: string, note: string): Promise<unknown> {
  return apiFetch(booksPath(collectionId, bookId), { method: 'PATCH', body: { note } });
}

type Membership = { collectionId: string; add: boolean };

/**
 * Adds the book to one of the reader's collections or takes it out (the dialog's checkboxes): the
 * tick changes at once and comes back when the server refuses.
 */
export function useToggleCollectionBook(userId: string | null, bookId: string) {
  const queryClient = useQueryClient();
  const key = myCollectionsForBookQueryOptions(userId, bookId).queryKey;
  const setContains = (collectionId: string, contains: boolean) =>
    queryClient.setQueryData<MyCollections>(key, (data) =>
      data
        ? {
            items: data.items.map((item) =>
              item.id === collectionId
                ? { ...item, contains_book: contains, book_count: item.book_count + (contains ? 1 : -1) }
                : item,
            ),
          }
        : data,
    );
  return useMutation({
    mutationFn: ({ collectionId, add }: Membership) =>
      add ? addCollectionBook(collectionId, bookId) : removeCollectionBook(collectionId, bookId),
    // A read of the list still on its way (after a collection was just made, say) would overwrite the tick: cancel it first.
    onMutate: async ({ collectionId, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setContains(collectionId, add);
    },
    onError: (_error, { collectionId, add }) => setContains(collectionId, !add),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: collectionKeys.all,
        predicate: ({ queryKey }) => JSON.stringify(queryKey) !== JSON.stringify(key),
      }),
  });
}

/** Removes a book from the collection shown on its page, which drops it at once. */
export function useRemoveCollectionBook(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => removeCollectionBook(collectionId, bookId),
    onSuccess: (_result, bookId) => {
      queryClient.setQueryData<Collection>(collectionKeys.detail(collectionId), (collection) =>
        collection
          ? {
              ...collection,
              book_count: Math.max(0, collection.book_count - 1),
              books: collection.books
                .filter((entry) => entry.book.id !== bookId)
                .map((entry, index) => ({ ...entry, position: index + 1 })),
            }
          : collection,
      );
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, predicate: isNotDetail(collectionId) });
    },
  });
}

/** Saves the owner's note on a book of the collection. */
export function useUpdateCollectionBookNote(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, note }: { bookId: string; note: string }) =>
      updateCollectionBookNote(collectionId, bookId, note),
    onSuccess: (_result, { bookId, note }) => {
      const trimmed = note.trim();
      queryClient.setQueryData<Collection>(collectionKeys.detail(collectionId), (collection) =>
        collection
          ? {
              ...collection,
              books: collection.books.map((entry) =>
                entry.book.id === bookId ? { ...entry, note: trimmed === '' ? null : trimmed } : entry,
              ),
            }
          : collection,
      );
    },
  });
}
