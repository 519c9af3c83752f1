import type { CategoryNetwork, NetworkNode } from '@maktaba/shared/schemas/category-network';
import { describe, expect, it } from 'vitest';
import {
  degrees,
  edgesWithNodes,
  edgeWidth,
  findCategories,
  nearestInDirection,
  nodeName,
  nodeSize,
} from './network-model';

const node = (id: string, nameEn: string, nameAr: string, books = 0, parentId: string | null = null): NetworkNode => ({
  id,
  nameEn,
  nameAr,
  books,
  parentId,
});
const nodes = [
  node('a', 'Aqidah', 'العقيدة', 4),
  node('b', 'Hadith Sciences', 'علوم الحديث', 9, 'a'),
  node('c', 'Fiqh', 'الفقه', 1),
];
const network: CategoryNetwork = {
  nodes,
  edges: [
    { source: 'a', target: 'b', kind: 'parent', weight: 0 },
    { source: 'a', target: 'c', kind: 'shared', weight: 2 },
    { source: 'x', target: 'c', kind: 'shared', weight: 1 },
  ],
};

describe('category network model', () => {
  it('names a node in the page language, falling back to the other', () => {
    expect(nodeName(nodes[1] as NetworkNode, 'ar')).toBe('علوم الحديث');
    expect(nodeName(node('z', 'Only English', ''), 'ar')).toBe('Only English');
  });

  it('sizes nodes by area (√books) with a readable minimum', () => {
    expect(nodeSize(0, 9)).toBe(28);
    expect(nodeSize(9, 9)).toBe(110);
    // a quarter of the books: half the diameter's growth
    expect(nodeSize(2.25, 9)).toBe(69);
    expect(nodeSize(5, 0)).toBe(28);
    expect(edgeWidth(1, 5)).toBe(1.5);
    expect(edgeWidth(5, 5)).toBe(10);
    expect(edgeWidth(1, 1)).toBe(2);
  });

  it('counts connections of either kind', () => {
    expect(Object.fromEntries(degrees(network))).toEqual({ a: 2, b: 1, c: 2, x: 1 });
    expect(edgesWithNodes(network).map((edge) => [edge.source.id, edge.target.id])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
  });

  it('finds categories by either name, Arabic-aware, starts of words first', () => {
    expect(findCategories(nodes, 'hadith', 'en').map((n) => n.id)).toEqual(['b']);
    expect(findCategories(nodes, 'الحديث', 'ar').map((n) => n.id)).toEqual(['b']);
    // hamza and diacritics folded: العَقيدة matches العقيدة
    expect(findCategories(nodes, 'العَقيدة', 'ar').map((n) => n.id)).toEqual(['a']);
    expect(findCategories(nodes, 'qh', 'en').map((n) => n.id)).toEqual(['c']);
    expect(findCategories(nodes, '   ', 'en')).toEqual([]);
  });

  it('moves to the nearest node in a visual direction', () => {
    const others = [
      { id: 'right', at: { x: 100, y: 10 } },
      { id: 'far-right', at: { x: 300, y: 0 } },
      { id: 'up', at: { x: 5, y: -80 } },
      { id: 'diagonal', at: { x: 50, y: 200 } },
    ];
    const from = { x: 0, y: 0 };
    expect(nearestInDirection(from, others, 'right')).toBe('right');
    expect(nearestInDirection(from, others, 'up')).toBe('up');
    expect(nearestInDirection(from, others, 'down')).toBe('diagonal');
    expect(nearestInDirection(from, others, 'left')).toBeNull();
  });
});
