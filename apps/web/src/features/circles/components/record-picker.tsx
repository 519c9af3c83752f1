import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupMatches } from '../../../components/lookup-matches';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { type PickKind, type PickOption, usePickSearch } from '../api/pickers';

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
        <LookupMatches
          state={results}
          matches={options}
          keyOf={(option) => option.id}
          render={(option) => {
            const name = nameOf(option);
            return (
              <>
                <bdi className="min-w-0 truncate" lang={name?.lang}>
                  {name?.text}
                </bdi>
                {option.detail ? (
                  <span className="min-w-0 truncate text-xs text-muted" dir="ltr">
                    {option.detail}
                  </span>
                ) : null}
              </>
            );
          }}
          onPick={(option) => {
            onChange(option);
            setQuery('');
          }}
          texts={{
            searching: t('circles.picker.searching'),
            failed: t('circles.picker.failed'),
            none: t('circles.picker.noResults'),
            list: t('circles.picker.results'),
          }}
        />
      ) : null}
    </div>
  );
}
