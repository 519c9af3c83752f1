/**
 * The bookmarks' query keys, by reader: another reader's answers never land in this one's cache,
 * and `all` empties every reader's at once.
 */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: (userId: string | null) => ['bookmarks', userId, 'list'] as const,
  ids: (userId: string | null) => ['bookmarks', userId, 'ids'] as const,
  /** Every add and removal: the toggles look here for the books with a change on its way. */
  changes: ['bookmarks', 'change'] as const,
};
