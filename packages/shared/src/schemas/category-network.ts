import { z } from 'zod';

/**
 * The category network explorer (/admin/category-network-explorer): every category as a node, its
 * parent link and the categories it shares approved books with as edges, and one category's panel.
 */
export const CATEGORY_NETWORK_LIMITS = {
  /** Shared edges need at least this many books in both categories (the `minShared` parameter). */
  minSharedDefault: 1,
  minSharedMax: 1000,
  /** The panel's lists. */
  topBooks: 10,
  topAuthors: 5,
  /** Seconds the network is kept in memory before it is read again. */
  cacheSeconds: 60,
} as const;

export const NetworkQuerySchema = z.object({
  minShared: z.coerce
    .number()
    .int()
    .min(1)
    .max(CATEGORY_NETWORK_LIMITS.minSharedMax)
    .default(CATEGORY_NETWORK_LIMITS.minSharedDefault),
});
export type NetworkQuery = z.infer<typeof NetworkQuerySchema>;

export const NetworkNodeSchema = z
  .object({
    id: z.uuid(),
    nameEn: z.string(),
    nameAr: z.string(),
    parentId: z.uuid().nullable(),
    /** Approved books linked to the category itself (not to its sub-categories). */
    books: z.number().int(),
  })
  .meta({ id: 'CategoryNetworkNode' });
export type NetworkNode = z.infer<typeof NetworkNodeSchema>;

export const EDGE_KINDS = ['parent', 'shared'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

export const NetworkEdgeSchema = z
  .object({
    /** For a parent edge, the parent; for a shared edge, the smaller id of the pair. */
    source: z.uuid(),
    /** For a parent edge, the child; for a shared edge, the larger id. */
    target: z.uuid(),
    kind: z.enum(EDGE_KINDS),
    /** Approved books in both categories (shared edges); 0 for parent edges. */
    weight: z.number().int(),
  })
  .meta({ id: 'CategoryNetworkEdge' });
export type NetworkEdge = z.infer<typeof NetworkEdgeSchema>;

/** GET /api/admin/category-network */
export const CategoryNetworkSchema = z
  .object({ nodes: z.array(NetworkNodeSchema), edges: z.array(NetworkEdgeSchema) })
  .meta({ id: 'CategoryNetwork' });
export type CategoryNetwork = z.infer<typeof CategoryNetworkSchema>;

const namedCategory = z.object({ id: z.uuid(), nameEn: z.string(), nameAr: z.string() });

/** GET /api/admin/category-network/{id}: the explorer's side panel. */
export const CategoryNetworkPanelSchema = z
  .object({
    category: namedCategory.extend({
      parent: namedCategory.nullable(),
      books: z.number().int(),
    }),
    /** Its approved books, most viewed first, then by title. */
    topBooks: z.array(
      z.object({
        id: z.uuid(),
        titleEn: z.string().nullable(),
        titleAr: z.string().nullable(),
        views: z.number().int(),
      }),
    ),
    /** Authors by their approved books in the category, most first. */
    topAuthors: z.array(
      z.object({ id: z.uuid(), nameEn: z.string().nullable(), nameAr: z.string().nullable(), books: z.number().int() }),
    ),
    /** Categories sharing approved books with it, most shared first. */
    connected: z.array(namedCategory.extend({ shared: z.number().int() })),
  })
  .meta({ id: 'CategoryNetworkPanel' });
export type CategoryNetworkPanel = z.infer<typeof CategoryNetworkPanelSchema>;
