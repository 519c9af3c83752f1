import type { ArticleCoverResult } from '@maktaba/shared/schemas/articles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { articleKeys } from '../lib/query-keys';

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** `POST /api/library/articles/{id}/cover`: the new cover, through the image pipeline. */
export function uploadArticleCover({ id, file }: { id: string; file: File }): Promise<ArticleCoverResult> {
  return apiFetch<ArticleCoverResult>(`/library/articles/${encodeURIComponent(id)}/cover`, {
    method: 'POST',
    body: formOf(file),
  });
}

/** `DELETE /api/library/articles/{id}/cover`. */
export function removeArticleCover(id: string): Promise<unknown> {
  return apiFetch(`/library/articles/${encodeURIComponent(id)}/cover`, { method: 'DELETE' });
}

export function useArticleCover(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: articleKeys.all, refetchType: 'inactive' });
  return {
    upload: useMutation({
      mutationFn: (file: File) => uploadArticleCover({ id, file }),
      retry: false,
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: () => removeArticleCover(id), retry: false, onSuccess: refresh }),
  };
}

/** `POST /api/library/articles/images`: an image stored for use inside a body, with its Markdown. */
export function uploadArticleImage(file: File): Promise<{ url: string; markdown: string }> {
  return apiFetch<{ url: string; markdown: string }>('/library/articles/images', {
    method: 'POST',
    body: formOf(file),
  });
}

export function useUploadArticleImage() {
  return useMutation({ mutationFn: uploadArticleImage, retry: false });
}
