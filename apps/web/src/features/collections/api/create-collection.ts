import type { Collection, CollectionCreate } from '@maktaba/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

/** `POST /api/collections`: 201 with the new collection; 409 COLLECTION_LIMIT_REACHED at the limit. */
export function createCollection(input: CollectionCreate): Promise<Collection> {
  return apiFetch<Collection>('/collections', { method: 'POST', body: input });
}

export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollection,
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(collection.id), collection);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}
