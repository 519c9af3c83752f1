import type { Book, BookSummary, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../fixtures';

/** A book's title as the pages show it: the reader's language first, then the other one. */
export const titleIn = (book: Pick<BookSummary, 'title' | 'title_ar'>, lang: Lang) =>
  (lang === 'ar' ? book.title_ar || book.title : book.title || book.title_ar) ?? '';

/**
 * A book of the shipped demo catalogue (with authors and categories), whatever other tests added
 * to the shared server's catalogue meanwhile.
 */
export async function demoBook(request: APIRequestContext): Promise<Book> {
  const shelf = (await (await request.get('/api/shelves/recent?p_limit=100')).json()) as Shelf;
  for (const summary of shelf.books) {
    const book = (await (await request.get(`/api/books/${summary.id}`)).json()) as Book;
    if (book.external_id?.startsWith('demo:')) return book;
  }
  throw new Error('no demo book on the recent shelf');
}
