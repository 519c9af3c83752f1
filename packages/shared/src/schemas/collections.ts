import { z } from 'zod';
import { BOOKS_PER_COLLECTION_MAX, COLLECTIONS_PER_READER_MAX } from '../constants.js';
import { BookSummarySchema } from './catalogue.js';

/**
 * Readers' collections of books: a title and description in either language, private or public,
 * the books in the reader's order, each with a note. A public one has its own shareable page;
 * librarians see every reader's and may feature a public one on the home page. The messages are
 * i18n keys under `validation.collections.*`, shown in the reader's language by the client.
 */

export { BOOKS_PER_COLLECTION_MAX, COLLECTIONS_PER_READER_MAX };

export const COLLECTION_LIMITS = {
  titleMax: 200,
  descriptionMax: 2_000,
  noteMax: 500,
  /** Book covers shown on a collection's card. */
  coversMax: 4,
  /** Featured collections on the home page. */
  featuredMax: 6,
  /** The librarians' list of every reader's collections. */
  pageSizeDefault: 20,
  pageSizeMax: 100,
  searchMax: 200,
} as const;

export const COLLECTION_MESSAGES = {
  titleRequired: 'validation.collections.titleRequired',
  titleMax: 'validation.collections.titleMax',
  descriptionMax: 'validation.collections.descriptionMax',
  noteMax: 'validation.collections.noteMax',
  bookIdRequired: 'validation.collections.bookIdRequired',
  nothingToUpdate: 'validation.nothingToUpdate',
} as const;

export const COLLECTION_VISIBILITIES = ['all', 'public', 'private'] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/** Trimmed; empty means "none" (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const collectionFields = {
  title_en: optionalText(COLLECTION_LIMITS.titleMax, COLLECTION_MESSAGES.titleMax),
  title_ar: optionalText(COLLECTION_LIMITS.titleMax, COLLECTION_MESSAGES.titleMax),
  description_en: optionalText(COLLECTION_LIMITS.descriptionMax, COLLECTION_MESSAGES.descriptionMax),
  description_ar: optionalText(COLLECTION_LIMITS.descriptionMax, COLLECTION_MESSAGES.descriptionMax),
};

/** `POST /api/collections`: at least one title (English or Arabic). Private unless `is_public`. */
export const CollectionCreateSchema = z
  .object({ ...collectionFields, is_public: z.boolean().default(false) })
  .superRefine((collection, ctx) => {
    if (!collection.title_en && !collection.title_ar) {
      ctx.addIssue({ code: 'custom', path: ['title_en'], message: COLLECTION_MESSAGES.titleRequired });
    }
  });
export type CollectionCreate = z.input<typeof CollectionCreateSchema>;

/**
 * `PATCH /api/collections/{id}`: only the fields given change (null or '' clears a text). The
 * collection must keep a title in one language; the server answers 422 `titleRequired` on
 * `title_en` otherwise. Making a featured collection private also unfeatures it.
 */
export const CollectionUpdateSchema = z
  .object({ ...collectionFields, is_public: z.boolean().optional() })
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: COLLECTION_MESSAGES.nothingToUpdate });
    }
  });
export type CollectionUpdate = z.input<typeof CollectionUpdateSchema>;

const CollectionBookIdSchema = z.uuid({ error: COLLECTION_MESSAGES.bookIdRequired });
const NoteSchema = optionalText(COLLECTION_LIMITS.noteMax, COLLECTION_MESSAGES.noteMax);

/** `POST /api/collections/{id}/books`: added at the end. */
export const CollectionBookAddSchema = z.object({ book_id: CollectionBookIdSchema, note: NoteSchema });
export type CollectionBookAdd = z.input<typeof CollectionBookAddSchema>;

/** `PATCH /api/collections/{id}/books/{bookId}`: null or '' removes the note. */
export const CollectionBookNoteSchema = z.object({
  note: optionalText(COLLECTION_LIMITS.noteMax, COLLECTION_MESSAGES.noteMax).transform((value) => value ?? null),
});
export type CollectionBookNote = z.input<typeof CollectionBookNoteSchema>;

