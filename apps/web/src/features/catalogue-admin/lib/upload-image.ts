import { apiFetch } from '../../../lib/api-client';

export type StoredImage = { key: string; url: string };

/** Sends one image as multipart field `file`; failures are ApiErrors like every other call's. */
export function uploadImage(path: string, file: File): Promise<StoredImage> {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<StoredImage>(path, { method: 'PUT', body });
}
