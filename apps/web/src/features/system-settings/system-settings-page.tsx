import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY_CODES, countryName } from '@maktaba/shared/countries';
import { type SystemSettings, SystemSettingsFormSchema } from '@maktaba/shared/schemas/system-settings';
import { Check, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/form-field';
import { Skeleton } from '../../components/ui/skeleton';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { apiErrorKey, apiErrorText } from '../../lib/api-error-text';
import { applyFieldErrors } from '../../lib/apply-field-errors';
import { useSaveSystemSettings, useSystemSettings } from './api';
import { CountryPicker } from './country-picker';

/** What the form edits: the settings with the return address as text fields (all blank: none). */
type FormValues = Omit<SystemSettings, 'return_address'> & {
  return_address: NonNullable<SystemSettings['return_address']>;
};

const BLANK_ADDRESS: FormValues['return_address'] = {
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country: '',
};

const toForm = (settings: SystemSettings): FormValues => ({
  ...settings,
  return_address: settings.return_address ?? BLANK_ADDRESS,
});

/** Every field the server may name in its field errors. */
const FIELDS: FieldPath<FormValues>[] = [
  'library_name_en',
  'library_name_ar',
  'contact_email',
  'return_address.address_line_1',
  'return_address.address_line_2',
  'return_address.city',
  'return_address.state_province',
  'return_address.postal_code',
  'return_address.country',
  'registration_open',
  'shipping_countries',
];

/** /admin/settings: the library's system settings in one form, and the way to the lending settings. */
export function SystemSettingsPage() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold">{t('pages.admin.settings')}</h1>
        <p className="mt-1 text-muted">{t('systemSettings.description')}</p>
      </div>
      {settings.isError ? (
        <Alert
          variant="destructive"
          title={t('systemSettings.loadError')}
          action={
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              {t('systemSettings.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(settings.error))}
        </Alert>
      ) : settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : (
        <Skeleton className="h-[70vh] w-full" />
      )}
    </div>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

function SettingsForm({ initial }: { initial: SystemSettings }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSystemSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues, unknown, SystemSettings>({
    // The form's schema reads a blank return address as none.
    resolver: zodResolver(SystemSettingsFormSchema) as never,
    mode: 'onBlur',
    defaultValues: toForm(initial),
  });
  const message = (key?: string) => (key ? t(key) : undefined);
  const address = errors.return_address;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(toForm(saved));
      toast.success(t('systemSettings.saved'));
    } catch (error) {
      // Field errors beside their fields, the rest as a toast; what was typed stays either way.
      if (!applyFieldErrors(error, setError, FIELDS)) toast.error(apiErrorText(t, error));
    }
  });

  const text = (
    name: FieldPath<FormValues>,
    label: string,
    error: string | undefined,
    options: { dir?: string; type?: string; autoComplete?: string; optional?: boolean } = {},
  ) => (
    <Field
      id={`system-${name.replace('.', '-')}`}
      label={label}
      labelNote={options.optional ? t('auth.optional') : undefined}
      error={message(error)}
    >
      {(controlProps) => (
        <input
          {...controlProps}
          {...register(name)}
          type={options.type ?? 'text'}
          dir={options.dir ?? 'auto'}
          autoComplete={options.autoComplete ?? 'off'}
          className={inputClass(Boolean(error))}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <UnsavedChangesGuard when={isDirty && !isSubmitting} description={t('systemSettings.unsavedDescription')} />
      <Section
        id="system-library"
        title={t('systemSettings.library.title')}
        description={t('systemSettings.library.description')}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text('library_name_en', t('systemSettings.library.nameEn'), errors.library_name_en?.message, { dir: 'ltr' })}
          {text('library_name_ar', t('systemSettings.library.nameAr'), errors.library_name_ar?.message, { dir: 'rtl' })}
        </div>
      </Section>

      <Section
        id="system-contact"
        title={t('systemSettings.contact.title')}
        description={t('systemSettings.contact.description')}
      >
        {text('contact_email', t('systemSettings.contact.email'), errors.contact_email?.message, {
          dir: 'ltr',
          type: 'email',
          autoComplete: 'email',
        })}
        <fieldset className="min-w-0">
          <legend className="font-semibold">{t('systemSettings.contact.returnAddress')}</legend>
          <p className="mt-1 text-sm text-muted">{t('systemSettings.contact.returnAddressHint')}</p>
          <div className="mt-3 flex flex-col gap-4">
            {text(
              'return_address.address_line_1',
              t('auth.completeProfile.addressLine1'),
              address?.address_line_1?.message,
            )}
            {text(
              'return_address.address_line_2',
              t('auth.completeProfile.addressLine2'),
              address?.address_line_2?.message,
              { optional: true },
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {text('return_address.city', t('auth.completeProfile.city'), address?.city?.message)}
              {text('return_address.state_province', t('auth.completeProfile.state'), address?.state_province?.message)}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('return_address.postal_code', t('auth.completeProfile.postal'), address?.postal_code?.message)}
              <Field
                id="system-return_address-country"
                label={t('auth.completeProfile.country')}
                error={message(address?.country?.message)}
              >
                {(controlProps) => (
                  <select
                    {...controlProps}
                    {...register('return_address.country')}
                    className={inputClass(Boolean(address?.country))}
                  >
                    <option value="">{t('systemSettings.contact.chooseCountry')}</option>
                    {COUNTRY_CODES.map((code) => ({ code, name: countryName(code, i18n.language) }))
                      .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
                      .map(({ code, name }) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
            </div>
          </div>
        </fieldset>
      </Section>

      <Section id="system-registration" title={t('systemSettings.registration.title')}>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-primary"
            {...register('registration_open')}
            aria-describedby="system-registration-hint"
          />
          <span>
            <span className="font-semibold">{t('systemSettings.registration.open')}</span>
            <span id="system-registration-hint" className="block text-sm text-muted">
              {t('systemSettings.registration.hint')}
            </span>
          </span>
        </label>
      </Section>

      <Section
        id="system-shipping"
        title={t('systemSettings.shipping.title')}
        description={t('systemSettings.shipping.description')}
      >
        <Controller
          control={control}
          name="shipping_countries"
          render={({ field }) => (
            <Field
              id="system-shipping-countries"
              label={t('systemSettings.shipping.search')}
              error={message(
                errors.shipping_countries?.message ??
                  errors.shipping_countries?.root?.message ??
                  (Array.isArray(errors.shipping_countries)
                    ? errors.shipping_countries.find(Boolean)?.message
                    : undefined),
              )}
            >
              {(controlProps) => (
                <CountryPicker
                  id={controlProps.id}
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(controlProps['aria-invalid'])}
                  describedBy={controlProps['aria-describedby']}
                />
              )}
            </Field>
          )}
        />
      </Section>

      <Section
        id="system-lending"
        title={t('systemSettings.lending.title')}
        description={t('systemSettings.lending.description')}
      >
        <Link
          to="/library/settings"
          className="inline-flex items-center gap-1 self-start font-semibold text-primary underline underline-offset-4"
        >
          {t('systemSettings.lending.link')}
          <ExternalLink aria-hidden className="flip-rtl size-4" />
        </Link>
      </Section>

      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-border bg-bg/95 py-3 backdrop-blur">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          <Check aria-hidden className="size-4" />
          {isSubmitting ? t('systemSettings.saving') : t('systemSettings.save')}
        </Button>
        {isDirty ? <span className="text-sm text-muted">{t('systemSettings.unsaved')}</span> : null}
      </div>
    </form>
  );
}
