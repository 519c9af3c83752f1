import { BookCreateSchema } from '@maktaba/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { moveAuthor, toBookValues } from './book-values';

const author = (name: string) => ({ id: `id-${name}`, name, name_ar: null });

describe('moveAuthor', () => {
  it('swaps an author with its neighbour and leaves the ends alone', () => {
    const list = [author('a'), author('b'), author('c')];
    expect(moveAuthor(list, 1, -1).map((a) => a.name)).toEqual(['b', 'a', 'c']);
    expect(moveAuthor(list, 1, 1).map((a) => a.name)).toEqual(['a', 'c', 'b']);
    expect(moveAuthor(list, 0, -1).map((a) => a.name)).toEqual(['a', 'b', 'c']);
    expect(moveAuthor(list, 2, 1).map((a) => a.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('toBookValues', () => {
  it('starts a new book empty, which the shared schema refuses for want of a title', () => {
    const result = BookCreateSchema.safeParse(toBookValues(null));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.catalogue.titleRequired']);
  });

  it('turns empty text into null once a title is given; a new book starts with one copy', () => {
    const parsed = BookCreateSchema.parse({ ...toBookValues(null), title: 'Nahj al-Balagha' });
    expect(parsed).toMatchObject({ title: 'Nahj al-Balagha', title_ar: null, publisher: null, copies_total: 1 });
  });
});
