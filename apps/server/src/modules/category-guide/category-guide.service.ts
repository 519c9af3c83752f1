import {
  CATEGORY_GUIDE_LIMITS,
  type CategoryGuidePage,
  type CategoryOrder,
  type GuideCategory,
  type GuideNode,
} from '@maktaba/shared/schemas/category-guide';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toBookSummary } from '../catalogue/catalogue.mapper.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './category-guide.repository.js';

/**
 * The category guide (reader-area §2.1 /category-guide): the hierarchy with librarians' texts and
 * order, and each category's page with its most popular books and most read authors.
 */

const categoryNotFound = () => new AppError('NOT_FOUND', 'Category not found');

function toGuideCategory(row: repo.GuideCategoryRow): GuideCategory {
  return {
    id: row.id,
    key: row.key,
    name_en: row.nameEn,
    name_ar: row.nameAr,
    description_en: row.descriptionEn,
    description_ar: row.descriptionAr,
    book_count: row.bookCount,
    sort_order: row.sortOrder,
  };
}

/**
 * The rows (already in guide order) as a tree. A category whose parent is missing, or that sits
 * in a cycle no parent reaches, is shown at the top level rather than lost.
 */
export function buildTree(rows: readonly repo.GuideCategoryRow[]): GuideNode[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, repo.GuideCategoryRow[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const placed = new Set<string>();
  const visit = (parent: string | null): GuideNode[] =>
    (children.get(parent) ?? []).flatMap((row) => {
      if (placed.has(row.id)) return [];
      placed.add(row.id);
      return [{ ...toGuideCategory(row), children: visit(row.id) }];
    });
  const tree = visit(null);
  for (const row of rows) {
    if (!placed.has(row.id)) {
      placed.add(row.id);
      tree.push({ ...toGuideCategory(row), children: visit(row.id) });
    }
  }
  return tree;
}

export async function getGuideTree(db: Database): Promise<GuideNode[]> {
  return buildTree(await repo.findGuideCategories(db));
}

export async function getCategoryGuide(db: Database, key: string): Promise<CategoryGuidePage> {
  const category = await repo.findGuideCategoryByKey(db, key);
  if (!category) throw categoryNotFound();
  const [ancestors, children, books, authors] = await Promise.all([
    repo.findAncestors(db, category.id),
    repo.findChildren(db, category.id),
    repo.findPopularBooks(db, category.id, CATEGORY_GUIDE_LIMITS.books),
    repo.findTopAuthors(db, category.id, CATEGORY_GUIDE_LIMITS.authors),
  ]);
  return {
    category: toGuideCategory(category),
    ancestors: ancestors.map(toGuideCategory),
    children: children.map(toGuideCategory),
    books: books.map(toBookSummary),
    authors: authors.map((author) => ({
      id: author.id,
      name: author.nameEn,
      name_ar: author.nameAr,
      image: publicObjectUrl('portraits', author.photoKey),
      book_count: author.bookCount,
    })),
  };
}

/**
 * One parent's children in a new order: the list must name exactly those children, each once
 * (a list made before someone added, moved or removed one is refused, and nothing changes).
 */
export async function reorderCategories(
  db: Database,
  actor: Actor,
  input: CategoryOrder,
  request: RequestMetadata,
): Promise<GuideCategory[]> {
  return db.transaction(async (tx) => {
    const parent = input.parent_id ? await repo.findCategoryNames(tx, input.parent_id) : null;
    if (parent === undefined) throw categoryNotFound();
    const current = await repo.lockChildren(tx, input.parent_id);
    const given = new Set(input.ids);
    const same =
      given.size === input.ids.length && given.size === current.length && current.every((id) => given.has(id));
    if (!same) {
      throw new AppError('CONFLICT', 'The list must name each of these categories exactly once; reload and try again.');
    }
    await repo.writeOrder(tx, input.ids);
    const children = (await repo.findChildren(tx, input.parent_id)).map(toGuideCategory);
    await insertAudit(tx, {
      actorId: actor.id,
      actionType: 'update_category_guide',
      targetType: 'category',
      targetId: input.parent_id ?? null,
      ipAddress: request.clientIp ?? null,
      changes: { order: { from: current, to: input.ids } },
      // The top level has no record of its own: the entry then names no parent.
      metadata: parent ? { label: { en: parent.en, ar: parent.ar ?? parent.en } } : {},
    });
    return children;
  });
}
