import type { MyCollections } from '@maktaba/shared/schemas/collections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { collectionKeys } from '../lib/query-keys';

/** `GET /api/collections/mine`: the reader's collections, most recently updated first; with a book, whether each holds it. */
export function getMyCollections(bookId?: string): Promise<MyCollections> {
  const query = bookId ? `?${new URLSearchParams({ book_id: bookId })}` : '';
  return apiFetch<MyCollections>(`/collections/mine${query}`);
}

export function myCollectionsQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: collectionKeys.mine(userId), queryFn: () => getMyCollections(), retry: false });
}

/** The "Add to collection" dialog's list: every collection with a tick for the ones holding the book. */
export function myCollectionsForBookQueryOptions(userId: string | null, bookId: string) {
  return queryOptions({
    queryKey: collectionKeys.mineForBook(userId, bookId),
    queryFn: () => getMyCollections(bookId),
    retry: false,
  });
}

/** The signed-in reader's id, which keys their own collections. */
export function useReaderId(): string | null {
  return useAuthStore((state) => state.profile?.id ?? state.user?.id ?? null);
}

export function useMyCollections({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useReaderId();
  return useQuery({ ...myCollectionsQueryOptions(userId), enabled: enabled && userId !== null });
}

export function useMyCollectionsForBook(bookId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const userId = useReaderId();
  return useQuery({ ...myCollectionsForBookQueryOptions(userId, bookId), enabled: enabled && userId !== null });
}
