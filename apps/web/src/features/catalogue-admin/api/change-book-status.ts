import type { Book, BookStatus } from '@maktaba/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `POST /api/books/{id}/status`: submit for review, approve, archive, back to draft. */
export function changeBookStatus({ id, status }: { id: string; status: BookStatus }): Promise<Book> {
  return apiFetch<Book>(`/books/${encodeURIComponent(id)}/status`, { method: 'POST', body: { status } });
}

export function useChangeBookStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBookStatus,
    onSuccess: (book) => {
      queryClient.setQueryData(editorKeys.book(book.id), book);
      // Shelves and pages of the public catalogue change with a book's status.
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
      void queryClient.invalidateQueries({ queryKey: editorKeys.books });
    },
  });
}
