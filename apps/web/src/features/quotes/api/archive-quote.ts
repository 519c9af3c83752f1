import type { Quote } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `POST /api/quotes/{id}/archive` or `…/restore`: approved ↔ archived. */
export function setQuoteArchived({ id, archived }: { id: string; archived: boolean }): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}/${archived ? 'archive' : 'restore'}`, { method: 'POST' });
}

export function useSetQuoteArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuoteArchived,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
