import type { Quote, QuoteInput } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `POST /api/quotes`: 201 with the quote, pending (or a draft with `submit: false`). */
export function createQuote(input: QuoteInput): Promise<Quote> {
  return apiFetch<Quote>('/quotes', { method: 'POST', body: input });
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
