import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';

export type SecondStepKind = 'totp' | 'backup_code';

/** The second step of a password sign-in: a code from the authenticator app, or a backup code. */
export function verifySecondStep(
  kind: SecondStepKind,
  body: { code: string; trust_device: boolean },
  signal?: AbortSignal,
): Promise<ServerAuthState> {
  const path = kind === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code';
  return apiFetch<ServerAuthState>(path, { method: 'POST', body, signal });
}

/**
 * Passkey sign-in: the server's options, the browser's ceremony (the reader picks a passkey and
 * unlocks it), and the server's check. The browser library is loaded only when it is used.
 */
export async function signInWithPasskey(signal?: AbortSignal): Promise<ServerAuthState> {
  const { options } = await apiFetch<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/auth/passkeys/sign-in-options',
    { method: 'POST', signal },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  return apiFetch<ServerAuthState>('/auth/passkeys/sign-in', { method: 'POST', body: { response }, signal });
}
