import { SEARCH_LIMITS } from '@maktaba/shared/schemas/search';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The words of the search, prefilled from the address. The page remounts it (by key) when the
 * address's words change, so back and forward show the words of the results below.
 * The autocomplete dropdown attaches to this input.
 */
export function SearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(query);
  return (
    <search className="w-full">
      <form
        className="flex w-full items-center gap-2 rounded-app border border-border bg-surface p-1.5 shadow-sm focus-within:border-primary focus-within:outline-3 focus-within:outline-focus"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('search.form.label')}
        </label>
        <Search aria-hidden className="ms-2 size-5 shrink-0 text-muted" />
        <input
          id={inputId}
          type="search"
          name="q"
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.form.placeholder')}
          maxLength={SEARCH_LIMITS.queryMax}
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 min-w-0 flex-1 bg-transparent px-1 text-base text-fg placeholder:text-muted focus-visible:outline-none"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-app bg-primary px-4 text-sm font-semibold text-primary-fg hover:opacity-90"
        >
          {t('search.form.submit')}
        </button>
      </form>
    </search>
  );
}
