import type { Book, BookAuthor, BookCreate } from '@maktaba/shared/schemas/catalogue';

/**
 * The editor's starting values: the book as stored, or an empty draft with one copy. Text fields
 * are never null in a form. The number of copies is asked only when the book is created.
 */
export function toBookValues(book: Book | null): BookCreate {
  return {
    title: book?.title ?? '',
    title_ar: book?.title_ar ?? '',
    description: book?.description ?? '',
    description_ar: book?.description_ar ?? '',
    author_ids: book?.authors.map((author) => author.id) ?? [],
    category_ids: book?.categories.map((category) => category.id) ?? [],
    publisher: book?.publisher ?? '',
    publication_year: book?.publication_year ?? null,
    language: (book?.language as BookCreate['language']) ?? null,
    format: (book?.format as BookCreate['format']) ?? null,
    difficulty: book?.difficulty ?? null,
    content_type: (book?.content_type as BookCreate['content_type']) ?? null,
    is_digital: book?.is_digital ?? false,
    copies_total: book?.copies_total ?? 1,
    external_id: book?.external_id ?? '',
  };
}

/** Moves the author at `index` one place earlier (-1) or later (+1); the first author is the main one. */
export function moveAuthor(authors: readonly BookAuthor[], index: number, step: -1 | 1): BookAuthor[] {
  const target = index + step;
  if (target < 0 || target >= authors.length) return [...authors];
  const next = [...authors];
  [next[index], next[target]] = [next[target] as BookAuthor, next[index] as BookAuthor];
  return next;
}
