import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import type { Lang } from '../fixtures';

/** A book's title as the pages show it: the reader's language first, then the other one. */
export const titleIn = (book: Pick<BookSummary, 'title' | 'title_ar'>, lang: Lang) =>
  (lang === 'ar' ? book.title_ar || book.title : book.title || book.title_ar) ?? '';
