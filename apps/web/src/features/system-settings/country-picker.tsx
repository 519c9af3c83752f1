import { COUNTRY_CODES, countryName } from '@maktaba/shared/countries';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/ui/form-field';

/**
 * The countries the library ships to: the chosen ones as removable chips, then a searchable list
 * of every country (named through Intl.DisplayNames in the page's language) with a checkbox each.
 */
export function CountryPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const language = i18n.language;
  const names = useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [language]);
  const needle = normalizeSearchText(query.trim());
  const shown = needle
    ? names.filter(
        ({ code, name }) => normalizeSearchText(name).includes(needle) || code.toLowerCase() === needle.toLowerCase(),
      )
    : names;
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((chosen) => chosen !== code));

  return (
    <div className="flex flex-col gap-3">
      <ul
        className="flex flex-wrap gap-2"
        aria-label={t('systemSettings.shipping.chosen')}
        data-testid="chosen-countries"
      >
        {value.map((code) => (
          <li key={code}>
            <span className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-1 ps-3 pe-1 text-sm">
              {countryName(code, language)}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={t('systemSettings.shipping.remove', { country: countryName(code, language) })}
                onClick={() => toggle(code, false)}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="search"
        dir="auto"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('systemSettings.shipping.searchPlaceholder')}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-controls={`${id}-list`}
        className={inputClass(invalid)}
      />
      <fieldset
        id={`${id}-list`}
        className="max-h-64 min-w-0 overflow-y-auto rounded-app border border-border p-2"
        aria-label={t('systemSettings.shipping.all')}
      >
        {shown.length === 0 ? (
          <p className="p-2 text-sm text-muted">{t('systemSettings.shipping.noMatch')}</p>
        ) : (
          shown.map(({ code, name }) => (
            <label key={code} className="flex cursor-pointer items-center gap-2 rounded p-1.5 hover:bg-surface-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={value.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              <span>{name}</span>
            </label>
          ))
        )}
      </fieldset>
    </div>
  );
}
