import type { CategoryOrder, GuideCategory } from '@maktaba/shared/schemas/category-guide';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `PUT /api/categories/order` (categories.manage): one parent's children, each once, in their new order. */
export function reorderCategories(order: CategoryOrder): Promise<{ categories: GuideCategory[] }> {
  return apiFetch<{ categories: GuideCategory[] }>('/categories/order', { method: 'PUT', body: order });
}

export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderCategories,
    onSettled: () => queryClient.invalidateQueries({ queryKey: editorKeys.categories }),
  });
}
