import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';

/** The books an article discusses, as catalogue cards (cover, title, author) linking to each book. */
export function LinkedBooks({ books }: { books: BookSummary[] }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4" data-testid="article-books">
      {books.map((book) => {
        const title = pickLocalized(book.title, book.title_ar, language);
        const author = pickLocalized(book.author_name, book.author_name_ar, language);
        return (
          <li key={book.id} className="min-w-0">
            <Link to={`/book/${book.id}`} className="group flex flex-col gap-2 rounded-app">
              <BookCover
                book={book}
                text={{
                  title,
                  author,
                  unknownTitle: t('catalogue.unknownTitle'),
                  unknownAuthor: t('catalogue.unknownAuthor'),
                }}
                width={160}
                height={240}
              />
              <span className="line-clamp-2 text-sm font-semibold group-hover:underline" lang={title?.lang} dir="auto">
                {title?.text ?? t('catalogue.unknownTitle')}
              </span>
              <span className="line-clamp-1 text-xs text-muted" lang={author?.lang} dir="auto">
                {author?.text ?? t('catalogue.unknownAuthor')}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
