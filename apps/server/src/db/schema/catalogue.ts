import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { tsvector } from './types.js';
import { userRef } from './user-ref.js';

/** Bilingual categories in a hierarchy (a category may have a parent). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    /** Stable, human-readable identifier (kebab-case); the demo catalogue and imports match on it. */
    key: text('key').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    /** The category guide's text, written by librarians. */
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    /** Order among its siblings in the guide (then by name). */
    sortOrder: integer('sort_order').notNull().default(0),
    /** normalised names (searchTerms) for suggestions; rewritten when `search_version` is 0 (set by trigger). */
    searchName: text('search_name').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    /** Approved books (for a category, with its sub-categories'), recounted with the search vocabulary. */
    bookCount: integer('book_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('categories_search_name_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
    uniqueIndex('categories_key_idx').on(table.key),
    index('categories_parent_idx').on(table.parentId),
    check('categories_not_own_parent', sql`${table.parentId} is distinct from ${table.id}`),
  ],
);

export const authors = pgTable(
  'authors',
  {
    id: id(),
    key: text('key'),
    /** Identity of an author created by an import: the normalised pair of names. */
    importKey: text('import_key'),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    deathHijri: smallint('death_hijri'),
    deathCe: smallint('death_ce'),
    biographyEn: text('biography_en'),
    biographyAr: text('biography_ar'),
    photoKey: text('photo_key'),
    /** normalised names (searchTerms) for suggestions; rewritten when `search_version` is 0 (set by trigger). */
    searchName: text('search_name').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    /** Approved books (for a category, with its sub-categories'), recounted with the search vocabulary. */
    bookCount: integer('book_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('authors_search_name_trgm_idx').using('gin', sql`${table.searchName} gin_trgm_ops`),
    /**
     * Names with a word that begins with the text typed (suggestions: `' ' || search_name || ' '
     * like '% text%'`, the very expression): without it every keystroke read every author.
     */
    index('authors_search_words_trgm_idx').using('gin', sql`(' ' || ${table.searchName} || ' ') gin_trgm_ops`),
    uniqueIndex('authors_key_idx').on(table.key),
    uniqueIndex('authors_import_key_idx').on(table.importKey),
    check('authors_has_name', sql`${table.nameEn} is not null or ${table.nameAr} is not null`),
  ],
);

export const books = pgTable(
  'books',
  {
    id: id(),
    /** The record's id in its source (an import file, or `demo:<key>`): imports are idempotent on it. */
    externalId: text('external_id'),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    publisher: text('publisher'),
    publicationYear: smallint('publication_year'),
    language: text('language'),
    format: text('format'),
    difficulty: text('difficulty'),
    contentType: text('content_type'),
    isDigital: boolean('is_digital').notNull().default(false),
    copiesTotal: integer('copies_total').notNull().default(0),
    copiesAvailable: integer('copies_available').notNull().default(0),
    status: text('status').notNull().default('draft'),
    coverKey: text('cover_key'),
    /** Real signals, kept as counters so the popular shelf is one index scan. */
    viewCount: integer('view_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    checkoutCount: integer('checkout_count').notNull().default(0),
    /** views × 1 + bookmarks × 3 + checkouts × 5 (POPULARITY_WEIGHTS in packages/shared). */
    popularity: integer('popularity').generatedAlwaysAs(sql`view_count + 3 * bookmark_count + 5 * checkout_count`),
    createdBy: userRef('created_by', { onDelete: 'set null' }),
    /**
     * Search columns, written with the book from packages/shared/src/search-text.ts (searchTerms):
     * the normalised words of the titles, the authors' names, the categories' names, and the
     * publisher and descriptions. `search_vector` weighs them A, B, C and D.
     */
    searchTitle: text('search_title').notNull().default(''),
    searchAuthors: text('search_authors').notNull().default(''),
    searchCategories: text('search_categories').notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    /**
     * The book's authors and categories (its own, not their ancestors), written with the search
     * columns whenever a link changes: search counts its facets from them, with no lookup of the
     * link tables per match (search.repository.ts, `findFacets`).
     */
    authorIds: uuid('author_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The normaliser's version the search columns were written with; older rows are rewritten at start-up. */
    searchVersion: smallint('search_version').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_authors), 'B') || setweight(to_tsvector('simple'::regconfig, search_categories), 'C') || setweight(to_tsvector('simple'::regconfig, search_body), 'D')`,
    ),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('books_external_id_idx').on(table.externalId),
    index('books_status_created_idx').on(table.status, table.createdAt.desc(), table.id),
    index('books_status_popularity_idx').on(table.status, table.popularity.desc(), table.id),
    index('books_search_vector_idx').using('gin', table.searchVector),
    /**
     * The words of approved books' titles and authors' names alone, for suggestions (suggest.repository.ts,
     * `suggestBooks`): a word common in descriptions but rare in titles ("the", "book") is then a
     * few entries, not every book whose description holds it, each read to check its weight. Not
     * a partial index: the planner uses the statistics of an index's expression only when the
     * index has no predicate, and without them it guessed thousands of rows for any word, which
     * made it start parallel workers and compile the statement (130–300 ms instead of 6 at 1M).
     */
    index('books_suggest_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${table.searchTitle} || ' ' || ${table.searchAuthors})`,
    ),
    /** Staff find a book by any part of either title (`ilike '%…%'`): the lending desk. */
    index('books_title_en_trgm_idx').using('gin', sql`${table.titleEn} gin_trgm_ops`),
    index('books_title_ar_trgm_idx').using('gin', sql`${table.titleAr} gin_trgm_ops`),
    /** The desk's order by book: books in title order, each one's loans found by book. */
    index('books_sort_title_idx').on(sql`lower(${table.titleEn})`, table.id),
    index('books_search_title_prefix_idx').using('btree', sql`${table.status}, ${table.searchTitle} text_pattern_ops`),
    index('books_search_dirty_idx').on(table.id).where(sql`${table.searchVersion} = 0`),
    index('books_search_names_trgm_idx').using(
      'gin',
      sql`(${table.searchTitle} || ' ' || ${table.searchAuthors}) gin_trgm_ops`,
    ),
    check('books_has_title', sql`${table.titleEn} is not null or ${table.titleAr} is not null`),
    check('books_status', sql`${table.status} in ('draft', 'pending', 'approved', 'archived')`),
    check(
      'books_copies',
      sql`${table.copiesTotal} >= 0 and ${table.copiesAvailable} >= 0 and ${table.copiesAvailable} <= ${table.copiesTotal}`,
    ),
  ],
);

export const bookAuthors = pgTable(
  'book_authors',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bookId, table.authorId] }),
    index('book_authors_author_idx').on(table.authorId),
  ],
);

export const bookCategories = pgTable(
  'book_categories',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bookId, table.categoryId] }),
    index('book_categories_category_idx').on(table.categoryId),
  ],
);

/** The Our Scholars cards: editable data, in display order. */
export const scholars = pgTable(
  'scholars',
  {
    id: id(),
    key: text('key'),
    authorId: uuid('author_id').references(() => authors.id, { onDelete: 'set null' }),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    photoKey: text('photo_key'),
    externalLink: text('external_link'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('scholars_key_idx').on(table.key), index('scholars_order_idx').on(table.sortOrder)],
);

/**
 * One row per viewer per book per day: a view counts once a day, so reloading a page does not
 * inflate popularity. The viewer is the user id, or a keyed hash of the address for visitors.
 */
export const bookViews = pgTable(
  'book_views',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: date('day').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bookId, table.viewer, table.day] }),
    index('book_views_day_idx').on(table.day),
  ],
);

/** Which version of the shipped demo catalogue has been loaded (it loads once, on first start). */
export const catalogueSeeds = pgTable('catalogue_seeds', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
