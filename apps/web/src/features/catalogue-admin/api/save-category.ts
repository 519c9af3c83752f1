import type { Category, CategoryWrite } from '@maktaba/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `POST /api/categories` or `PUT /api/categories/{id}` (a cycle is refused on parent_id). */
export function saveCategory({ id, input }: { id: string | null; input: CategoryWrite }): Promise<Category> {
  return id
    ? apiFetch<Category>(`/categories/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiFetch<Category>('/categories', { method: 'POST', body: input });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.categories }),
  });
}
