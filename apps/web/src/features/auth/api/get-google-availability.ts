import type { PublicConfig } from '@maktaba/shared/schemas/public-config';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/config`: whether this server has Google sign-in configured. */
export async function isGoogleSignInEnabled(signal?: AbortSignal): Promise<boolean> {
  const config = await apiFetch<PublicConfig>('/config', { signal });
  return config.googleSignInEnabled;
}
