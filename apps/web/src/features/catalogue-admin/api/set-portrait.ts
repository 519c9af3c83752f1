import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorKeys } from '../lib/query-keys';
import { uploadImage } from '../lib/upload-image';

type PortraitOwner = 'authors' | 'scholars';

/** `PUT /api/authors/{id}/photo` or `PUT /api/scholars/{id}/photo` (multipart `file`). */
export function setPortrait(owner: PortraitOwner, { id, file }: { id: string; file: File }) {
  return uploadImage(`/${owner}/${encodeURIComponent(id)}/photo`, file);
}

export function useSetPortrait(owner: PortraitOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; file: File }) => setPortrait(owner, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorKeys[owner] }),
  });
}
