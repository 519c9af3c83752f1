import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupMatches } from '../../../components/lookup-matches';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { type RecordOption, useRecordSearch } from '../api/search-records';

type RecordPickerProps = {
  id: string;
  label: string;
  hint: string;
  kind: 'speaker' | 'book';
  value: RecordOption | null;
  onChange: (value: RecordOption | null) => void;
};

/** The record's name in the page's language, with the language it is written in. */
export function useRecordName() {
  const language = usePageLanguage();
  return (option: RecordOption) => pickLocalized(option.name_en, option.name_ar, language);
}

/**
 * An optional link to a catalogue record: type two letters, choose one of the matches; the chosen
 * record shows with a button to remove it. Every match is a button, reachable with Tab.
 */
export function RecordPicker({ id, label, hint, kind, value, onChange }: RecordPickerProps) {
  const { t } = useTranslation();
  const nameOf = useRecordName();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const results = useRecordSearch(kind, debounced);
  const hintId = `${id}-hint`;

  if (value) {
    const name = nameOf(value);
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold" id={`${id}-label`}>
          {label}
        </span>
        <div className="flex min-h-11 items-center gap-2 rounded-app border border-border bg-surface-2 ps-3">
          <span className="min-w-0 flex-1 truncate text-sm">
            <span className="text-muted">{t(`quotes.picker.kinds.${value.kind}`)}: </span>
            <bdi className="font-semibold" lang={name?.lang}>
              {name?.text}
            </bdi>
          </span>
          <button
            type="button"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-app hover:bg-surface"
            aria-label={t('quotes.picker.remove', { name: name?.text ?? '' })}
            onClick={() => onChange(null)}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      </div>
    );
  }

  const options = results.data ?? [];
  const isSearching = debounced.trim().length >= 2;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        <span className="ms-1 font-normal text-muted">({t('quotes.form.optional')})</span>
      </label>
      <input
        id={id}
        type="search"
        dir="auto"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={hintId}
        autoComplete="off"
        className={inputClass(false)}
      />
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
      {isSearching ? (
        <LookupMatches
          state={results}
          matches={options}
          keyOf={(option) => `${option.kind}-${option.id}`}
          render={(option) => {
            const name = nameOf(option);
            return (
              <>
                <span className="text-xs text-muted">{t(`quotes.picker.kinds.${option.kind}`)}</span>
                <bdi className="min-w-0 truncate" lang={name?.lang}>
                  {name?.text}
                </bdi>
              </>
            );
          }}
          onPick={(option) => {
            onChange(option);
            setQuery('');
          }}
          texts={{
            searching: t('quotes.picker.searching'),
            failed: t('quotes.picker.failed'),
            none: t('quotes.picker.noResults'),
            list: t('quotes.picker.results'),
          }}
        />
      ) : null}
    </div>
  );
}
