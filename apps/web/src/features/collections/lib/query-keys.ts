/**
 * The collections' query keys. `mine` is per reader (another reader's answers never land in this
 * one's cache); a collection's page, the featured ones and the librarians' list are shared.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  mine: (userId: string | null) => ['collections', 'mine', userId] as const,
  mineForBook: (userId: string | null, bookId: string) => ['collections', 'mine', userId, 'book', bookId] as const,
  detail: (id: string) => ['collections', 'detail', id] as const,
  featured: ['collections', 'featured'] as const,
  staff: (params: Record<string, string | number | undefined>) => ['collections', 'staff', params] as const,
};
