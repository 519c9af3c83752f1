import { apiFetch } from '../../../lib/api-client';

/**
 * `POST /api/auth/sign-in/oauth2`: the address of Google's consent page for this browser (a state
 * cookie comes with it). The server decides where Google returns to (`/auth/callback`).
 */
export function startGoogleSignIn(signal?: AbortSignal): Promise<{ url: string; redirect: boolean }> {
  return apiFetch('/auth/sign-in/oauth2', {
    method: 'POST',
    body: {
      providerId: 'google',
      callbackURL: '/auth/callback',
      errorCallbackURL: '/auth/callback',
      newUserCallbackURL: '/auth/callback',
    },
    signal,
  });
}
