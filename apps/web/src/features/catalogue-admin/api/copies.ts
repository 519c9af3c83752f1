import type { Copy, CopyCreateInput, CopyUpdateInput } from '@maktaba/shared/schemas/loans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

type CopyList = { items: Copy[] };

/** `GET /api/admin/books/{id}/copies` (books.edit): the book's copies in barcode order. */
export function useBookCopies(bookId: string) {
  return useQuery({
    queryKey: editorKeys.copies(bookId),
    queryFn: ({ signal }) =>
      apiFetch<CopyList>(`/admin/books/${encodeURIComponent(bookId)}/copies`, { signal, cache: 'no-store' }),
    select: (data) => data.items,
  });
}

/** The copies and the book's counters, which follow them, are read again after a change. */
function useRefreshAfterCopyChange(bookId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: editorKeys.copies(bookId) }),
      queryClient.invalidateQueries({ queryKey: editorKeys.book(bookId) }),
      queryClient.invalidateQueries({ queryKey: editorKeys.books }),
    ]);
}

/** `POST /api/admin/books/{id}/copies`: one copy with a barcode, or `count` with assigned ones. */
export function useAddCopies(bookId: string) {
  const refresh = useRefreshAfterCopyChange(bookId);
  return useMutation({
    mutationFn: (input: CopyCreateInput) =>
      apiFetch<CopyList>(`/admin/books/${encodeURIComponent(bookId)}/copies`, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

/** `PATCH /api/admin/copies/{id}`: barcode, condition note, or a status the desk may set by hand. */
export function useUpdateCopy(bookId: string) {
  const refresh = useRefreshAfterCopyChange(bookId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CopyUpdateInput }) =>
      apiFetch<Copy>(`/admin/copies/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
    onSuccess: refresh,
  });
}
