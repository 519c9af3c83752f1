import type { ImportBookStatus } from '@maktaba/shared/schemas/catalogue-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { importsQueryOptions } from './list-imports';

export type StartImportInput = { file: File; status: ImportBookStatus };

/** `POST /api/admin/imports`: uploads the file; the import then runs on the server. */
export function startImport({ file, status }: StartImportInput): Promise<{ id: string }> {
  const form = new FormData();
  form.set('file', file);
  form.set('status', status);
  return apiFetch<{ id: string }>('/admin/imports', { method: 'POST', body: form });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsQueryOptions().queryKey }),
  });
}
