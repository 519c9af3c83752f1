import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { searchCatalogueBooks } from '../../../lib/catalogue-lookup';
import { circleKeys } from '../lib/query-keys';
import type { HostCandidate } from '../lib/types';

/** A record a circle can point at (a book, a guide, a host), with what the picker shows. */
export type PickOption = { id: string; en: string | null; ar: string | null; detail?: string };

/** Catalogue books whose title matches. */
async function searchBooks(q: string): Promise<PickOption[]> {
  return (await searchCatalogueBooks(q)).map((book) => ({ id: book.id, en: book.title, ar: book.title_ar }));
}

type GuideRow = { id: string; title?: string | null; title_en?: string | null; title_ar?: string | null };

/** Published study guides whose title matches (`GET /api/guides?q=`). */
async function searchGuides(q: string): Promise<PickOption[]> {
  const result = await apiFetch<{ items?: GuideRow[] }>(`/guides?${new URLSearchParams({ q })}`);
  return (result.items ?? []).slice(0, 8).map((guide) => ({
    id: guide.id,
    en: guide.title_en ?? guide.title ?? null,
    ar: guide.title_ar ?? null,
  }));
}

/** Staff: librarians, admins and patrons who may host (`GET /api/circles/host-candidates?q=`). */
async function searchHosts(q: string): Promise<PickOption[]> {
  const rows = await apiFetch<{ items: HostCandidate[] }>(`/circles/host-candidates?${new URLSearchParams({ q })}`);
  return rows.items.map((row) => ({
    id: row.id,
    en: row.name,
    ar: null,
    detail: row.email,
  }));
}

const SEARCHES = { book: searchBooks, guide: searchGuides, host: searchHosts };
export type PickKind = keyof typeof SEARCHES;

export function usePickSearch(kind: PickKind, q: string) {
  const trimmed = q.trim();
  return useQuery(
    queryOptions({
      queryKey: circleKeys.records(kind, trimmed),
      queryFn: () => SEARCHES[kind](trimmed),
      enabled: trimmed.length >= (kind === 'host' ? 1 : 2),
      staleTime: 60_000,
    }),
  );
}
