import { IMPORT_LIMITS } from '@maktaba/shared/schemas/catalogue-import';
import type { QuoteImportJob, QuoteImportJobList, QuoteImportStatus } from '@maktaba/shared/schemas/quotes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const BASE = '/admin/quote-imports';

/** `GET /api/admin/quote-imports/{id}`: the progress and result of one quotes import, polled while it runs. */
export const quoteImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'quote-imports', id],
    queryFn: ({ signal }) => apiFetch<QuoteImportJob>(`${BASE}/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_LIMITS.pollIntervalMs : false),
  });

export function useQuoteImport(id: string | null) {
  return useQuery({ ...quoteImportQueryOptions(id ?? ''), enabled: id !== null });
}

/** `GET /api/admin/quote-imports`: the recent quotes imports, newest first. */
export const quoteImportsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'quote-imports'],
    queryFn: ({ signal }) => apiFetch<QuoteImportJobList>(BASE, { signal }),
    select: (data) => data.jobs,
  });

export function useQuoteImports() {
  return useQuery(quoteImportsQueryOptions());
}

export type StartQuoteImportInput = { file: File; status: QuoteImportStatus };

/** `POST /api/admin/quote-imports`: uploads the file; the import then runs on the server. */
export function startQuoteImport({ file, status }: StartQuoteImportInput): Promise<{ id: string }> {
  const form = new FormData();
  form.set('file', file);
  form.set('status', status);
  return apiFetch<{ id: string }>(BASE, { method: 'POST', body: form });
}

export function useStartQuoteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startQuoteImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteImportsQueryOptions().queryKey }),
  });
}
