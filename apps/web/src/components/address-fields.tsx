import { COUNTRIES } from '@maktaba/shared/constants';
import { normalizePhoneNumber } from '@maktaba/shared/phone';
import type { CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field, inputClass } from './ui/form-field';

export type AddressFormValues = z.input<typeof CompleteProfileSchema>;

export const ADDRESS_FIELDS = [
  'phone_number',
  'address_line_1',
  'address_line_2',
  'city',
  'state_province',
  'postal_code',
  'country',
] as const;

/** Shows a valid number in international format once the field is left, e.g. +1 202 555 0143. */
function formatPhone(value: string): string {
  const normalized = normalizePhoneNumber(value);
  return normalized ? (parsePhoneNumberFromString(normalized)?.formatInternational() ?? value) : value;
}

/**
 * The phone number and shipping address (accounts-and-auth §2, §5), for registration's second step
 * and for changing the address in settings: one set of fields, labels and autocomplete hints.
 */
export function AddressFields({
  idPrefix,
  register,
  setValue,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<AddressFormValues>;
  setValue: UseFormSetValue<AddressFormValues>;
  errors: FieldErrors<AddressFormValues>;
}) {
  const { t } = useTranslation();
  const message = (key?: string) => (key ? t(key) : undefined);
  const text = (name: (typeof ADDRESS_FIELDS)[number], label: string, autoComplete: string, optional = false) => (
    <Field
      id={`${idPrefix}-${name}`}
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
  return (
    <>
      <Field
        id={`${idPrefix}-phone_number`}
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
          id={`${idPrefix}-country`}
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
    </>
  );
}
