import type { StoredImage } from '@maktaba/shared/schemas/storage';
import { apiFetch } from '../../../lib/api-client';

/** `PUT /api/profiles/me/avatar` (multipart field `file`): stored as WebP, replacing the last one. */
export function uploadOwnAvatar(file: File): Promise<StoredImage> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<StoredImage>('/profiles/me/avatar', { method: 'PUT', body });
}

/** `DELETE /api/profiles/me/avatar`: back to the initials. */
export function removeOwnAvatar(): Promise<void> {
  return apiFetch<void>('/profiles/me/avatar', { method: 'DELETE' });
}
