import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `DELETE /api/books/{id}` (admins; 409 CONFLICT when the book has loan history). */
export function deleteBook(id: string): Promise<void> {
  return apiFetch<void>(`/books/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.books }),
  });
}
