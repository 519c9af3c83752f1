import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorKeys } from '../lib/query-keys';
import { uploadImage } from '../lib/upload-image';

/** `PUT /api/scholars/{id}/photo` (multipart `file`). */
export function setScholarPhoto({ id, file }: { id: string; file: File }) {
  return uploadImage(`/scholars/${encodeURIComponent(id)}/photo`, file);
}

export function useSetScholarPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setScholarPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys.scholars }),
  });
}
