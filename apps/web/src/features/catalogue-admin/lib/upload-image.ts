import { ApiError } from '../../../lib/api-client';

export type StoredImage = { key: string; url: string };

const STATUS_CODES: Record<number, ApiError['code']> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Sends one image as multipart field `file` (the JSON client cannot). Failures become ApiErrors with
 * the server's code, or one derived from the status when a proxy answered instead.
 */
export async function uploadImage(path: string, file: File): Promise<StoredImage> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'PUT', body, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError('NETWORK', (error as Error).message, 0);
  }
  const data = (await response.json().catch(() => undefined)) as
    | { error?: { code: ApiError['code']; message: string; details?: unknown } }
    | StoredImage
    | undefined;
  if (!response.ok) {
    const failure = data && 'error' in data ? data.error : undefined;
    const code = failure?.code ?? STATUS_CODES[response.status] ?? 'UNKNOWN';
    throw new ApiError(code, failure?.message ?? response.statusText, response.status, failure?.details);
  }
  return data as StoredImage;
}
