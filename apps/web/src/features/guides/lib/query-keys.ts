/** The guides' query keys: every list and page lives under `all`, so a change refreshes whatever shows it. */
export const guideKeys = {
  all: ['guides'] as const,
  list: (filter: object) => ['guides', 'list', filter] as const,
  mine: ['guides', 'mine'] as const,
  detail: (id: string) => ['guides', 'detail', id] as const,
  library: (filter: object) => ['guides', 'library', filter] as const,
  libraryDetail: (id: string) => ['guides', 'library', 'detail', id] as const,
  books: (query: string) => ['guides', 'books', query] as const,
};
