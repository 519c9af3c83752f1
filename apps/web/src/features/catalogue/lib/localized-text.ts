import type { Language } from '@maktaba/shared/constants';
import type { BookSummary } from '@maktaba/shared/schemas/catalogue';

/** A text with the language it is written in, so the page can mark it with `lang`. */
export type LocalizedText = { text: string; lang: Language };

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The text in the reader's language, else the one in the other language, else null (the caller
 * shows 'Unknown Title' / 'Unknown Author', reader-area §8).
 */
export function pickLocalized(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): LocalizedText | null {
  const ordered: [string | null | undefined, Language][] =
    language === 'ar'
      ? [
          [ar, 'ar'],
          [en, 'en'],
        ]
      : [
          [en, 'en'],
          [ar, 'ar'],
        ];
  for (const [text, lang] of ordered) if (present(text)) return { text: text.trim(), lang };
  return null;
}

/** The text in the other language, when there is one and it differs: a book page shows both titles. */
export function pickSecondary(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: Language,
): LocalizedText | null {
  const primary = pickLocalized(en, ar, language);
  const other = primary?.lang === 'ar' ? en : ar;
  if (!primary || !present(other) || other.trim() === primary.text) return null;
  return { text: other.trim(), lang: primary.lang === 'ar' ? 'en' : 'ar' };
}

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
