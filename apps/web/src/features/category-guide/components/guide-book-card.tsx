import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { BookmarkAction } from '../../../components/bookmark-action';
import { formatYear } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';

/** A popular book of the category: cover, title, author and year, linking to its page (as the catalogue's cards). */
export function GuideBookCard({ book }: { book: BookSummary }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = pickLocalized(book.title, book.title_ar, language);
  const author = pickLocalized(book.author_name, book.author_name_ar, language);
  const text = {
    title,
    author,
    unknownTitle: t('catalogue.unknownTitle'),
    unknownAuthor: t('catalogue.unknownAuthor'),
  };
  return (
    <div className="relative h-full">
      <Link
        to={`/book/${book.id}`}
        data-testid="book-card"
        className="group flex h-full flex-col gap-2 rounded-app p-1 transition hover:bg-surface-2"
      >
        <BookCover book={book} text={text} width={160} height={240} size="sm" className="w-full" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <span
            lang={title?.lang}
            dir="auto"
            className="line-clamp-2 font-semibold leading-snug text-fg group-hover:text-primary"
            data-testid="book-title"
          >
            {title?.text ?? text.unknownTitle}
          </span>
          <span lang={author?.lang} dir="auto" className="line-clamp-2 text-sm text-muted">
            {author?.text ?? text.unknownAuthor}
          </span>
          {book.publication_year !== null ? (
            <span className="text-xs text-muted">{formatYear(book.publication_year, language)}</span>
          ) : null}
        </div>
      </Link>
      <BookmarkAction book={book} variant="icon" className="absolute end-3 top-3" />
    </div>
  );
}
