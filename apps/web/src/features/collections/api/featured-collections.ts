import type { Collection, FeaturedCollections } from '@maktaba/shared/schemas/collections';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { collectionKeys } from '../lib/query-keys';

/** `GET /api/collections/featured`: up to 6 public collections the librarians chose, newest first. */
export function getFeaturedCollections(): Promise<FeaturedCollections> {
  return apiFetch<FeaturedCollections>('/collections/featured');
}

export function featuredCollectionsQueryOptions() {
  return queryOptions({ queryKey: collectionKeys.featured, queryFn: getFeaturedCollections, retry: false });
}

export function useFeaturedCollections() {
  return useQuery(featuredCollectionsQueryOptions());
}

/** `PUT /api/collections/{id}/featured` (librarians): only a public collection (409 COLLECTION_NOT_PUBLIC). */
export function setCollectionFeatured(id: string, featured: boolean): Promise<Collection> {
  return apiFetch<Collection>(`/collections/${encodeURIComponent(id)}/featured`, {
    method: 'PUT',
    body: { featured },
  });
}

export function useSetCollectionFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: string; featured: boolean }) => setCollectionFeatured(id, featured),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
