import type { BookStatus } from '@maktaba/shared/schemas/catalogue';

export type BookListParams = { status?: BookStatus; q?: string; page: number; perPage: number };

/** Every query key of the editors' screens, written once. */
export const editorKeys = {
  all: ['catalogue-admin'] as const,
  books: ['catalogue-admin', 'books'] as const,
  bookList: (params: BookListParams) => ['catalogue-admin', 'books', 'list', params] as const,
  book: (id: string) => ['catalogue-admin', 'books', 'one', id] as const,
  copies: (bookId: string) => ['catalogue-admin', 'books', 'copies', bookId] as const,
  authors: ['catalogue-admin', 'authors'] as const,
  authorList: (q: string, page: number) => ['catalogue-admin', 'authors', { q, page }] as const,
  categories: ['catalogue-admin', 'categories'] as const,
  scholars: ['catalogue-admin', 'scholars'] as const,
};
