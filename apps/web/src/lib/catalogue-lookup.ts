import type { Author, Category } from '@maktaba/shared/schemas/catalogue';
import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * Looking records up in the catalogue from the forms that link to them (quotes, articles, guides,
 * circles, questions): one way to find a book or an author by name, and one cached category list.
 */

/** A catalogue book a form can link to: its id and both titles. */
export type BookMatch = { id: string; title: string | null; title_ar: string | null };

/** A catalogue author a form can link to: its id and both names. */
export type AuthorMatch = { id: string; name: string | null; name_ar: string | null };

/** Characters a lookup needs before it asks the server. */
export const LOOKUP_MIN_LENGTH = 2;

/** Catalogue books whose title matches (`GET /api/search/suggest`, the search box's suggestions). */
export async function searchCatalogueBooks(query: string, limit = 8): Promise<BookMatch[]> {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  const result = await apiFetch<SuggestResult>(`/search/suggest?${params}`);
  return result.suggestions
    .filter((suggestion) => suggestion.type === 'book')
    .map((suggestion) => ({
      id: suggestion.id,
      // The suggestion's title is the English one when there is one, else the Arabic one again.
      title: suggestion.query === suggestion.query_ar ? null : suggestion.query,
      title_ar: suggestion.query_ar,
    }));
}

/** Catalogue authors whose names match (`GET /api/authors?q=`). */
export async function searchCatalogueAuthors(query: string, limit = 8): Promise<AuthorMatch[]> {
  const params = new URLSearchParams({ q: query, per_page: String(limit) });
  const result = await apiFetch<{ authors: Author[] }>(`/authors?${params}`);
  return result.authors.map((author) => ({ id: author.id, name: author.name, name_ar: author.name_ar }));
}

/** Every catalogue category (`GET /api/categories`), shared by the forms that pick topics. */
export const catalogueCategoriesQuery = queryOptions({
  queryKey: ['catalogue-lookup', 'categories'],
  queryFn: async (): Promise<Category[]> => (await apiFetch<{ categories: Category[] }>('/categories')).categories,
  staleTime: 5 * 60_000,
});
