import type { BookSummary } from '@maktaba/shared/schemas/catalogue';

/** A book as the catalogue lists it, for tests: nothing but an id and a date unless `fields` say more. */
export const testBook = (fields: Partial<BookSummary> = {}): BookSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: null,
  title_ar: null,
  author_name: null,
  author_name_ar: null,
  author: null,
  author_ar: null,
  authors: [],
  cover_image: null,
  book_cover_image: null,
  publication_year: null,
  category_key: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});
