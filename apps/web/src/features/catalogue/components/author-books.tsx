import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { useViewMode } from '../hooks/use-view-mode';
import { BookList } from './book-list';
import { ViewModeToggle } from './view-mode-toggle';

/** An author's books, as a grid or a list. */
export function AuthorBooks({ books }: { books: BookSummary[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useViewMode();
  return (
    <section aria-labelledby="author-books" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h2 id="author-books" className="me-auto font-display text-2xl font-bold">
          {t('catalogue.author.books')}
        </h2>
        {books.length > 0 ? <ViewModeToggle mode={mode} onChange={setMode} /> : null}
      </div>
      {books.length > 0 ? (
        <BookList books={books} mode={mode} />
      ) : (
        <p className="text-muted">{t('catalogue.author.noBooks')}</p>
      )}
    </section>
  );
}
