import { z } from 'zod';

/**
 * The catalogue (reader-area §3): books, authors, categories and the Our Scholars cards.
 * Every filter of the /search route (reader-area §2.1) maps to a book field: category and author
 * through the link tables, `available` to copies_available > 0, the rest to a column of the same name.
 */

export const BOOK_STATUSES = ['draft', 'pending', 'approved', 'archived'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/** Only approved books are visible to patrons and visitors. */
export const PUBLIC_BOOK_STATUS: BookStatus = 'approved';

/** ISO 639-1 codes of the languages the library holds. */
export const BOOK_LANGUAGES = ['ar', 'fa', 'en', 'ur', 'fr', 'tr'] as const;
export type BookLanguage = (typeof BOOK_LANGUAGES)[number];

export const BOOK_FORMATS = ['hardcover', 'paperback', 'ebook', 'pdf', 'audio', 'manuscript'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

export const BOOK_DIFFICULTIES = ['introductory', 'intermediate', 'advanced'] as const;
export type BookDifficulty = (typeof BOOK_DIFFICULTIES)[number];

export const CONTENT_TYPES = ['book', 'collection', 'supplications', 'treatise', 'commentary', 'translation'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** reader-area §3 "Book shelf types". Unknown types fall back to recent (§4.5). */
export const SHELF_TYPES = ['recent', 'popular', 'bookmarked', 'returned'] as const;
export type ShelfType = (typeof SHELF_TYPES)[number];
export function toShelfType(value: string | undefined | null): ShelfType {
  return (SHELF_TYPES as readonly string[]).includes(value ?? '') ? (value as ShelfType) : 'recent';
}

/** Weights of the real signals behind a book's popularity. */
export const POPULARITY_WEIGHTS = { view: 1, bookmark: 3, checkout: 5 } as const;

export const CATALOGUE_LIMITS = {
  shelfMax: 100,
  titleMax: 500,
  nameMax: 300,
  descriptionMax: 20_000,
  /** A category's guide text, per language. */
  categoryDescriptionMax: 2000,
  publisherMax: 300,
  keyMax: 100,
  externalIdMax: 300,
  authorsPerBook: 20,
  categoriesPerBook: 20,
  copiesMax: 10_000,
  /** Editors' catalogue list. */
  pageSizeMax: 100,
  /** Category suggestions: p_limit = max(50, count × 6) (reader-area §7). */
  categorySuggestionsMin: 50,
  categorySuggestionsFactor: 6,
  categorySuggestionsMax: 500,
} as const;

export const categorySuggestionLimit = (count: number) =>
  Math.min(
    CATALOGUE_LIMITS.categorySuggestionsMax,
    Math.max(
      CATALOGUE_LIMITS.categorySuggestionsMin,
      Math.max(0, Math.floor(count)) * CATALOGUE_LIMITS.categorySuggestionsFactor,
    ),
  );

const Year = z.number().int().min(-1000).max(3000);

/** An author as it appears on a book: both names. */
export const BookAuthorSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  name_ar: z.string().nullable(),
});
export type BookAuthor = z.infer<typeof BookAuthorSchema>;

export const CategoryRefSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  name_ar: z.string(),
});
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/**
 * A book in a shelf (reader-area §3 "Book summary" and the §7 shelf RPC rows): both spellings of
 * the author and cover fields are present, so clients of either reading work.
 */
