import { describe, expect, it } from 'vitest';
import { BOOKMARK_MESSAGES, BookmarkCreateSchema, isBookmarkableBookId } from './bookmarks';

describe('bookmarkable book ids', () => {
  it('accepts UUIDs only', () => {
    expect(isBookmarkableBookId('7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(true);
    expect(isBookmarkableBookId('7C9E6679-7425-40DE-944B-E07FC1F90AE7')).toBe(true);
    for (const id of ['', 'classic-42', '42', '7c9e6679-7425-40de-944b', null, undefined, 42]) {
      expect(isBookmarkableBookId(id)).toBe(false);
    }
  });

  it("answers 'Book ID is required' for a missing or malformed id", () => {
    for (const body of [{}, { book_id: '' }, { book_id: 'abc' }]) {
      const result = BookmarkCreateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(BOOKMARK_MESSAGES.bookIdRequired);
    }
  });
});
