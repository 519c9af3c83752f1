import { AUTH_CALL_POLICIES } from '@maktaba/shared/constants';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import type { CompleteProfileInput } from '@maktaba/shared/schemas/auth';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { completenessCache } from '../../../lib/auth/completeness-cache';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { saveAddress } from '../api/save-address';
import { mapAuthError } from '../lib/map-auth-error';
import { callWithPolicy } from '../lib/with-retries';
import type { FlowResult } from './use-sign-in';

/**
 * Step 2 for someone already signed in (no draft: a profile that was never finished). The
 * existing profile is updated instead of creating an account (accounts-and-auth §4).
 */
export function useSaveAddress() {
  const { t } = useTranslation();
  return useCallback(
    async (address: CompleteProfileInput): Promise<FlowResult> => {
      const user = useAuthStore.getState().user;
      try {
        // A profile update: one retry, 15 s per try (accounts-and-auth §7).
        const profile = await callWithPolicy(AUTH_CALL_POLICIES.profileUpdate, (signal) =>
          saveAddress(address, signal),
        );
        if (user) completenessCache.set(user.id, isProfileComplete(profile, user.provider));
        dispatchAuth({ type: 'PROFILE_COMPLETED', profile });
        toast.success(t('auth.toasts.registrationCompleted'), { duration: 5_000 });
        return { ok: true };
      } catch (error) {
        const message = mapAuthError(error, 'registration');
        toast.error(t('auth.toasts.registrationFailed', { message: t(message.key, message.values ?? {}) }), {
          duration: 5_000,
        });
        return { ok: false, error };
      }
    },
    [t],
  );
}
