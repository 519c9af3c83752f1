import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';
import { patchQuote } from '../lib/quotes-cache';

type SaveVariables = { id: string; saved: boolean };

/** `PUT` or `DELETE /api/quotes/{id}/save`: idempotent, 204. */
export function setQuoteSaved({ id, saved }: SaveVariables): Promise<void> {
  return apiFetch<void>(`/quotes/${encodeURIComponent(id)}/save`, { method: saved ? 'PUT' : 'DELETE' });
}

/**
 * Saves or unsaves a quote at once in every list that shows it; put back, with a message, when
 * the server refuses. The Saved tab is read again afterwards.
 */
export function useSaveQuote() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuoteSaved,
    retry: false,
    onMutate: ({ id, saved }: SaveVariables) => {
      const before = queryClient.getQueriesData({ queryKey: quoteKeys.all });
      queryClient.setQueriesData({ queryKey: quoteKeys.all }, (data: unknown) => patchQuote(data, id, { saved }));
      return { before };
    },
    onSuccess: (_result, { saved }) => {
      toast.success(t(saved ? 'quotes.actions.savedToast' : 'quotes.actions.unsavedToast'));
    },
    onError: (_error, { saved }, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.error(t(saved ? 'quotes.actions.saveFailed' : 'quotes.actions.unsaveFailed'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.saved }),
  });
}
