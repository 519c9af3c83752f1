import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupMatches } from '../../../components/lookup-matches';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { type BookOption, useBookSearch } from '../api/guides';

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
        <LookupMatches
          state={results}
          matches={options}
          keyOf={(option) => option.id}
          render={(option) => {
            const title = pickLocalized(option.title, option.title_ar, language);
            return (
              <>
                <Plus aria-hidden className="size-4 shrink-0 text-muted" />
                <bdi className="min-w-0 truncate" lang={title?.lang}>
                  {title?.text ?? t('catalogue.unknownTitle')}
                </bdi>
              </>
            );
          }}
          onPick={(option) => {
            onPick(option);
            setQuery('');
          }}
          texts={{
            searching: t('guides.editor.searching'),
            failed: t('guides.editor.searchFailed'),
            none: t('guides.editor.noBooks'),
            list: t('guides.editor.books'),
          }}
          testId="book-option"
        />
      ) : null}
    </div>
  );
}
