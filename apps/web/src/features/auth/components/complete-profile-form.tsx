import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, DEFAULT_COUNTRY } from '@maktaba/shared/constants';
import { normalizePhoneNumber } from '@maktaba/shared/phone';
import { type CompleteProfileInput, CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { Check, LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { guardSubmit } from '../lib/guard-submit';
import { prepareAddress } from '../lib/prepare-input';
import { BackButton } from './back-button';
import { FormAlert } from './form-alert';
import { StepIndicator } from './step-indicator';

type FormValues = z.input<typeof CompleteProfileSchema>;

const FIELDS = [
  'phone_number',
  'address_line_1',
  'address_line_2',
  'city',
  'state_province',
  'postal_code',
  'country',
] as const;

type CompleteProfileFormProps = {
  /** 'register': the account is created with this address; 'update': an existing account completes its profile. */
  mode: 'register' | 'update';
  onSubmitAddress: (address: CompleteProfileInput) => Promise<{ ok: boolean; error?: unknown }>;
  onBack?: () => void;
  onSignOut?: () => void;
};

/** Shows a valid number in international format once the field is left, e.g. +1 202 555 0143. */
function formatPhone(value: string): string {
  const normalized = normalizePhoneNumber(value);
  return normalized ? (parsePhoneNumberFromString(normalized)?.formatInternational() ?? value) : value;
}

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
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CompleteProfileInput>({
    resolver: zodResolver(CompleteProfileSchema),
    mode: 'onBlur',
    defaultValues: {
      phone_number: '',
      address_line_1: '',
      address_line_2: '',
      city: '',
      state_province: '',
      postal_code: '',
      country: DEFAULT_COUNTRY,
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
      if (!result.ok) applyFieldErrors(result.error, setError, FIELDS);
    }),
  );

  const message = (key?: string) => (key ? t(key) : undefined);
  const text = (name: (typeof FIELDS)[number], label: string, autoComplete: string, optional = false) => (
    <Field
      id={`profile-${name}`}
      label={label}
      labelNote={optional ? t('auth.optional') : undefined}
      error={message(errors[name]?.message)}
    >
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type="text"
          dir="auto"
          autoComplete={autoComplete}
          className={inputClass(Boolean(errors[name]))}
        />
      )}
    </Field>
  );
  const phone = register('phone_number');
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
        <Field
          id="profile-phone_number"
          label={t('auth.completeProfile.phone')}
          hint={<Trans i18nKey="auth.completeProfile.phoneHint" components={{ number: <bdi dir="ltr" /> }} />}
          error={message(errors.phone_number?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...phone}
              onBlur={(event) => {
                setValue('phone_number', formatPhone(event.target.value));
                return phone.onBlur(event);
              }}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+1 555 123 4567"
              className={inputClass(Boolean(errors.phone_number))}
            />
          )}
        </Field>
        {text('address_line_1', t('auth.completeProfile.addressLine1'), 'address-line1')}
        {text('address_line_2', t('auth.completeProfile.addressLine2'), 'address-line2', true)}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('city', t('auth.completeProfile.city'), 'address-level2')}
          {text('state_province', t('auth.completeProfile.state'), 'address-level1')}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('postal_code', t('auth.completeProfile.postal'), 'postal-code')}
          <Field
            id="profile-country"
            label={t('auth.completeProfile.country')}
            error={message(errors.country?.message)}
          >
            {(control) => (
              <select
                {...control}
                {...register('country')}
                autoComplete="country-name"
                className={inputClass(Boolean(errors.country))}
              >
                {COUNTRIES.map((country) => (
                  <option key={country.code} value={country.name}>
                    {t(`countries.${country.code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
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
