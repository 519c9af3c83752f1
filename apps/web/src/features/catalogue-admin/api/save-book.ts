import type { Book, BookCreate, BookWrite } from '@maktaba/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/**
 * `POST /api/books` (books.create: a new book is a draft, created with its copies) or
 * `PUT /api/books/{id}` (books.edit: full replacement of its fields; never its copies).
 */
export function saveBook({ id, input }: { id: string | null; input: BookWrite | BookCreate }): Promise<Book> {
  return id
    ? apiFetch<Book>(`/books/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiFetch<Book>('/books', { method: 'POST', body: input });
}

export function useSaveBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBook,
    onSuccess: (book) => {
      queryClient.setQueryData(editorKeys.book(book.id), book);
      void queryClient.invalidateQueries({ queryKey: editorKeys.books });
    },
  });
}
