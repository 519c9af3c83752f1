import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { pickLocalized } from '../../../lib/localized-text';
import { type PickKind, type PickOption, usePickSearch } from '../api/pickers';
import { usePageLanguage } from '../hooks/use-page-language';

type RecordPickerProps = {
  id: string;
  kind: PickKind;
  label: string;
  hint: string;
  value: PickOption | null;
  onChange: (value: PickOption | null) => void;
};

/**
 * An optional link to a book, a guide or a host: type, choose one of the matches (each a button,
 * reachable with Tab); the chosen one shows with a button that removes it.
 */
export function RecordPicker({ id, kind, label, hint, value, onChange }: RecordPickerProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const results = usePickSearch(kind, debounced);
  const nameOf = (option: PickOption) => pickLocalized(option.en, option.ar, language);

  if (value) {
    const name = nameOf(value);
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold">{label}</span>
        <div className="flex min-h-11 items-center gap-2 rounded-app border border-border bg-surface-2 ps-3">
          <bdi className="min-w-0 flex-1 truncate text-sm font-semibold" lang={name?.lang} data-testid={`${id}-chosen`}>
            {name?.text}
          </bdi>
          <button
            type="button"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-app hover:bg-surface"
            aria-label={t('circles.picker.remove', { name: name?.text ?? '' })}
            onClick={() => onChange(null)}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    );
  }

  const options = results.data ?? [];
  const isSearching = debounced.trim().length >= (kind === 'host' ? 1 : 2);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        <span className="ms-1 font-normal text-muted">({t('circles.form.optional')})</span>
      </label>
      <input
        id={id}
        type="search"
        dir="auto"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        className={inputClass(false)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
      {isSearching ? (
        <div aria-live="polite" className="text-sm">
          {results.isPending ? (
            <p className="text-muted">{t('circles.picker.searching')}</p>
          ) : results.isError ? (
            <p className="text-danger">{t('circles.picker.failed')}</p>
          ) : options.length === 0 ? (
            <p className="text-muted">{t('circles.picker.noResults')}</p>
          ) : (
            <ul
              className="flex flex-col gap-1 rounded-app border border-border p-1"
              aria-label={t('circles.picker.results')}
            >
              {options.map((option) => {
                const name = nameOf(option);
                return (
                  <li key={option.id}>
                    <button
                      type="button"
                      className="flex min-h-11 w-full flex-wrap items-center gap-x-2 rounded-app px-3 text-start hover:bg-surface-2"
                      onClick={() => {
                        onChange(option);
                        setQuery('');
                      }}
                    >
                      <bdi className="min-w-0 truncate" lang={name?.lang}>
                        {name?.text}
                      </bdi>
                      {option.detail ? (
                        <span className="min-w-0 truncate text-xs text-muted" dir="ltr">
                          {option.detail}
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
