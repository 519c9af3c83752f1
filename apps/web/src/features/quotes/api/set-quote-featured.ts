import type { Quote } from '@maktaba/shared/schemas/quotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from '../lib/query-keys';

/** `PUT /api/quotes/{id}/featured`: shown in the sign-in carousel or not (approved quotes only). */
export function setQuoteFeatured({ id, featured }: { id: string; featured: boolean }): Promise<Quote | undefined> {
  return apiFetch<Quote | undefined>(`/quotes/${encodeURIComponent(id)}/featured`, {
    method: 'PUT',
    body: { featured },
  });
}

export function useSetQuoteFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuoteFeatured,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
