import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';
import { type StoredImage, uploadImage } from '../lib/upload-image';

/** `PUT /api/books/{id}/cover` (multipart `file`; 413 too big, 415 not an image) and `DELETE` of the same. */
export function setBookCover({ id, file }: { id: string; file: File | null }): Promise<StoredImage | undefined> {
  const path = `/books/${encodeURIComponent(id)}/cover`;
  return file ? uploadImage(path, file) : apiFetch<undefined>(path, { method: 'DELETE' });
}

export function useSetBookCover(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => setBookCover({ id, file }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: editorKeys.book(id) });
      void queryClient.invalidateQueries({ queryKey: editorKeys.books });
    },
  });
}
