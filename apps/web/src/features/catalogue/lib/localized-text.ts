import type { Language } from '@maktaba/shared/constants';
import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';

type Titled = Pick<BookSummary, 'title' | 'title_ar'>;
type Authored = Pick<BookSummary, 'author_name' | 'author_name_ar' | 'author' | 'author_ar' | 'authors'>;

export const bookTitle = (book: Titled, language: Language) => pickLocalized(book.title, book.title_ar, language);

/**
 * The author line of a book: author_name falls back to author, author_name_ar to author_ar
 * (reader-area §3), and then to the names of the linked authors.
 */
export function bookAuthor(book: Authored, language: Language): LocalizedText | null {
  const fromFields = pickLocalized(book.author_name ?? book.author, book.author_name_ar ?? book.author_ar, language);
  if (fromFields) return fromFields;
  const names = book.authors
    .map((author) => pickLocalized(author.name, author.name_ar, language))
    .filter((name): name is LocalizedText => name !== null);
  const [first] = names;
  if (!first) return null;
  return { text: names.map((name) => name.text).join(language === 'ar' ? '، ' : ', '), lang: first.lang };
}
