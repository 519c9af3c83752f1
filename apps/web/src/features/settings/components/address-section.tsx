import { zodResolver } from '@hookform/resolvers/zod';
import { countryCodeOf } from '@maktaba/shared/countries';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { type CompleteProfileInput, CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { Check, Truck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADDRESS_FIELDS, AddressFields, type AddressFormValues } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { formatDateTime } from '../../../lib/format';
import { openShipmentQueryOptions } from '../api/get-open-shipments';
import { updateAddress } from '../api/update-address';

function valuesOf(profile: Profile | null): AddressFormValues {
  return {
    phone_number: profile?.phone_number ?? '',
    address_line_1: profile?.address_line_1 ?? '',
    address_line_2: profile?.address_line_2 ?? '',
    city: profile?.city ?? '',
    state_province: profile?.state_province ?? '',
    postal_code: profile?.postal_code ?? '',
    // The select holds codes; the profile stores the country's English name.
    country: countryCodeOf(profile?.country) ?? 'US',
  };
}

/**
 * Settings → Address and phone: the phone number and where borrowed books are sent. Saving
 * changes the profile; a loan already requested keeps the address it was asked with (the form
 * says so, and says it again to a reader with a request or a parcel on its way).
 */
export function AddressSection() {
  const { t, i18n } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const provider = useAuthStore((state) => state.user?.provider ?? 'credential');
  const { data: hasOpenShipment } = useQuery(openShipmentQueryOptions(profile?.id ?? null));
  const changedAt = profile?.address_updated_at ? new Date(profile.address_updated_at) : null;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
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
      {changedAt ? (
        <p className="mt-1 text-sm text-muted" data-testid="address-last-changed">
          <Trans
            i18nKey="settings.address.lastChanged"
            values={{ date: formatDateTime(changedAt, i18n.language) }}
            components={{ time: <time dateTime={changedAt.toISOString()} /> }}
          />
        </p>
      ) : null}
      {hasOpenShipment ? (
        <p
          role="note"
          data-testid="address-open-shipment"
          className="mt-3 flex items-start gap-2 rounded-app border border-border bg-surface-2 p-3 text-sm"
        >
          <Truck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{t('settings.address.openShipment')}</span>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <AddressFields
          idPrefix="settings-address"
          register={register}
          setValue={setValue}
          errors={errors}
          country={watch('country')}
        />
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
