import type { Quote, QuoteUpdate } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `PATCH /api/quotes/{id}`: its contributor while draft or pending (`submit: true` sends it again); staff any. */
export function updateQuote({ id, input }: { id: string; input: QuoteUpdate }): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    retry: false,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.all });
    },
  });
}
