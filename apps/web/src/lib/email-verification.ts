import { isLanguage } from '@maktaba/shared/i18n/index';
import type { EmailStatus, VerifyEmailResponse } from '@maktaba/shared/schemas/email-verification';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiFetch } from './api-client';
import { apiErrorKey } from './api-error-text';
import type { ServerAuthState } from './auth/auth-types';
import { dispatchAuth, useAuthStore } from './auth/use-auth';
import { toast } from './toast';

/** The e-mail routes (accounts-and-auth §8), shared by the shell's banner, the book page and Settings. */
export const emailKeys = { status: (userId: string | null) => ['auth', 'email', userId] as const };

export function getEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  return apiFetch<EmailStatus>('/auth/email', { signal });
}

export function openEmailLink(token: string, signal?: AbortSignal): Promise<VerifyEmailResponse> {
  return apiFetch<VerifyEmailResponse>('/auth/verify-email', { method: 'POST', body: { token }, signal });
}

export function resendVerification(locale: string | undefined): Promise<{ sent: boolean }> {
  return apiFetch<{ sent: boolean }>('/auth/verify-email/resend', {
    method: 'POST',
    body: isLanguage(locale ?? '') ? { locale } : {},
  });
}

/**
 * Reads the session again so that what depends on the address (the banner, the name in the menu)
 * follows a verification or a change made in this tab or opened from another device.
 */
export async function reloadAuthState(): Promise<void> {
  const auth = await apiFetch<ServerAuthState>('/auth/session');
  if (!auth.user || !auth.session) return;
  dispatchAuth({ type: 'SESSION_REFRESHED', auth, profileComplete: useAuthStore.getState().profileComplete });
}

/** The signed-in reader's address and whether it is verified; null when signed out. */
export function useEmailVerified(): { email: string; verified: boolean } | null {
  const signedIn = useAuthStore((state) => state.isAuthenticated && state.user !== null);
  const email = useAuthStore((state) => state.user?.email ?? '');
  const verified = useAuthStore((state) => state.user?.emailVerified ?? true);
  return signedIn ? { email, verified } : null;
}

/** Resend with its toasts: sent, limited (429), or failed. */
export function useResendVerification() {
  const { t, i18n } = useTranslation();
  return useMutation({
    mutationFn: () => resendVerification(i18n.language),
    onSuccess: async (result) => {
      const email = useAuthStore.getState().user?.email ?? '';
      if (result.sent) toast.success(t('verifyEmail.resent', { email }));
      else await reloadAuthState();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429) toast.error(t('verifyEmail.tooMany'));
      else toast.error(t(apiErrorKey(error, { fallback: 'verifyEmail.resendFailed' })));
    },
  });
}
