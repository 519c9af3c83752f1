import { ARTICLE_LIMITS } from '@maktaba/shared/schemas/articles';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupMatches } from '../../../components/lookup-matches';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useRecordSearch } from '../api/search-records';
import type { LinkedRecord } from '../lib/types';

type RecordListPickerProps = {
  kind: 'book' | 'author';
  value: LinkedRecord[];
  onChange: (value: LinkedRecord[]) => void;
};

/**
 * The catalogue books or authors an article discusses, in the order chosen: type two letters,
 * choose matches; each chosen record has a button to remove it. Every match is a button (Tab).
 */
export function RecordListPicker({ kind, value, onChange }: RecordListPickerProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const results = useRecordSearch(kind, debounced);
  const id = `article-${kind}-search`;
  const max = kind === 'book' ? ARTICLE_LIMITS.booksMax : ARTICLE_LIMITS.authorsMax;
  const nameOf = (record: LinkedRecord) => pickLocalized(record.name, record.name_ar, language);
  const chosen = new Set(value.map((record) => record.id));
  const options = (results.data ?? []).filter((option) => !chosen.has(option.id));
  const isSearching = debounced.trim().length >= 2;
  const unknown = t(kind === 'book' ? 'catalogue.unknownTitle' : 'catalogue.unknownAuthor');

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {t(`articles.editor.${kind}s`)}
      </label>
      {value.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t(`articles.editor.${kind}sChosen`)}>
          {value.map((record) => {
            const name = nameOf(record);
            return (
              <li
                key={record.id}
                className="flex min-h-11 items-center gap-2 rounded-app border border-border bg-surface-2 ps-3"
              >
                <bdi className="min-w-0 flex-1 truncate text-sm font-semibold" lang={name?.lang}>
                  {name?.text ?? unknown}
                </bdi>
                <button
                  type="button"
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-app hover:bg-surface"
                  aria-label={t('articles.editor.remove', { name: name?.text ?? unknown })}
                  onClick={() => onChange(value.filter((other) => other.id !== record.id))}
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {value.length >= max ? null : (
        <input
          id={id}
          type="search"
          dir="auto"
          value={query}
          placeholder={t(`articles.editor.${kind}sPlaceholder`)}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className={inputClass(false)}
        />
      )}
      {isSearching && value.length < max ? (
        <LookupMatches
          state={results}
          matches={options}
          keyOf={(option) => option.id}
          render={(option) => {
            const name = nameOf(option);
            return (
              <bdi className="min-w-0 truncate" lang={name?.lang}>
                {name?.text ?? unknown}
              </bdi>
            );
          }}
          onPick={(option) => {
            onChange([...value, option]);
            setQuery('');
          }}
          texts={{
            searching: t('articles.editor.searching'),
            failed: t('articles.editor.pickerFailed'),
            none: t('articles.editor.noResults'),
            list: t('articles.editor.results'),
          }}
        />
      ) : null}
    </div>
  );
}
