import type { BackupCodes, Passkey, TwoFactorSetup } from '@maktaba/shared/schemas/security';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ServerAuthState } from '../../../lib/auth/auth-types';
import { completenessOf } from '../../../lib/auth/completeness-cache';
import { dispatchAuth } from '../../../lib/auth/use-auth';

/** The renewed auth state after a change of two-factor sign-in (the server renews the session). */
function refreshAuth(auth: ServerAuthState) {
  if (auth.user && auth.session)
    dispatchAuth({ type: 'SESSION_REFRESHED', auth, profileComplete: completenessOf(auth) });
}

export function useStartTwoFactorSetup() {
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: (password: string) =>
      apiFetch<TwoFactorSetup>('/auth/two-factor/enable', { method: 'POST', body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: (code: string) =>
      apiFetch<ServerAuthState>('/auth/two-factor/confirm', { method: 'POST', body: { code } }),
    onSuccess: refreshAuth,
  });
}

export function useDisableTwoFactor() {
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: (password: string) =>
      apiFetch<ServerAuthState>('/auth/two-factor/disable', { method: 'POST', body: { password } }),
    onSuccess: refreshAuth,
  });
}

export function useRegenerateBackupCodes() {
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: (password: string) =>
      apiFetch<BackupCodes>('/auth/two-factor/backup-codes', { method: 'POST', body: { password } }),
  });
}

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'passkeys'],
    queryFn: ({ signal }) => apiFetch<{ items: Passkey[] }>('/auth/passkeys', { signal }),
  });

/** Adds a passkey: the server's options, the browser's ceremony, the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: async (name: string) => {
      const { options } = await apiFetch<{ options: PublicKeyCredentialCreationOptionsJSON }>(
        '/auth/passkeys/registration-options',
        { method: 'POST' },
      );
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options });
      return apiFetch<Passkey>('/auth/passkeys', { method: 'POST', body: { response, name } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<Passkey>(`/auth/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    // A wrong password or code, or a ceremony the reader cancelled, is not tried again.
    retry: false,
    mutationFn: (id: string) => apiFetch<void>(`/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
  });
}
