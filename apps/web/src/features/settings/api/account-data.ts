import type { DeleteAccountInput, DeletionRequirements } from '@maktaba/shared/schemas/account-data';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** `GET /api/profiles/me/deletion`: whether deleting asks for the password or a recent sign-in. */
export function useDeletionRequirements(userId: string | null) {
  return useQuery({
    queryKey: ['account-data', 'deletion', userId],
    queryFn: ({ signal }) => apiFetch<DeletionRequirements>('/profiles/me/deletion', { signal }),
    staleTime: 0,
  });
}

/** `POST /api/profiles/me/delete`: deletes the account; the server signs this browser out. */
export function deleteOwnAccount(input: DeleteAccountInput): Promise<void> {
  return apiFetch<void>('/profiles/me/delete', { method: 'POST', body: input });
}

/**
 * `GET /api/profiles/me/export`, saved as the file the server names. Read through fetch (not a
 * link) so a refusal (rate limit, signed out) can be told to the reader in their language.
 */
export async function downloadOwnData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/profiles/me/export', { credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK', 'Network error', 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const code = body?.error?.code ?? 'UNKNOWN';
    throw new ApiError(code, body?.error?.message ?? response.statusText, response.status, body?.error?.details);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'maktaba-data.json';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
