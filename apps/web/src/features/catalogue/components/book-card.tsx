import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { BookmarkAction } from '../../../components/bookmark-action';
import { CollectionAction } from '../../../components/collection-slots';
import { formatYear } from '../../../lib/format';
import { useBookText } from '../hooks/use-book-text';

export type BookViewMode = 'grid' | 'list';

/**
 * A book in a shelf or list: cover, title, author and year, linking to its page. The bookmark
 * toggle and "Add to collection" sit over the card beside the link, never inside it (a button
 * inside a link is invalid).
 */
export function BookCard({ book, variant = 'grid' }: { book: BookSummary; variant?: BookViewMode }) {
  const text = useBookText(book);
  const { language, title, author, unknownTitle, unknownAuthor } = text;
  const isList = variant === 'list';
  const cover = { width: isList ? 64 : 160, height: isList ? 96 : 240 };
  return (
    <div className="relative h-full">
      <Link
        to={`/book/${book.id}`}
        data-testid="book-card"
        className={
          isList
            ? 'group flex items-center gap-4 rounded-app border border-border bg-surface p-3 pe-30 transition hover:border-primary hover:bg-surface-2'
            : 'group flex h-full flex-col gap-2 rounded-app p-1 transition hover:bg-surface-2'
        }
      >
        <BookCover
          book={book}
          text={text}
          {...cover}
          size={isList ? 'xs' : 'sm'}
          className={isList ? 'w-16 shrink-0' : 'w-full'}
        />
        <div className="flex min-w-0 flex-col gap-0.5">
          <span
            lang={title?.lang}
            dir="auto"
            className="line-clamp-2 font-semibold leading-snug text-fg group-hover:text-primary"
            data-testid="book-title"
          >
            {title?.text ?? unknownTitle}
          </span>
          <span
            lang={author?.lang}
            dir="auto"
            title={author?.text}
            className="line-clamp-2 text-sm text-muted"
            data-testid="book-author"
          >
            {author?.text ?? unknownAuthor}
          </span>
          {book.publication_year !== null ? (
            <span className="text-xs text-muted">{formatYear(book.publication_year, language)}</span>
          ) : null}
        </div>
      </Link>
      <div
        className={
          isList ? 'absolute end-3 top-1/2 flex -translate-y-1/2 gap-2' : 'absolute end-3 top-3 flex flex-col gap-2'
        }
      >
        <BookmarkAction book={book} variant="icon" />
        <CollectionAction book={book} variant="icon" />
      </div>
    </div>
  );
}
