import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';

/** `POST /api/library/articles/preview`: the Markdown rendered and sanitised exactly as readers get it. */
export function previewArticle(markdown: string): Promise<{ html: string }> {
  return apiFetch<{ html: string }>('/library/articles/preview', { method: 'POST', body: { markdown } });
}

/** The preview of a (debounced) body; asked only while the preview is shown. */
export function useArticlePreview(markdown: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...articleKeys.preview, markdown],
      queryFn: () => previewArticle(markdown),
      enabled: enabled && markdown.trim() !== '',
      placeholderData: keepPreviousData,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}
