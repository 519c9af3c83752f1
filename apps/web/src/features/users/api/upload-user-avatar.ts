import { apiFetch } from '../../../lib/api-client';
import { useUserMutation } from '../hooks/use-user-mutation';

/** `PUT /api/profiles/{id}/avatar` (multipart field `file`), through the storage interface. */
export function uploadUserAvatar(id: string, file: File): Promise<{ key: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch(`/profiles/${encodeURIComponent(id)}/avatar`, { method: 'PUT', body });
}

export function useUploadUserAvatar(id: string) {
  return useUserMutation(id, (file: File) => uploadUserAvatar(id, file));
}
