import { countryCodeOf, countryName } from '@maktaba/shared/countries';
import { normalizePhoneNumber } from '@maktaba/shared/phone';
import type { CompleteProfileSchema } from '@maktaba/shared/schemas/auth';
import { DEFAULT_SHIPPING_COUNTRIES } from '@maktaba/shared/schemas/system-settings';
import { type CountryCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { useEffect } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { usePublicConfig } from '../lib/public-config';
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
function formatPhone(value: string, country: string | undefined): string {
  const normalized = normalizePhoneNumber(value, country);
  return normalized ? (parsePhoneNumberFromString(normalized)?.formatInternational() ?? value) : value;
}

/** An example number of the country in international format (the phone field's placeholder). */
function exampleNumber(code: string | null): string {
  if (!code) return '+1 555 123 4567';
  try {
    return getExampleNumber(code as CountryCode, examples)?.formatInternational() ?? '+1 555 123 4567';
  } catch {
    return '+1 555 123 4567';
  }
}

/**
 * The phone number and shipping address (accounts-and-auth §2, §5), for registration's second step
 * and for changing the address in settings: one set of fields, labels and autocomplete hints. The
 * countries offered are those the library ships to (system settings, from /api/config), named in
 * the page's language; a number without a country code is read in the chosen country.
 * `country` is the form's current country (a code); `pickShippingCountry` replaces one the library
 * does not ship to with the first it does (a new address), else it stays, marked, until changed.
 */
export function AddressFields({
  idPrefix,
  register,
  setValue,
  errors,
  country,
  pickShippingCountry = false,
}: {
  idPrefix: string;
  register: UseFormRegister<AddressFormValues>;
  setValue: UseFormSetValue<AddressFormValues>;
  errors: FieldErrors<AddressFormValues>;
  country?: string;
  pickShippingCountry?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { data: config } = usePublicConfig();
  const shipping = config?.shippingCountries ?? DEFAULT_SHIPPING_COUNTRIES;
  const current = countryCodeOf(country);
  const notShipped = Boolean(config && current && !shipping.includes(current));
  useEffect(() => {
    if (!config || !pickShippingCountry || shipping.length === 0) return;
    if (!current || !shipping.includes(current)) setValue('country', shipping[0] as string, { shouldDirty: true });
  }, [config, pickShippingCountry, shipping, current, setValue]);
  const options = current && !shipping.includes(current) ? [current, ...shipping] : shipping;
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
        hint={
          <Trans
            i18nKey="auth.completeProfile.phoneHint"
            // Isolated left to right inside an Arabic sentence (the <number> element alone does not reach it).
            values={{ example: `\u2066${exampleNumber(current)}\u2069` }}
            components={{ number: <bdi dir="ltr" /> }}
          />
        }
        error={message(errors.phone_number?.message)}
      >
        {(control) => (
          <input
            {...control}
            {...phone}
            onBlur={(event) => {
              setValue('phone_number', formatPhone(event.target.value, current ?? undefined));
              return phone.onBlur(event);
            }}
            type="tel"
            dir="ltr"
            autoComplete="tel"
            inputMode="tel"
            placeholder={exampleNumber(current)}
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
          hint={notShipped ? t('systemSettings.address.notShipped') : undefined}
          error={message(errors.country?.message)}
        >
          {(control) => (
            <select
              {...control}
              {...register('country')}
              autoComplete="country-name"
              className={inputClass(Boolean(errors.country))}
            >
              {options.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, i18n.language)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </>
  );
}
