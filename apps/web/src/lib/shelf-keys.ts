import type { ShelfType } from '@maktaba/shared/schemas/catalogue';

/**
 * The query keys of the home shelves. The catalogue reads the shelves; other features change what
 * is on them (a bookmark changes the bookmarked shelf) and refresh them by these keys.
 */
export const shelfKeys = {
  /** Every page of one shelf. */
  all: (type: ShelfType) => ['catalogue', 'shelf', type] as const,
  page: (type: ShelfType, limit: number, offset: number) => ['catalogue', 'shelf', type, { limit, offset }] as const,
};
