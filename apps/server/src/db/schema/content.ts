import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { authors, books, categories, scholars } from './catalogue.js';
import { createdAt, id, timestamps } from './columns.js';
import { userRef } from './user-ref.js';

/*
 * Reader content (issue "Content I"): Quotes and Wisdom, and readers' collections of books.
 */

/**
 * A saying: English text and/or Arabic original, its speaker (linked to an author or scholar
 * record when there is one) and its source (linked to a catalogue book when there is one). A
 * reader's contribution is `pending` until a librarian approves it or returns it to `draft` with a
 * note. `search_text` holds the normalised words (searchTerms) of the texts, speaker and source.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    /** The record's id in its import file: imports are idempotent on it. */
    externalId: text('external_id'),
    textEn: text('text_en'),
    textAr: text('text_ar'),
    speakerEn: text('speaker_en'),
    speakerAr: text('speaker_ar'),
    authorId: uuid('author_id').references(() => authors.id, { onDelete: 'set null' }),
    scholarId: uuid('scholar_id').references(() => scholars.id, { onDelete: 'set null' }),
    /** The source as written (a book's title, a collection of sayings). */
    sourceTitle: text('source_title'),
    sourceBookId: uuid('source_book_id').references(() => books.id, { onDelete: 'set null' }),
    /** Chapter, sermon or saying number. */
    sourceReference: text('source_reference'),
    translator: text('translator'),
    sourceUrl: text('source_url'),
    status: text('status').notNull().default('pending'),
    /** Shown in the sign-in carousel. */
    featured: boolean('featured').notNull().default(false),
    /** The librarian's note when a contribution is returned. */
    reviewNote: text('review_note'),
    createdBy: userRef('created_by', { onDelete: 'set null' }),
    reviewedBy: userRef('reviewed_by', { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('quotes_external_id_idx').on(table.externalId),
    index('quotes_status_approved_idx').on(table.status, table.approvedAt.desc(), table.id),
    index('quotes_status_created_idx').on(table.status, table.createdAt, table.id),
    index('quotes_created_by_idx').on(table.createdBy, table.createdAt.desc()),
    index('quotes_author_idx').on(table.authorId),
    index('quotes_scholar_idx').on(table.scholarId),
    index('quotes_source_book_idx').on(table.sourceBookId),
    index('quotes_featured_idx').on(table.id).where(sql`${table.featured}`),
    index('quotes_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('quotes_has_text', sql`${table.textEn} is not null or ${table.textAr} is not null`),
    check('quotes_status', sql`${table.status} in ('draft', 'pending', 'approved', 'archived')`),
  ],
);

/** A quote's topics: catalogue categories. */
export const quoteCategories = pgTable(
  'quote_categories',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.quoteId, table.categoryId] }),
    index('quote_categories_category_idx').on(table.categoryId),
  ],
);

/** A reader's saved quotes (the quote's "save" action). */
export const quoteSaves = pgTable(
  'quote_saves',
  {
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.quoteId] }),
    index('quote_saves_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('quote_saves_quote_idx').on(table.quoteId),
  ],
);

/**
 * A reader's ordered list of books, private or public. Librarians may feature a public one on the
 * home page (`featured_at`). The limits (collections per reader, books per collection) are in
 * packages/shared.
 */
export const collections = pgTable(
  'collections',
  {
    id: id(),
    ownerId: userRef('owner_id', { onDelete: 'cascade' }).notNull(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    isPublic: boolean('is_public').notNull().default(false),
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    featuredBy: userRef('featured_by', { onDelete: 'set null' }),
    bookCount: integer('book_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('collections_owner_updated_idx').on(table.ownerId, table.updatedAt.desc()),
    index('collections_public_updated_idx').on(table.updatedAt.desc(), table.id).where(sql`${table.isPublic}`),
    index('collections_featured_idx').on(table.featuredAt.desc()).where(sql`${table.featuredAt} is not null`),
    check('collections_has_title', sql`${table.titleEn} is not null or ${table.titleAr} is not null`),
    check('collections_book_count', sql`${table.bookCount} >= 0`),
    check('collections_featured_public', sql`${table.featuredAt} is null or ${table.isPublic}`),
  ],
);

/** The books of a collection, in `position` order, each with the owner's note. */
export const collectionBooks = pgTable(
  'collection_books',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.bookId] }),
    index('collection_books_order_idx').on(table.collectionId, table.position),
    index('collection_books_book_idx').on(table.bookId),
  ],
);
