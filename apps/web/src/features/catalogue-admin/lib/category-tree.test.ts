import type { Category } from '@maktaba/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { flattenCategories, selfAndDescendants } from './category-tree';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const category = (n: number, name: string, parent: number | null, sortOrder = 0): Category => ({
  id: id(n),
  key: name.toLowerCase(),
  name,
  name_ar: name,
  parent_id: parent === null ? null : id(parent),
  book_count: 0,
  description_en: null,
  description_ar: null,
  sort_order: sortOrder,
});

const ALL = [
  category(1, 'Hadith', null),
  category(2, 'Sermons', 4),
  category(3, 'Fiqh', null),
  category(4, 'Nahj', 1),
  category(5, 'Orphan', 99),
];

describe('flattenCategories', () => {
  it('puts each parent before its children, siblings by name, with their depth', () => {
    const tree = flattenCategories(ALL, (c) => c.name);
    expect(tree.map((c) => [c.name, c.depth])).toEqual([
      ['Fiqh', 0],
      ['Hadith', 0],
      ['Nahj', 1],
      ['Sermons', 2],
      ['Orphan', 0],
    ]);
  });

  it('orders siblings by their guide order first, then by name', () => {
    const ordered = [category(1, 'Alpha', null, 2), category(2, 'Beta', null, 0), category(3, 'Gamma', null, 2)];
    expect(flattenCategories(ordered, (c) => c.name).map((c) => c.name)).toEqual(['Beta', 'Alpha', 'Gamma']);
  });

  it('shows a category whose parent is missing at the top level and survives a cycle', () => {
    const cycle = [category(7, 'A', 8), category(8, 'B', 7), category(9, 'C', null)];
    expect(flattenCategories(cycle, (c) => c.name).map((c) => c.name)).toEqual(['C']);
    expect(flattenCategories([category(5, 'Orphan', 99)], (c) => c.name)[0]?.depth).toBe(0);
  });
});

describe('selfAndDescendants', () => {
  it('names the category and everything under it, not its parent or siblings', () => {
    expect(selfAndDescendants(ALL, id(1))).toEqual(new Set([id(1), id(4), id(2)]));
    expect(selfAndDescendants(ALL, id(4))).toEqual(new Set([id(4), id(2)]));
    expect(selfAndDescendants(ALL, id(3))).toEqual(new Set([id(3)]));
  });
});
