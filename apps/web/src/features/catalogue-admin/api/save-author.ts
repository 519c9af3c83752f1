import type { AuthorDetail, AuthorWrite } from '@maktaba/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `POST /api/authors` or `PUT /api/authors/{id}`. */
export function saveAuthor({ id, input }: { id: string | null; input: AuthorWrite }): Promise<AuthorDetail> {
  return id
    ? apiFetch<AuthorDetail>(`/authors/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiFetch<AuthorDetail>('/authors', { method: 'POST', body: input });
}

export function useSaveAuthor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAuthor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.authors }),
  });
}
