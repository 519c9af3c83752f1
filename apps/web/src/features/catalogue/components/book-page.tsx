import type { Book } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';
import { usePageTitle } from '../../../lib/page-title';
import { type BookView, useBook } from '../api/get-book';
import { useRecordBookView } from '../api/record-book-view';
import { useBookText } from '../hooks/use-book-text';
import { BookFacts } from './book-facts';
import { BookmarkToggleSlot, BorrowActionSlot, CollectionActionSlot } from './book-slots';
import { MoreByAuthor } from './more-by-author';
import { SecondaryText } from './secondary-text';

const isFullBook = (book: BookView): book is Book => book.updated_at !== undefined && book.categories !== undefined;

/** /book/{id}: everything the catalogue knows about a book; records one view when shown. */
export function BookPage() {
  const { bookId = '' } = useParams();
  const book = useBook(bookId);
  useRecordBookView(bookId, book.isSuccess && !book.isPlaceholderData);

  if (book.isError && isNotFound(book.error)) {
    return (
      <NotFoundState titleKey="catalogue.book.notFoundTitle" descriptionKey="catalogue.book.notFoundDescription" />
    );
  }
  if (book.isError && !book.data) return <LoadErrorState error={book.error} onRetry={() => void book.refetch()} />;
  if (!book.data) return <BookPageSkeleton />;
  return <BookDetail book={book.data} />;
}

function BookDetail({ book }: { book: BookView }) {
  const { t } = useTranslation();
  const text = useBookText(book);
  const { language, title, author, unknownTitle, unknownAuthor } = text;
  const secondary = pickSecondary(book.title, book.title_ar, language);
  const description = isFullBook(book) ? pickLocalized(book.description, book.description_ar, language) : null;
  usePageTitle(title?.text);
  return (
    <article className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 md:grid-cols-[16rem_1fr]">
      <BookCover book={book} text={text} width={256} height={384} size="lg" className="mx-auto w-48 md:w-full" />
      <div className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-2">
          <h1 lang={title?.lang} dir="auto" className="font-display text-3xl font-bold leading-tight">
            {title?.text ?? unknownTitle}
          </h1>
          <SecondaryText text={secondary} testId="secondary-title" />
          <p className="text-lg">
            {book.authors.length > 0 ? (
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                {book.authors.map((linked) => {
                  const name = pickLocalized(linked.name, linked.name_ar, language);
                  return (
                    <Link
                      key={linked.id}
                      to={`/author/${linked.id}`}
                      lang={name?.lang}
                      dir="auto"
                      className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      {name?.text ?? unknownAuthor}
                    </Link>
                  );
                })}
              </span>
            ) : (
              <span lang={author?.lang} dir="auto">
                {author?.text ?? unknownAuthor}
              </span>
            )}
          </p>
        </header>
        <div className="flex flex-wrap gap-3 empty:hidden">
          <BookmarkToggleSlot book={book} />
          <CollectionActionSlot book={book} />
          <BorrowActionSlot book={book} />
        </div>
        {isFullBook(book) ? (
          <>
            {book.categories.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('catalogue.book.categories')}>
                {book.categories.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={`/search?category=${encodeURIComponent(category.key)}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-border bg-surface px-3 text-sm hover:border-primary hover:text-primary"
                    >
                      {language === 'ar' ? category.name_ar : category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <BookFacts book={book} />
            <section aria-labelledby="book-description" className="flex flex-col gap-2">
              <h2 id="book-description" className="font-display text-xl font-bold">
                {t('catalogue.book.description')}
              </h2>
              {description ? (
                <p lang={description.lang} dir="auto" className="leading-relaxed whitespace-pre-line">
                  {description.text}
                </p>
              ) : (
                <p className="text-muted">{t('catalogue.book.noDescription')}</p>
              )}
            </section>
          </>
        ) : (
          <div aria-hidden className="flex flex-col gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
      </div>
      {book.authors[0] ? <MoreByAuthor author={book.authors[0]} bookId={book.id} /> : null}
    </article>
  );
}

function BookPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 md:grid-cols-[16rem_1fr]">
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <Skeleton className="mx-auto aspect-[2/3] w-48 md:w-full" />
      <div className="flex flex-col gap-3">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
