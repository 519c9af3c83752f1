import type { Category } from '@maktaba/shared/schemas/catalogue';

export type CategoryNode = Category & { depth: number };

/**
 * The categories in tree order (each parent followed by its children, siblings in their guide
 * order, then by name), with their depth. A category whose parent is missing is shown at the top
 * level.
 */
export function flattenCategories(categories: readonly Category[], nameOf: (c: Category) => string): CategoryNode[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, Category[]>();
  for (const category of categories) {
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const result: CategoryNode[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort(
      (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || nameOf(a).localeCompare(nameOf(b)),
    );
    for (const category of siblings) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      result.push({ ...category, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** The category and all of its descendants: none of them may become its parent. */
export function selfAndDescendants(categories: readonly Category[], id: string): Set<string> {
  const excluded = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const category of categories) {
      if (category.parent_id && excluded.has(category.parent_id) && !excluded.has(category.id)) {
        excluded.add(category.id);
        grew = true;
      }
    }
  }
  return excluded;
}
