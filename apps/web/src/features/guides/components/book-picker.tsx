import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { pickLocalized } from '../../../lib/localized-text';
import { type BookOption, useBookSearch } from '../api/guides';
import { usePageLanguage } from '../lib/guide-text';

/** Finds a catalogue book by its title (two letters or more) and hands the chosen one over. */
export function BookPicker({ id, label, onPick }: { id: string; label: string; onPick: (book: BookOption) => void }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const results = useBookSearch(debounced);
  const hintId = `${id}-hint`;
  const options = results.data ?? [];
  const isSearching = debounced.trim().length >= 2;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
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
        {t('guides.editor.bookHint')}
      </p>
      {isSearching ? (
        <div aria-live="polite" className="text-sm">
          {results.isPending ? (
            <p className="text-muted">{t('guides.editor.searching')}</p>
          ) : results.isError ? (
            <p className="text-danger">{t('guides.editor.searchFailed')}</p>
          ) : options.length === 0 ? (
            <p className="text-muted">{t('guides.editor.noBooks')}</p>
          ) : (
            <ul
              className="flex flex-col gap-1 rounded-app border border-border p-1"
              aria-label={t('guides.editor.books')}
            >
              {options.map((option) => {
                const title = pickLocalized(option.title, option.title_ar, language);
                return (
                  <li key={option.id}>
                    <button
                      type="button"
                      className="flex min-h-11 w-full items-center gap-2 rounded-app px-3 text-start hover:bg-surface-2"
                      onClick={() => {
                        onPick(option);
                        setQuery('');
                      }}
                      data-testid="book-option"
                    >
                      <Plus aria-hidden className="size-4 shrink-0 text-muted" />
                      <bdi className="min-w-0 truncate" lang={title?.lang}>
                        {title?.text ?? t('catalogue.unknownTitle')}
                      </bdi>
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
