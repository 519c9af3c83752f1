import type { ScholarDetail } from '@maktaba/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rememberBooks } from '../lib/book-cache';
import { catalogueKeys } from '../lib/query-keys';
import { ensureRecordId } from '../lib/record-id';

/** `GET /api/scholars/{id}`: the card with its linked author and their books. */
export function getScholar(id: string, signal?: AbortSignal): Promise<ScholarDetail> {
  ensureRecordId(id);
  return apiFetch<ScholarDetail>(`/scholars/${encodeURIComponent(id)}`, { signal });
}

export const scholarQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.scholar(id),
    queryFn: async ({ signal, client }) => {
      const scholar = await getScholar(id, signal);
      rememberBooks(client, scholar.books);
      return scholar;
    },
  });

export function useScholar(id: string) {
  return useQuery(scholarQueryOptions(id));
}
