import type { Collection, CollectionUpdate } from '@maktaba/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

/** `PATCH /api/collections/{id}`: its titles, descriptions and visibility (the owner's). */
export function updateCollection(id: string, patch: CollectionUpdate): Promise<Collection> {
  return apiFetch<Collection>(`/collections/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CollectionUpdate) => updateCollection(id, patch),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(id), collection);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, predicate: isNotDetail(id) });
    },
  });
}

/** Every collections query but this collection's own page, which the answer has just refreshed. */
export const isNotDetail =
  (id: string) =>
  ({ queryKey }: { queryKey: readonly unknown[] }) =>
    !(queryKey[1] === 'detail' && queryKey[2] === id);
