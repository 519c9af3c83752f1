import type { DeskHold, DeskHoldList } from '@maktaba/shared/schemas/loans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { deskKey } from './desk';

/** A book's waiting list at the desk (ADR 0016): under the desk's key, so a loan action refreshes it too. */
export const holdsKey = (bookId: string) => [...deskKey, 'holds', bookId] as const;

/** `GET /api/admin/books/{id}/holds`: the open holds, offered first, then waiting in order. */
export function useBookHolds(bookId: string) {
  return useQuery({
    queryKey: holdsKey(bookId),
    queryFn: () => apiFetch<DeskHoldList>(`/admin/books/${encodeURIComponent(bookId)}/holds`),
    staleTime: 0,
  });
}

/** The queue with `ids` (the waiting holds, first in line first) after the offered ones, positions renumbered. */
export function reorderedQueue(items: DeskHold[], ids: string[]): DeskHold[] {
  const offered = items.filter((hold) => hold.status !== 'waiting');
  const byId = new Map(items.map((hold) => [hold.id, hold]));
  const waiting = ids.flatMap((id) => {
    const hold = byId.get(id);
    return hold ? [hold] : [];
  });
  return [...offered, ...waiting.map((hold, index) => ({ ...hold, position: offered.length + index + 1 }))];
}

/**
 * `PUT /api/admin/books/{id}/holds/order`: the new order shows at once and is put back as it was
 * when the server refuses it.
 */
export function useReorderHolds(bookId: string) {
  const queryClient = useQueryClient();
  const key = holdsKey(bookId);
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiFetch<DeskHoldList>(`/admin/books/${encodeURIComponent(bookId)}/holds/order`, {
        method: 'PUT',
        body: { ids },
      }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DeskHoldList>(key);
      if (previous) queryClient.setQueryData<DeskHoldList>(key, { items: reorderedQueue(previous.items, ids) });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (queue) => queryClient.setQueryData(key, queue),
  });
}

/** `POST /api/admin/holds/{id}/remove`: the reader is told the reason. */
export function useRemoveHold(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch<void>(`/admin/holds/${encodeURIComponent(id)}/remove`, { method: 'POST', body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: holdsKey(bookId) }),
  });
}