export const BookSummarySchema = z.object({
  id: z.uuid(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
  author_name: z.string().nullable(),
  author_name_ar: z.string().nullable(),
  author: z.string().nullable(),
  author_ar: z.string().nullable(),
  authors: z.array(BookAuthorSchema),
  cover_image: z.string().nullable(),
  book_cover_image: z.string().nullable(),
  publication_year: z.number().int().nullable(),
  /** The key of the book's first category, which gives its generated cover a colour; null when it has none. */
  category_key: z.string().nullable(),
  created_at: z.string(),
});
export type BookSummary = z.infer<typeof BookSummarySchema>;

export const ShelfSchema = z.object({
  type: z.enum(SHELF_TYPES),
  books: z.array(BookSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type Shelf = z.infer<typeof ShelfSchema>;

export const ShelfQuerySchema = z.object({
  p_limit: z.coerce.number().int().min(1).max(CATALOGUE_LIMITS.shelfMax).default(20),
  p_offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** A full book (reader-area §3 "Book (full)") with every catalogue field. */
export const BookSchema = BookSummarySchema.extend({
  external_id: z.string().nullable(),
  description: z.string().nullable(),
  description_ar: z.string().nullable(),
  category: z.string().nullable(),
  category_ar: z.string().nullable(),
  categories: z.array(CategoryRefSchema),
  publisher: z.string().nullable(),
  language: z.string().nullable(),
  format: z.string().nullable(),
  difficulty: z.enum(BOOK_DIFFICULTIES).nullable(),
  content_type: z.string().nullable(),
  is_digital: z.boolean(),
  copies_total: z.number().int(),
  copies_available: z.number().int(),
  available: z.boolean(),
  status: z.enum(BOOK_STATUSES),
  image_url: z.string().nullable(),
  popularity: z.number(),
  updated_at: z.string(),
});
export type Book = z.infer<typeof BookSchema>;

export const AuthorSchema = z.object({
  id: z.uuid(),
  key: z.string().nullable(),
  name: z.string().nullable(),
  name_ar: z.string().nullable(),
  death_hijri: z.number().int().nullable(),
  death_ce: z.number().int().nullable(),
  biography: z.string().nullable(),
  biography_ar: z.string().nullable(),
  image: z.string().nullable(),
  book_count: z.number().int(),
  updated_at: z.string(),
});
export type Author = z.infer<typeof AuthorSchema>;

export const AuthorDetailSchema = AuthorSchema.extend({
  books: z.array(BookSummarySchema),
  scholar_id: z.uuid().nullable(),
});
export type AuthorDetail = z.infer<typeof AuthorDetailSchema>;

/** reader-area §3 "Scholar card", plus the editable fields behind it. */
export const ScholarSchema = z.object({
  id: z.uuid(),
  key: z.string().nullable(),
  name: z.string(),
  name_ar: z.string(),
  title: z.string().nullable(),
  title_ar: z.string().nullable(),
  image: z.string().nullable(),
  externalLink: z.string().nullable(),
  author_id: z.uuid().nullable(),
  order: z.number().int(),
  updated_at: z.string(),
});
export type Scholar = z.infer<typeof ScholarSchema>;

export const ScholarDetailSchema = ScholarSchema.extend({
  author: AuthorSchema.nullable(),
  books: z.array(BookSummarySchema),
});
export type ScholarDetail = z.infer<typeof ScholarDetailSchema>;

export const CategorySchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  name_ar: z.string(),
  parent_id: z.uuid().nullable(),
  book_count: z.number().int(),
  /** The category guide's text (librarians write it). */
  description_en: z.string().nullable(),
  description_ar: z.string().nullable(),
  /** Order among its siblings (then by name). */
  sort_order: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

/** reader-area §3 "Category suggestion". */
export const CategorySuggestionSchema = z.object({
  id: z.string(),
  query: z.string(),
  query_ar: z.string(),
  type: z.literal('category'),
});
export type CategorySuggestion = z.infer<typeof CategorySuggestionSchema>;

export const CategorySuggestionQuerySchema = z.object({
  count: z.coerce.number().int().min(0).max(100).optional(),
  p_limit: z.coerce.number().int().min(1).max(CATALOGUE_LIMITS.categorySuggestionsMax).optional(),
});

// ——— Writes (librarians and admins). Messages are i18n keys under `validation.*`. ———

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const Key = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(CATALOGUE_LIMITS.keyMax, 'validation.tooLong')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'validation.catalogue.key');

const bookFields = z.object({
  title: optionalText(CATALOGUE_LIMITS.titleMax),
  title_ar: optionalText(CATALOGUE_LIMITS.titleMax),
  description: optionalText(CATALOGUE_LIMITS.descriptionMax),
  description_ar: optionalText(CATALOGUE_LIMITS.descriptionMax),
  author_ids: z.array(z.uuid()).max(CATALOGUE_LIMITS.authorsPerBook).default([]),
  category_ids: z.array(z.uuid()).max(CATALOGUE_LIMITS.categoriesPerBook).default([]),
  publisher: optionalText(CATALOGUE_LIMITS.publisherMax),
  publication_year: Year.nullable().optional(),
  language: z.enum(BOOK_LANGUAGES).nullable().optional(),
  format: z.enum(BOOK_FORMATS).nullable().optional(),
  difficulty: z.enum(BOOK_DIFFICULTIES).nullable().optional(),
  content_type: z.enum(CONTENT_TYPES).nullable().optional(),
  is_digital: z.boolean().default(false),
  external_id: optionalText(CATALOGUE_LIMITS.externalIdMax),
});

const titleRequired = (book: { title?: string | null; title_ar?: string | null }, ctx: z.RefinementCtx) => {
  if (!book.title && !book.title_ar) {
    ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.catalogue.titleRequired' });
  }
};

/**
 * A book as an editor writes it (`PUT /api/books/{id}`). At least one of the two titles is
 * required. The copies are not fields of the book: its counts follow its copies (ADR 0014), which
 * are added and changed under /api/admin/books/{id}/copies.
 */
export const BookWriteSchema = bookFields.superRefine(titleRequired);
export type BookWrite = z.input<typeof BookWriteSchema>;

/**
 * A new book (`POST /api/books`): the book, and how many copies the library holds. That many
 * copies are created with it; the first `copies_available` of them (all when not given) can be
 * lent, the others are recorded as damaged. Copies available can never exceed copies held.
 */
export const BookCreateSchema = bookFields
  .extend({
    copies_total: z
      .number('validation.catalogue.copiesCount')
      .int('validation.catalogue.copiesCount')
      .min(0, 'validation.catalogue.copiesCount')
      .max(CATALOGUE_LIMITS.copiesMax, 'validation.catalogue.copiesCount')
      .default(0),
    copies_available: z.number().int().min(0).max(CATALOGUE_LIMITS.copiesMax).nullable().optional(),
  })
  .superRefine((book, ctx) => {
    titleRequired(book, ctx);
    if (book.copies_available != null && book.copies_available > book.copies_total) {
      ctx.addIssue({ code: 'custom', path: ['copies_available'], message: 'validation.catalogue.copiesAvailable' });
    }
  });
export type BookCreate = z.input<typeof BookCreateSchema>;

/** Moving a book through its life: submit for review, approve, archive, back to draft. */
export const BookStatusChangeSchema = z.object({ status: z.enum(BOOK_STATUSES) });

export const AuthorWriteSchema = z
  .object({
    key: Key.nullable().optional(),
    name: optionalText(CATALOGUE_LIMITS.nameMax),
    name_ar: optionalText(CATALOGUE_LIMITS.nameMax),
    death_hijri: Year.nullable().optional(),
    death_ce: Year.nullable().optional(),
    biography: optionalText(CATALOGUE_LIMITS.descriptionMax),
    biography_ar: optionalText(CATALOGUE_LIMITS.descriptionMax),
  })
  .superRefine((author, ctx) => {
    if (!author.name && !author.name_ar) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.catalogue.nameRequired' });
    }
  });
export type AuthorWrite = z.input<typeof AuthorWriteSchema>;

export const CategoryWriteSchema = z.object({
  key: Key,
  name: z.string().trim().min(1, 'validation.required').max(CATALOGUE_LIMITS.nameMax, 'validation.tooLong'),
  name_ar: z.string().trim().min(1, 'validation.required').max(CATALOGUE_LIMITS.nameMax, 'validation.tooLong'),
  parent_id: z.uuid().nullable().optional(),
  description_en: optionalText(CATALOGUE_LIMITS.categoryDescriptionMax),
  description_ar: optionalText(CATALOGUE_LIMITS.categoryDescriptionMax),
});
export type CategoryWrite = z.input<typeof CategoryWriteSchema>;

export const ScholarWriteSchema = z.object({
  key: Key.nullable().optional(),
  name: z.string().trim().min(1, 'validation.required').max(CATALOGUE_LIMITS.nameMax, 'validation.tooLong'),
  name_ar: z.string().trim().min(1, 'validation.required').max(CATALOGUE_LIMITS.nameMax, 'validation.tooLong'),
  title: optionalText(CATALOGUE_LIMITS.nameMax),
  title_ar: optionalText(CATALOGUE_LIMITS.nameMax),
  external_link: z
    .url({ protocol: /^https?$/, message: 'validation.catalogue.url' })
    .max(2000, 'validation.tooLong')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  author_id: z.uuid().nullable().optional(),
  order: z.number().int().min(0).max(10_000).default(0),
});
export type ScholarWrite = z.input<typeof ScholarWriteSchema>;

/** The editors' catalogue list: every status, filterable. */
export const BookListQuerySchema = z.object({
  status: z.enum(BOOK_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(CATALOGUE_LIMITS.pageSizeMax).default(25),
});

export const BookListItemSchema = BookSummarySchema.extend({
  status: z.enum(BOOK_STATUSES),
  external_id: z.string().nullable(),
  copies_total: z.number().int(),
  copies_available: z.number().int(),
  updated_at: z.string(),
});
export const BookListSchema = z.object({
  books: z.array(BookListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type BookList = z.infer<typeof BookListSchema>;
