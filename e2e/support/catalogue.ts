import type { Book, BookSummary, Shelf } from '@maktaba/shared/schemas/catalogue';
import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../fixtures';

/** A book's title as the pages show it: the reader's language first, then the other one. */
export const titleIn = (book: Pick<BookSummary, 'title' | 'title_ar'>, lang: Lang) =>
  (lang === 'ar' ? book.title_ar || book.title : book.title || book.title_ar) ?? '';

/**
 * A book of the shipped demo catalogue (with authors and categories), whatever other tests added
 * to the shared server's catalogue meanwhile. With `available`, one that still has a copy to lend:
 * other tests borrow from the same shared server, and the first demo book may run out.
 */
export async function demoBook(request: APIRequestContext, options: { available?: boolean } = {}): Promise<Book> {
  const shelf = (await (await request.get('/api/shelves/recent?p_limit=100')).json()) as Shelf;
  for (const summary of shelf.books) {
    const book = (await (await request.get(`/api/books/${summary.id}`)).json()) as Book;
    if (options.available && book.copies_available < 1) continue;
    if (book.external_id?.startsWith('demo:')) return book;
  }
  throw new Error(`no ${options.available ? 'available ' : ''}demo book on the recent shelf`);
}
