import type { ScholarDetail, ScholarWrite } from '@maktaba/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { editorKeys } from '../lib/query-keys';

/** `POST /api/scholars` or `PUT /api/scholars/{id}`. */
export function saveScholar({ id, input }: { id: string | null; input: ScholarWrite }): Promise<ScholarDetail> {
  return id
    ? apiFetch<ScholarDetail>(`/scholars/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : apiFetch<ScholarDetail>('/scholars', { method: 'POST', body: input });
}

export function useSaveScholar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScholar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.scholars }),
  });
}
