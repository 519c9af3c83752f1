import { zodResolver } from '@hookform/resolvers/zod';
import { type CompleteProfileInput, CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import { Check, LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ADDRESS_FIELDS, AddressFields, type AddressFormValues } from '../../../components/address-fields';
import { Button } from '../../../components/ui/button';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { guardSubmit } from '../lib/guard-submit';
import { prepareAddress } from '../lib/prepare-input';
import { BackButton } from './back-button';
import { FormAlert } from './form-alert';
import { StepIndicator } from './step-indicator';

type CompleteProfileFormProps = {
  /** 'register': the account is created with this address; 'update': an existing account completes its profile. */
  mode: 'register' | 'update';
  onSubmitAddress: (address: CompleteProfileInput) => Promise<{ ok: boolean; error?: unknown }>;
  onBack?: () => void;
  onSignOut?: () => void;
};

/** Register step 2, the shipping address (accounts-and-auth §2, §5). */
export function CompleteProfileForm({ mode, onSubmitAddress, onBack, onSignOut }: CompleteProfileFormProps) {
  const { t } = useTranslation();
  const error = useAuthStore((state) => state.error);
  const email = useAuthStore((state) => state.email);
  const isHidden = useAuthStore((state) => state.isPerformingActiveSignIn);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues, unknown, CompleteProfileInput>({
    resolver: zodResolver(CompleteProfileSchema),
    mode: 'onBlur',
    defaultValues: {
      phone_number: '',
      address_line_1: '',
      address_line_2: '',
      city: '',
      state_province: '',
      postal_code: '',
      country: 'US',
    },
  });

  // Back from behind the splash after a failed registration: focus returns to the form.
  useEffect(() => {
    if (!isHidden && error) setFocus('phone_number');
  }, [isHidden, error, setFocus]);

  const onSubmit = handleSubmit(
    guardSubmit(t, async (values: CompleteProfileInput) => {
      const prepared = prepareAddress(values);
      if (!prepared.ok) {
        toast.error(t('validation.invalidInput'));
        return;
      }
      const result = await onSubmitAddress(prepared.value);
      if (!result.ok) applyFieldErrors(result.error, setError, ADDRESS_FIELDS);
    }),
  );

  const submitLabel = mode === 'register' ? t('auth.completeProfile.submitting') : t('auth.completeProfile.saving');

  return (
    <div>
      {onBack ? <BackButton onClick={onBack} /> : null}
      {mode === 'register' ? <StepIndicator current={2} /> : null}
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.completeProfile.title')}</h1>
      <p className="mt-2 text-muted">{t('auth.completeProfile.description')}</p>
      {mode === 'update' && email ? (
        <p className="mt-1 text-sm text-muted">
          {/* The address is isolated so it keeps its own direction inside an Arabic sentence. */}
          <Trans
            i18nKey="auth.completeProfile.signedInAs"
            values={{ email }}
            components={{ email: <bdi dir="ltr" /> }}
          />
        </p>
      ) : null}
      <div className="mt-6">
        <FormAlert error={error} />
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <AddressFields
          idPrefix="profile"
          register={register}
          setValue={setValue}
          errors={errors}
          country={watch('country')}
          pickShippingCountry
        />
        <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
          <Check aria-hidden className="size-4" />
          {isSubmitting ? submitLabel : t('auth.completeProfile.submit')}
        </Button>
        {onSignOut ? (
          <Button variant="ghost" className="w-full" onClick={onSignOut} disabled={isSubmitting}>
            <LogOut aria-hidden className="flip-rtl size-4" />
            {t('auth.completeProfile.signOut')}
          </Button>
        ) : null}
      </form>
    </div>
  );
}