/**
 * `PUT /api/collections/{id}/order`: the complete new order, exactly the collection's books, each
 * once (409 `ORDER_MISMATCH` otherwise, e.g. when a book was added or removed meanwhile).
 */
export const CollectionOrderSchema = z.object({
  book_ids: z.array(CollectionBookIdSchema).max(BOOKS_PER_COLLECTION_MAX),
});
export type CollectionOrder = z.infer<typeof CollectionOrderSchema>;

/** `PUT /api/collections/{id}/featured` (librarians). Only a public collection can be featured. */
export const CollectionFeatureSchema = z.object({ featured: z.boolean() });
export type CollectionFeature = z.infer<typeof CollectionFeatureSchema>;

/** `GET /api/collections/mine`: with `book_id`, each collection says whether it holds that book. */
export const MyCollectionsQuerySchema = z.object({ book_id: CollectionBookIdSchema.optional() });
export type MyCollectionsQuery = z.infer<typeof MyCollectionsQuerySchema>;

/** `GET /api/collections` (librarians): every reader's collections, most recently updated first. */
export const CollectionListQuerySchema = z.object({
  q: z.string().trim().max(COLLECTION_LIMITS.searchMax).optional(),
  visibility: z.enum(COLLECTION_VISIBILITIES).default('all'),
  featured: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(COLLECTION_LIMITS.pageSizeMax).default(COLLECTION_LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type CollectionListQuery = z.input<typeof CollectionListQuerySchema>;

/** A book's cover on a collection's card: what the book card needs to draw it. */
export const CollectionCoverSchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
  cover_url: z.string().nullable(),
  /** The key of the book's first category: the colour of its generated cover. */
  category_key: z.string().nullable(),
});
export type CollectionCover = z.infer<typeof CollectionCoverSchema>;

/** The owner's display name only, never the e-mail address. */
export const CollectionOwnerSchema = z.object({ id: z.string(), display_name: z.string().nullable() });
export type CollectionOwner = z.infer<typeof CollectionOwnerSchema>;

export const CollectionSummarySchema = z.object({
  id: z.uuid(),
  title_en: z.string().nullable(),
  title_ar: z.string().nullable(),
  description_en: z.string().nullable(),
  description_ar: z.string().nullable(),
  is_public: z.boolean(),
  featured: z.boolean(),
  book_count: z.number().int(),
  /** Up to 4, the first books in the collection's order (approved books only). */
  covers: z.array(CollectionCoverSchema),
  owner: CollectionOwnerSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CollectionSummary = z.infer<typeof CollectionSummarySchema>;

/** An item of `GET /api/collections/mine`; `contains_book` only when `book_id` was asked about. */
export const MyCollectionSchema = CollectionSummarySchema.extend({ contains_book: z.boolean().optional() });
export type MyCollection = z.infer<typeof MyCollectionSchema>;

export const MyCollectionsSchema = z.object({ items: z.array(MyCollectionSchema) });
export type MyCollections = z.infer<typeof MyCollectionsSchema>;

export const CollectionBookSchema = z.object({
  book: BookSummarySchema,
  note: z.string().nullable(),
  /** 1, 2, 3 … in order. */
  position: z.number().int(),
  added_at: z.string(),
});
export type CollectionBook = z.infer<typeof CollectionBookSchema>;

/**
 * A collection with its books in order. `book_count` counts every book in it; `books` lists the
 * ones the caller may see (a book withdrawn from the catalogue is not shown to readers).
 */
export const CollectionSchema = CollectionSummarySchema.extend({
  books: z.array(CollectionBookSchema),
  /** The caller owns it (and may edit it). */
  can_edit: z.boolean(),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** `GET /api/collections` (librarians). */
export const CollectionListSchema = z.object({
  items: z.array(CollectionSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CollectionList = z.infer<typeof CollectionListSchema>;

/** `GET /api/collections/featured`: up to 6, newest featured first. */
export const FeaturedCollectionsSchema = z.object({ items: z.array(CollectionSummarySchema) });
export type FeaturedCollections = z.infer<typeof FeaturedCollectionsSchema>;

/** `details` of 409 `COLLECTION_LIMIT_REACHED` and `COLLECTION_FULL`. */
export const CollectionLimitDetailsSchema = z.object({ max: z.number().int() });
