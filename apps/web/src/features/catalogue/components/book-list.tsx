import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { clsx } from 'clsx';
import { Skeleton } from '../../../components/ui/skeleton';
import { BookCard, type BookViewMode } from './book-card';

const LAYOUT: Record<BookViewMode, string> = {
  grid: 'grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6',
  list: 'flex flex-col gap-3',
};

/** Books as a grid of covers or a list of rows. */
export function BookList({
  books,
  mode = 'grid',
  className,
}: {
  books: BookSummary[];
  mode?: BookViewMode;
  className?: string;
}) {
  return (
    <ul className={clsx(LAYOUT[mode], className)} data-view-mode={mode}>
      {books.map((book) => (
        <li key={book.id}>
          <BookCard book={book} variant={mode} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders shaped like the cards while a list loads. */
export function BookListSkeleton({
  count,
  mode = 'grid',
  className,
}: {
  count: number;
  mode?: BookViewMode;
  className?: string;
}) {
  return (
    <ul className={clsx(LAYOUT[mode], className)} aria-hidden data-testid="book-skeletons">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <li key={index} className={mode === 'list' ? 'flex items-center gap-4 p-3' : 'flex flex-col gap-2 p-1'}>
          <Skeleton className={mode === 'list' ? 'aspect-[2/3] w-16 shrink-0' : 'aspect-[2/3] w-full'} />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
        </li>
      ))}
    </ul>
  );
}
