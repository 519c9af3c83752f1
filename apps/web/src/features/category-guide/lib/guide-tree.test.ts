import type { GuideNode } from '@maktaba/shared/schemas/category-guide';
import { describe, expect, it } from 'vitest';
import { countNodes, filterTree, nameMatches, searchPath, sortTree, withChildren } from './guide-tree';

const node = (key: string, name_en: string, name_ar: string, children: GuideNode[] = []): GuideNode => ({
  id: `id-${key}`,
  key,
  name_en,
  name_ar,
  description_en: null,
  description_ar: null,
  book_count: 0,
  sort_order: 0,
  children,
});

const TREE = [
  node('hadith', 'Hadith', 'الحديث', [node('rijal', 'Rijal (evaluation of narrators)', 'علم الرجال')]),
  node('jurisprudence', 'Jurisprudence (Fiqh)', 'الفقه', [node('usul', 'Principles of jurisprudence', 'أصول الفقه')]),
  node('ethics', 'Ethics', 'الأخلاق'),
];

describe('the category guide filter', () => {
  it('matches a name in either language, whatever the vowels, hamza forms or case', () => {
    expect(nameMatches(TREE[0] as GuideNode, 'HADITH')).toBe(true);
    expect(nameMatches(TREE[0] as GuideNode, 'الحَدِيث')).toBe(true);
    expect(nameMatches(TREE[2] as GuideNode, 'الاخلاق')).toBe(true);
    expect(nameMatches(TREE[2] as GuideNode, 'fiqh')).toBe(false);
  });

  it('keeps a match with the categories above it and everything under it', () => {
    const rijal = filterTree(TREE, 'الرجال');
    expect(rijal.map((n) => [n.key, n.children.map((c) => c.key)])).toEqual([['hadith', ['rijal']]]);
    // "فقه" is in both the parent and its child: the parent is kept whole.
    const fiqh = filterTree(TREE, 'اصول');
    expect(fiqh.map((n) => [n.key, n.children.map((c) => c.key)])).toEqual([['jurisprudence', ['usul']]]);
    expect(filterTree(TREE, 'hadith')[0]?.children).toHaveLength(1);
    expect(filterTree(TREE, '   ')).toHaveLength(3);
    expect(filterTree(TREE, 'nothing like it')).toEqual([]);
    expect(withChildren(rijal)).toEqual(['id-hadith']);
    expect(countNodes(TREE)).toBe(5);
  });

  it('orders siblings by the librarians’ order, then by name in the reader’s language', () => {
    const first = { ...node('logic', 'Logic', 'المنطق'), sort_order: -1 };
    const tree = [...TREE, first];
    expect(sortTree(tree, 'en').map((n) => n.key)).toEqual(['logic', 'ethics', 'hadith', 'jurisprudence']);
    expect(sortTree(tree, 'ar').map((n) => n.key)).toEqual(['logic', 'ethics', 'hadith', 'jurisprudence']);
    const arabicOrder = [node('a', 'Alpha', 'ي'), node('b', 'Beta', 'ب')];
    expect(sortTree(arabicOrder, 'ar').map((n) => n.key)).toEqual(['b', 'a']);
    expect(sortTree(arabicOrder, 'en').map((n) => n.key)).toEqual(['a', 'b']);
  });

  it('links to the search filtered by the category', () => {
    expect(searchPath('hadith-sciences')).toBe('/search?category=hadith-sciences');
  });
});
