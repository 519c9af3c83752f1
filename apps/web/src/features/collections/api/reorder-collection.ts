import type { Collection } from '@maktaba/shared/schemas/collections';
import { type MutateOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';
import { orderBooks } from '../lib/reorder';
import { isNotDetail } from './update-collection';

/** `PUT /api/collections/{id}/order`: the complete new order; 409 ORDER_MISMATCH when it changed meanwhile. */
export function reorderCollection(id: string, bookIds: string[]): Promise<Collection> {
  return apiFetch<Collection>(`/collections/${encodeURIComponent(id)}/order`, {
    method: 'PUT',
    body: { book_ids: bookIds },
  });
}

type Variables = { bookIds: string[]; before: Collection | undefined };

/**
 * Puts the books in a new order at once (in the same render as the key press, so the moved row
 * keeps its focus) and saves it; the order before comes back when the server refuses (the caller
 * tells the reader). Moves made quickly one after another each send the whole order, and only the
 * answer to the last one is written back.
 */
export function useReorderCollection(id: string) {
  const queryClient = useQueryClient();
  const key = collectionKeys.detail(id);
  const mutationKey = [...key, 'order'];
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: ({ bookIds }: Variables) => reorderCollection(id, bookIds),
    onError: (_error, { before }) => {
      if (before) queryClient.setQueryData(key, before);
    },
    onSuccess: (collection) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, collection);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, predicate: isNotDetail(id) });
    },
  });
  return (bookIds: string[], options?: MutateOptions<Collection, Error, Variables>) => {
    const before = queryClient.getQueryData<Collection>(key);
    void queryClient.cancelQueries({ queryKey: key });
    if (before) queryClient.setQueryData<Collection>(key, orderBooks(before, bookIds));
    mutate({ bookIds, before }, options);
  };
}
