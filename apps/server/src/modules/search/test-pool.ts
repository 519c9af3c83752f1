import type { PopularBook } from './suggest.repository.js';

/** A popular book for the tests: its title is its search text (lower case, hyphens as spaces). */
export const popularBook = (id: string, title: string, popularity = 0, authors = ''): PopularBook => ({
  id,
  title_en: title,
  title_ar: null,
  cover_key: null,
  publication_year: null,
  author_en: null,
  author_ar: null,
  category_en: null,
  category_ar: null,
  popularity,
  search_title: title.toLowerCase().replaceAll('-', ' '),
  search_authors: authors,
});
