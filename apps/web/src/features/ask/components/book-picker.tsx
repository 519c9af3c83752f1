import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupMatches } from '../../../components/lookup-matches';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useBookSearch } from '../api/faq-and-catalogue';
import type { QuestionBook } from '../lib/types';

type BookPickerProps = {
  id: string;
  label: string;
  hint: string;
  value: QuestionBook[];
  onChange: (books: QuestionBook[]) => void;
  /** How many books may be chosen (one for a question, up to ten for an answer). */
  max: number;
  optional?: boolean;
};

/** The book's title in the page's language, with the language it is written in. */
export function useBookTitle() {
  const language = usePageLanguage();
  const { t } = useTranslation();
  return (book: QuestionBook) =>
    pickLocalized(book.title, book.title_ar, language) ?? { text: t('catalogue.unknownTitle'), lang: language };
}

/**
 * Catalogue books to go with a question or an answer: type two letters, choose among the catalogue
 * search's matches; the chosen ones show as chips with a button to remove each.
 */
export function BookPicker({ id, label, hint, value, onChange, max, optional }: BookPickerProps) {
  const { t } = useTranslation();
  const titleOf = useBookTitle();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 250);
  const results = useBookSearch(debounced);
  const chosen = new Set(value.map((book) => book.id));
  const options = (results.data ?? []).filter((book) => !chosen.has(book.id));
  const isFull = value.length >= max;
  const isSearching = debounced.trim().length >= 2;
  const hintId = `${id}-hint`;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {optional ? <span className="ms-1 font-normal text-muted">({t('ask.form.optional')})</span> : null}
      </label>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('ask.books.chosen')}>
          {value.map((book) => {
            const title = titleOf(book);
            return (
              <li key={book.id}>
                <button
                  type="button"
                  className="inline-flex min-h-11 max-w-full items-center gap-1 rounded-full bg-primary-soft px-3 text-sm font-semibold text-primary"
                  aria-label={t('ask.books.remove', { title: title.text })}
                  onClick={() => onChange(value.filter((other) => other.id !== book.id))}
                >
                  <bdi className="truncate" lang={title.lang}>
                    {title.text}
                  </bdi>
                  <X aria-hidden className="size-4 shrink-0" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        id={id}
        type="search"
        dir="auto"
        value={query}
        disabled={isFull}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={hintId}
        autoComplete="off"
        className={inputClass(false)}
      />
      <p id={hintId} className="text-xs text-muted">
        {isFull ? t('ask.books.full', { count: max }) : hint}
      </p>
      {isSearching && !isFull ? (
        <LookupMatches
          state={results}
          matches={options}
          keyOf={(book) => book.id}
          render={(book) => {
            const title = titleOf(book);
            return (
              <bdi className="min-w-0 truncate" lang={title.lang}>
                {title.text}
              </bdi>
            );
          }}
          onPick={(book) => {
            onChange([...value, book]);
            setQuery('');
          }}
          texts={{
            searching: t('ask.books.searching'),
            failed: t('ask.books.failed'),
            none: t('ask.books.noResults'),
            list: t('ask.books.results'),
          }}
        />
      ) : null}
    </div>
  );
}
