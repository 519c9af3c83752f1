import type { BookAuthor } from '@maktaba/shared/schemas/catalogue';
import { ChevronRight } from 'lucide-react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useAuthor } from '../api/get-author';
import { BookCard } from './book-card';

/** How many of the author's other books the row shows; the author's page has them all. */
export const MORE_BY_AUTHOR_MAX = 8;

/**
 * "More by this author" under a book: a row of the author's other books, like a home shelf, and
 * a link to the author's page for all of them. Nothing while it loads, fails, or when the author
 * has no other book.
 */
export function MoreByAuthor({ author, bookId }: { author: BookAuthor; bookId: string }) {
  const language = usePageLanguage();
  const detail = useAuthor(author.id);
  const others = (detail.data?.books ?? []).filter((book) => book.id !== bookId);
  if (others.length === 0) return null;
  const name = pickLocalized(author.name, author.name_ar, language);
  const nameText = <bdi lang={name?.lang} />;
  const values = { author: name?.text ?? '' };
  return (
    <section
      aria-labelledby="more-by-author"
      className="flex min-w-0 flex-col gap-4 md:col-span-2"
      data-testid="more-by-author"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h2 id="more-by-author" className="me-auto font-display text-2xl font-bold">
          <Trans i18nKey="catalogue.book.moreByAuthor" values={values} components={{ name: nameText }} />
        </h2>
        <Link
          to={`/author/${author.id}`}
          className="inline-flex min-h-11 items-center gap-1 rounded-app px-3 text-sm font-semibold text-primary hover:bg-surface-2"
          data-testid="more-by-author-all"
        >
          <span>
            <Trans i18nKey="catalogue.book.allByAuthor" values={values} components={{ name: nameText }} />
          </span>
          <ChevronRight aria-hidden className="flip-rtl size-4" />
        </Link>
      </div>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto pb-3">
        {others.slice(0, MORE_BY_AUTHOR_MAX).map((book) => (
          <li key={book.id} className="w-36 shrink-0 snap-start sm:w-40">
            <BookCard book={book} />
          </li>
        ))}
      </ul>
    </section>
  );
}
