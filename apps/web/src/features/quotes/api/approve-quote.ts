import type { Quote } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `POST /api/quotes/{id}/approve`: pending → approved; the contributor is notified. */
export function approveQuote(id: string): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function useApproveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveQuote,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
