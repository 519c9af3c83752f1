import type { Quote, QuoteReturn } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `POST /api/quotes/{id}/return`: pending → draft with the librarian's note; the contributor is notified. */
export function returnQuote({ id, note }: QuoteReturn & { id: string }): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}/return`, { method: 'POST', body: { note } });
}

export function useReturnQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnQuote,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
