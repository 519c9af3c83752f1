import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authors, books, categories } from './catalogue.js';
import { id, timestamps } from './columns.js';
import { userRef } from './user-ref.js';

/**
 * Articles written by librarians: a title, summary and Markdown body in English and/or Arabic, a
 * cover from the image store, topics, and the books and authors it discusses (shown as cards).
 * Readers and visitors see `published` ones. `search_text` holds the normalised words (searchTerms)
 * of both titles, summaries and bodies.
 */
export const articles = pgTable(
  'articles',
  {
    id: id(),
    titleEn: text('title_en'),
    titleAr: text('title_ar'),
    summaryEn: text('summary_en'),
    summaryAr: text('summary_ar'),
    /** Markdown, rendered sanitised (no raw HTML, images from our storage only). */
    bodyEn: text('body_en'),
    bodyAr: text('body_ar'),
    coverKey: text('cover_key'),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The staff member who wrote it. */
    authorId: userRef('author_id', { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    searchVersion: smallint('search_version').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('articles_status_published_idx').on(table.status, table.publishedAt.desc(), table.id),
    index('articles_author_idx').on(table.authorId),
    index('articles_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('articles_has_title', sql`${table.titleEn} is not null or ${table.titleAr} is not null`),
    check('articles_status', sql`${table.status} in ('draft', 'published')`),
    check('articles_published_at', sql`${table.status} = 'draft' or ${table.publishedAt} is not null`),
  ],
);

/** An article's topics: catalogue categories. */
export const articleCategories = pgTable(
  'article_categories',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.categoryId] }),
    index('article_categories_category_idx').on(table.categoryId),
  ],
);

/** The books an article discusses, in the order it shows them. */
export const articleBooks = pgTable(
  'article_books',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.bookId] }),
    index('article_books_book_idx').on(table.bookId),
  ],
);

/** The authors an article discusses, in the order it shows them. */
export const articleAuthors = pgTable(
  'article_authors',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.authorId] }),
    index('article_authors_author_idx').on(table.authorId),
  ],
);
