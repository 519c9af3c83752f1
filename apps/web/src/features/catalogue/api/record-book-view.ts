import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/books/{id}/view`: counts toward popularity; the server counts a reader once a day. */
export function recordBookView(id: string): Promise<void> {
  return apiFetch<void>(`/books/${encodeURIComponent(id)}/view`, { method: 'POST' });
}

/** Records one view when a book page is shown for this id. */
export function useRecordBookView(id: string, isShown: boolean) {
  const { mutate } = useMutation({ mutationFn: recordBookView, retry: 0 });
  useEffect(() => {
    if (isShown) mutate(id);
  }, [id, isShown, mutate]);
}
