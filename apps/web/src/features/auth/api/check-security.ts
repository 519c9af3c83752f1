import type { SecurityAction, SecurityCheckResponse } from '@maktaba/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

const ALLOWED: SecurityCheckResponse = { allowed: true, clientIP: '', riskScore: 0, reasons: [] };

/**
 * `POST /api/auth/security-check` before signing in or registering. When the check itself fails
 * (offline, server error) the attempt is allowed, as the spec says: the sign-in and sign-up
 * routes repeat the same check on the server, so nothing is skipped.
 */
export async function checkSecurity(
  action: SecurityAction,
  identifier: string,
  signal?: AbortSignal,
): Promise<SecurityCheckResponse> {
  try {
    return await apiFetch<SecurityCheckResponse>('/auth/security-check', {
      method: 'POST',
      body: { action, identifier, metadata: { userAgent: navigator.userAgent.slice(0, 1000) } },
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return ALLOWED;
  }
}
