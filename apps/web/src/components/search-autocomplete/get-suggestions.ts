import type { SuggestResult } from '@maktaba/shared/schemas/search';
import { apiFetch } from '../../lib/api-client';
import { createAutocompleteClient } from './autocomplete-client';

/** GET /api/search/suggest: books, authors, categories and the reader's own recent searches. */
export function getSuggestions(q: string, limit: number, signal: AbortSignal): Promise<SuggestResult> {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return apiFetch<SuggestResult>(`/search/suggest?${params}`, { signal });
}

/** One client for every search box of the page, so they share the cache and the deduplication. */
export const autocompleteClient = createAutocompleteClient({ fetchSuggestions: getSuggestions });
