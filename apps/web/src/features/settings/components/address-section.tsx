import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_NAMES, type CountryName, DEFAULT_COUNTRY } from '@maktaba/shared/constants';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { type CompleteProfileInput, CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { Check } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADDRESS_FIELDS, AddressFields, type AddressFormValues } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { updateAddress } from '../api/update-address';

function valuesOf(profile: Profile | null): AddressFormValues {
  return {
    phone_number: profile?.phone_number ?? '',
    address_line_1: profile?.address_line_1 ?? '',
    address_line_2: profile?.address_line_2 ?? '',
    city: profile?.city ?? '',
    state_province: profile?.state_province ?? '',
    postal_code: profile?.postal_code ?? '',
    country: (COUNTRY_NAMES as readonly string[]).includes(profile?.country ?? '')
      ? (profile?.country as CountryName)
      : DEFAULT_COUNTRY,
  };
}

/**
 * Settings → Shipping address: where borrowed books are sent. Saving changes the profile; a loan
 * already requested keeps the address it was asked with (the form says so).
 */
export function AddressSection() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const provider = useAuthStore((state) => state.user?.provider ?? 'credential');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AddressFormValues, unknown, CompleteProfileInput>({
    resolver: zodResolver(CompleteProfileSchema),
    mode: 'onBlur',
    values: valuesOf(profile),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateAddress(values);
      dispatchAuth({ type: 'PROFILE_LOADED', profile: saved, profileComplete: isProfileComplete(saved, provider) });
      reset(valuesOf(saved));
      toast.success(t('settings.address.saved'));
    } catch (error) {
      // Field errors go beside their fields; the rest is a toast. What was typed stays.
      if (!applyFieldErrors(error, setError, ADDRESS_FIELDS)) toast.error(apiErrorText(t, error));
    }
  });

  return (
    <section aria-labelledby="settings-address" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-address" className="font-display text-xl font-bold">
        {t('settings.address.title')}
      </h2>
      <p className="mt-1 text-muted">{t('settings.address.description')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <AddressFields idPrefix="settings-address" register={register} setValue={setValue} errors={errors} />
        <div>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            <Check aria-hidden className="size-4" />
            {isSubmitting ? t('settings.address.saving') : t('settings.address.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
