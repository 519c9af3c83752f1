import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchHref } from '../lib/topics';

/**
 * The hero's search box (reader-area §2.3): empty text after trimming goes nowhere; otherwise
 * /search?q={encoded text}. Autocomplete attaches to this input.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');
  return (
    <search className="w-full max-w-2xl">
      <form
        className="flex w-full items-center gap-2 rounded-app border border-border bg-surface p-1.5 shadow-sm focus-within:border-primary focus-within:outline-3 focus-within:outline-focus"
        onSubmit={(event) => {
          event.preventDefault();
          const href = searchHref(text);
          if (href) navigate(href);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('home.search.label')}
        </label>
        <Search aria-hidden className="ms-2 size-5 shrink-0 text-muted" />
        <input
          id={inputId}
          type="search"
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('home.search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="min-h-11 min-w-0 flex-1 bg-transparent px-1 text-base text-fg placeholder:text-muted focus-visible:outline-none"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-app bg-primary px-4 text-sm font-semibold text-primary-fg hover:opacity-90"
        >
          {t('home.search.submit')}
        </button>
      </form>
    </search>
  );
}
