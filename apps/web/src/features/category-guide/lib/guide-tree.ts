import type { GuideNode } from '@maktaba/shared/schemas/category-guide';
import { normalizeSearchText } from '@maktaba/shared/search-text';

/** The address of a category's guide page, and of the search filtered by it. */
export const guidePath = (key: string) => `/category-guide/${encodeURIComponent(key)}`;
export const searchPath = (key: string) => `/search?${new URLSearchParams({ category: key })}`;

/** Whether a category's name in either language holds the query (Arabic-aware: marks, hamza forms, ta marbuta…). */
export function nameMatches(node: Pick<GuideNode, 'name_en' | 'name_ar' | 'key'>, query: string): boolean {
  const wanted = normalizeSearchText(query);
  if (wanted === '') return true;
  return [node.name_en, node.name_ar, node.key].some((name) => normalizeSearchText(name).includes(wanted));
}

/**
 * The tree cut down to the categories whose name matches, with the categories above them (so a
 * match is shown where it sits) and everything under a match. Empty query: the whole tree.
 */
export function filterTree(nodes: readonly GuideNode[], query: string): GuideNode[] {
  if (normalizeSearchText(query) === '') return [...nodes];
  return nodes.flatMap((node) => {
    if (nameMatches(node, query)) return [node];
    const children = filterTree(node.children, query);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** The ids of every category that has sub-categories: a filtered tree is shown opened. */
export function withChildren(nodes: readonly GuideNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.id, ...withChildren(node.children)] : []));
}

/** How many categories a tree holds, all levels counted. */
export const countNodes = (nodes: readonly GuideNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);

type Sortable = { sort_order: number; name_en: string; name_ar: string };

/** Siblings in the librarians' order, then by name in the reader's language (as the catalogue manager lists them). */
export function bySortOrder<T extends Sortable>(items: readonly T[], language: 'en' | 'ar'): T[] {
  const name = (item: T) => (language === 'ar' ? item.name_ar || item.name_en : item.name_en || item.name_ar);
  return [...items].sort((a, b) => a.sort_order - b.sort_order || name(a).localeCompare(name(b), language));
}

/** The whole tree with every level in guide order for the reader's language. */
export function sortTree(nodes: readonly GuideNode[], language: 'en' | 'ar'): GuideNode[] {
  return bySortOrder(nodes, language).map((node) => ({ ...node, children: sortTree(node.children, language) }));
}
