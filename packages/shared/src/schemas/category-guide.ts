import { z } from 'zod';
import { BookSummarySchema, CATALOGUE_LIMITS } from './catalogue.js';

/**
 * The category guide (/category-guide): the category hierarchy as readers browse it, each
 * category with its names and description in both languages, in the order librarians give it
 * (`sort_order` among siblings, then by name).
 */

/** How many popular books and most read authors a category's guide page shows. */
export const CATEGORY_GUIDE_LIMITS = {
  books: 8,
  authors: 8,
  descriptionMax: CATALOGUE_LIMITS.categoryDescriptionMax,
  /** The most categories one reorder may name (one parent's children). */
  reorderMax: 500,
} as const;

const guideFields = {
  id: z.uuid(),
  key: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  description_en: z.string().nullable(),
  description_ar: z.string().nullable(),
  /** Approved books in the category and its sub-categories. */
  book_count: z.number().int(),
  sort_order: z.number().int(),
};

/** A category without its sub-categories (a guide page's children and breadcrumbs). */
export const GuideCategorySchema = z.object(guideFields).meta({ id: 'GuideCategory' });
export type GuideCategory = z.infer<typeof GuideCategorySchema>;

/** A category with its sub-categories, all the way down. */
export type GuideNode = GuideCategory & { children: GuideNode[] };
export const GuideNodeSchema: z.ZodType<GuideNode> = z
  .object({
    ...guideFields,
    get children() {
      return z.array(GuideNodeSchema);
    },
  })
  .meta({ id: 'GuideNode' });

/** GET /api/categories/guide */
export const CategoryGuideTreeSchema = z.object({ categories: z.array(GuideNodeSchema) });
export type CategoryGuideTree = z.infer<typeof CategoryGuideTreeSchema>;

/** One of a category's most read authors: their approved books in the category (sub-categories included). */
export const GuideAuthorSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  name_ar: z.string().nullable(),
  image: z.string().nullable(),
  book_count: z.number().int(),
});
export type GuideAuthor = z.infer<typeof GuideAuthorSchema>;

/** GET /api/categories/{key}/guide */
export const CategoryGuidePageSchema = z.object({
  category: GuideCategorySchema,
  /** From the top-level category down to the parent (empty for a top-level category). */
  ancestors: z.array(GuideCategorySchema),
  children: z.array(GuideCategorySchema),
  /** The most popular approved books of the category and its sub-categories. */
  books: z.array(BookSummarySchema),
  authors: z.array(GuideAuthorSchema),
});
export type CategoryGuidePage = z.infer<typeof CategoryGuidePageSchema>;

/** PUT /api/categories/order: one parent's children (all of them, each once) in their new order. */
export const CategoryOrderSchema = z.object({
  parent_id: z.uuid().nullable(),
  ids: z.array(z.uuid()).min(1).max(CATEGORY_GUIDE_LIMITS.reorderMax),
});
export type CategoryOrder = z.infer<typeof CategoryOrderSchema>;
