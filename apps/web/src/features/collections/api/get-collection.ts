import type { Collection } from '@maktaba/shared/schemas/collections';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

/** `GET /api/collections/{id}`: a public collection to anyone; a private one to its owner and librarians. */
export function getCollection(id: string): Promise<Collection> {
  return apiFetch<Collection>(`/collections/${encodeURIComponent(id)}`);
}

export function collectionQueryOptions(id: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: () => getCollection(id),
    // A missing or private collection answers 404 at once: asking again changes nothing.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useCollection(id: string) {
  return useQuery(collectionQueryOptions(id));
}
