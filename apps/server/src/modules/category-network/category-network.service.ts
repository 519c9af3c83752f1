import {
  CATEGORY_NETWORK_LIMITS,
  type CategoryNetwork,
  type CategoryNetworkPanel,
} from '@maktaba/shared/schemas/category-network';
import type { Queryable } from '../../db/queryable.js';
import { AppError } from '../../errors.js';
import {
  findConnected,
  findNodes,
  findPanelCategory,
  findSharedEdges,
  findTopAuthors,
  findTopBooks,
} from './category-network.repository.js';

/**
 * The network changes only when the catalogue does, and reading it joins every book's categories
 * pairwise: it is kept in memory for a minute, per database and per `minShared`.
 */
const CACHE_MS = CATEGORY_NETWORK_LIMITS.cacheSeconds * 1000;
const cache = new WeakMap<object, Map<number, { at: number; network: Promise<CategoryNetwork> }>>();

async function readNetwork(db: Queryable, minShared: number): Promise<CategoryNetwork> {
  const [nodes, shared] = await Promise.all([findNodes(db), findSharedEdges(db, minShared)]);
  const known = new Set(nodes.map((node) => node.id));
  const edges: CategoryNetwork['edges'] = [];
  for (const node of nodes) {
    if (node.parentId && known.has(node.parentId)) {
      edges.push({ source: node.parentId, target: node.id, kind: 'parent', weight: 0 });
    }
  }
  for (const edge of shared) edges.push({ ...edge, kind: 'shared' });
  return { nodes, edges };
}

export function getCategoryNetwork(db: Queryable, minShared: number, now = Date.now()): Promise<CategoryNetwork> {
  let byMin = cache.get(db);
  if (!byMin) {
    byMin = new Map();
    cache.set(db, byMin);
  }
  const hit = byMin.get(minShared);
  if (hit && now - hit.at < CACHE_MS) return hit.network;
  const network = readNetwork(db, minShared);
  byMin.set(minShared, { at: now, network });
  // A failed read is not kept: the next request tries again.
  network.catch(() => byMin.delete(minShared));
  return network;
}

/** Forgets the cached network of `db` (tests that change the catalogue between reads). */
export function forgetCategoryNetwork(db: Queryable) {
  cache.delete(db);
}

export async function getCategoryPanel(db: Queryable, id: string): Promise<CategoryNetworkPanel> {
  const category = await findPanelCategory(db, id);
  if (!category) throw new AppError('NOT_FOUND', 'No category has this id.');
  const [topBooks, topAuthors, connected] = await Promise.all([
    findTopBooks(db, id, CATEGORY_NETWORK_LIMITS.topBooks),
    findTopAuthors(db, id, CATEGORY_NETWORK_LIMITS.topAuthors),
    findConnected(db, id),
  ]);
  return {
    category: {
      id: category.id,
      nameEn: category.nameEn,
      nameAr: category.nameAr,
      books: category.books,
      parent:
        category.parentId && category.parentNameEn !== null
          ? { id: category.parentId, nameEn: category.parentNameEn, nameAr: category.parentNameAr ?? '' }
          : null,
    },
    topBooks,
    topAuthors,
    connected,
  };
}
