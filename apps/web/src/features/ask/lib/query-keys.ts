/** The query keys of the Ask a Librarian pages: everything under `ask`, so one invalidation refreshes all. */
export const askKeys = {
  all: ['ask'] as const,
  info: ['ask', 'info'] as const,
  mine: (page: number) => ['ask', 'mine', page] as const,
  question: (id: string) => ['ask', 'question', id] as const,
  faq: (q: string, topic: string, page: number) => ['ask', 'faq', q, topic, page] as const,
  queue: (filter: object) => ['ask', 'queue', filter] as const,
  settings: ['ask', 'settings'] as const,
  books: (q: string) => ['ask', 'books', q] as const,
};
