import fs from 'node:fs';
import path from 'node:path';
import { BOOK_DIFFICULTIES, BOOK_LANGUAGES, CONTENT_TYPES } from '@maktaba/shared/schemas/catalogue';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  authors,
  bookAuthors,
  bookCategories,
  books,
  catalogueSeeds,
  categories,
  scholars,
} from '../../db/schema/index.js';
import { SERVER_ROOT } from '../../server-root.js';
import { copiesFor, insertCopies } from '../copies/copies.repository.js';

/** Our own curated catalogue of well-known works, shipped with the product (apps/server/seed). */
export const DEMO_CATALOGUE_FILE = path.join(SERVER_ROOT, 'seed/demo-catalogue.json');
const SEED_NAME = 'demo-catalogue';
/** External ids of the demo books: `demo:<key>`. */
export const DEMO_ID_PREFIX = 'demo:';
/** Copies (book_copies rows) the demo library holds of each printed work, so lending has something to lend. */
const DEMO_COPIES = 2;

const Key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const Year = z.number().int().nullable();
const DemoCatalogueSchema = z
  .object({
    version: z.number().int().positive(),
    categories: z.array(
      z.object({
        key: Key,
        name_en: z.string().min(1),
        name_ar: z.string().min(1),
        parent: Key.nullable(),
        description_en: z.string().nullable().default(null),
        description_ar: z.string().nullable().default(null),
      }),
    ),
    authors: z.array(
      z.object({
        key: Key,
        name_en: z.string().min(1),
        name_ar: z.string().min(1),
        death_hijri: Year,
        death_ce: Year,
        biography_en: z.string().nullable(),
        biography_ar: z.string().nullable(),
      }),
    ),
    books: z.array(
      z.object({
        key: Key,
        title_en: z.string().min(1),
        title_ar: z.string().min(1),
        authors: z.array(Key).min(1),
        categories: z.array(Key).min(1),
        language: z.enum(BOOK_LANGUAGES),
        description_en: z.string().nullable(),
        description_ar: z.string().nullable(),
        content_type: z.enum(CONTENT_TYPES),
        difficulty: z.enum(BOOK_DIFFICULTIES),
      }),
    ),
    scholars: z.array(
      z.object({
        key: Key,
        author: Key.nullable(),
        name_en: z.string().min(1),
        name_ar: z.string().min(1),
        title_en: z.string().nullable(),
        title_ar: z.string().nullable(),
        external_link: z.url().nullable(),
        order: z.number().int(),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    const known = (list: { key: string }[]) => new Set(list.map((item) => item.key));
    const categoryKeys = known(file.categories);
    const authorKeys = known(file.authors);
    const missing = (keys: (string | null)[], set: Set<string>) => keys.filter((key) => key !== null && !set.has(key));
    for (const category of file.categories) {
      if (missing([category.parent], categoryKeys).length > 0)
        ctx.addIssue({ code: 'custom', message: `category ${category.key}: unknown parent` });
    }
    for (const book of file.books) {
      const unknown = [...missing(book.authors, authorKeys), ...missing(book.categories, categoryKeys)];
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `book ${book.key}: unknown ${unknown.join(', ')}` });
    }
    for (const scholar of file.scholars) {
      if (missing([scholar.author], authorKeys).length > 0)
        ctx.addIssue({ code: 'custom', message: `scholar ${scholar.key}: unknown author` });
    }
  });
export type DemoCatalogue = z.infer<typeof DemoCatalogueSchema>;

export function readDemoCatalogue(file = DEMO_CATALOGUE_FILE): DemoCatalogue {
  return DemoCatalogueSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A library that loaded an older version of the demo catalogue gets what later versions add to
 * records it already has, once: version 2 gives the categories their guide texts, only where a
 * category still has neither (a librarian's text, or one they cleared on purpose, is kept).
 */
async function upgradeLoadedSeed(tx: Tx, catalogue: DemoCatalogue): Promise<void> {
  const [seed] = await tx
    .select({ version: catalogueSeeds.version })
    .from(catalogueSeeds)
    .where(eq(catalogueSeeds.name, SEED_NAME))
    .for('update');
  if (!seed || seed.version >= catalogue.version) return;
  if (seed.version < 2) {
    for (const category of catalogue.categories) {
      if (!category.description_en && !category.description_ar) continue;
      await tx
        .update(categories)
        .set({ descriptionEn: category.description_en, descriptionAr: category.description_ar })
        .where(
          and(eq(categories.key, category.key), isNull(categories.descriptionEn), isNull(categories.descriptionAr)),
        );
    }
  }
  await tx.update(catalogueSeeds).set({ version: catalogue.version }).where(eq(catalogueSeeds.name, SEED_NAME));
}

/**
 * Loads the demo catalogue once, on the first start of a library. The seed row is claimed in the
 * same transaction, so two instances starting together load it once, and a library whose
 * librarians later delete demo books does not see them come back.
 */
export async function loadDemoCatalogue(db: Database, logger: Logger, file = DEMO_CATALOGUE_FILE): Promise<boolean> {
  const catalogue = readDemoCatalogue(file);
  const loaded = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(catalogueSeeds)
      .values({ name: SEED_NAME, version: catalogue.version })
      .onConflictDoNothing()
      .returning({ name: catalogueSeeds.name });
    if (claimed.length === 0) {
      await upgradeLoadedSeed(tx, catalogue);
      return false;
    }

    const idsByKey = (rows: { id: string; key: string | null }[]) =>
      new Map(rows.map((row) => [row.key as string, row.id]));
    const categoryIds = idsByKey(
      await tx
        .insert(categories)
        .values(
          catalogue.categories.map((c) => ({
            key: c.key,
            nameEn: c.name_en,
            nameAr: c.name_ar,
            descriptionEn: c.description_en,
            descriptionAr: c.description_ar,
          })),
        )
        .onConflictDoUpdate({ target: categories.key, set: { updatedAt: sql`now()` } })
        .returning({ id: categories.id, key: categories.key }),
    );
    for (const category of catalogue.categories) {
      if (!category.parent) continue;
      await tx
        .update(categories)
        .set({ parentId: categoryIds.get(category.parent) })
        .where(eq(categories.key, category.key));
    }

    const authorIds = idsByKey(
      await tx
        .insert(authors)
        .values(
          catalogue.authors.map((author) => ({
            key: author.key,
            nameEn: author.name_en,
            nameAr: author.name_ar,
            deathHijri: author.death_hijri,
            deathCe: author.death_ce,
            biographyEn: author.biography_en,
            biographyAr: author.biography_ar,
          })),
        )
        .onConflictDoUpdate({ target: authors.key, set: { updatedAt: sql`now()` } })
        .returning({ id: authors.id, key: authors.key }),
    );

    // The file lists the works in the order the home page should show them as "recently added".
    const now = Date.now();
    const inserted = await tx
      .insert(books)
      .values(
        catalogue.books.map((book, index) => {
          const createdAt = new Date(now - index * 60_000);
          return {
            externalId: `${DEMO_ID_PREFIX}${book.key}`,
            titleEn: book.title_en,
            titleAr: book.title_ar,
            descriptionEn: book.description_en,
            descriptionAr: book.description_ar,
            language: book.language,
            difficulty: book.difficulty,
            contentType: book.content_type,
            format: 'hardcover',
            isDigital: false,
            status: 'approved',
            approvedAt: createdAt,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .onConflictDoNothing({ target: books.externalId })
      .returning({ id: books.id, externalId: books.externalId });
    const bookIds = new Map(inserted.map((row) => [row.externalId?.slice(DEMO_ID_PREFIX.length) ?? '', row.id]));
    const newBooks = catalogue.books.flatMap((book) => {
      const bookId = bookIds.get(book.key);
      return bookId ? [{ book, bookId }] : [];
    });
    const authorLinks = newBooks.flatMap(({ book, bookId }) =>
      book.authors.map((key, position) => ({ bookId, authorId: authorIds.get(key) as string, position })),
    );
    const categoryLinks = newBooks.flatMap(({ book, bookId }) =>
      book.categories.map((key, position) => ({ bookId, categoryId: categoryIds.get(key) as string, position })),
    );
    if (authorLinks.length > 0) await tx.insert(bookAuthors).values(authorLinks);
    if (categoryLinks.length > 0) await tx.insert(bookCategories).values(categoryLinks);
    // Each book's copies, available to lend: the counters on the book follow them.
    await insertCopies(
      tx,
      newBooks.flatMap(({ bookId }) => copiesFor(bookId, DEMO_COPIES)),
    );

    await tx
      .insert(scholars)
      .values(
        catalogue.scholars.map((scholar) => ({
          key: scholar.key,
          authorId: scholar.author ? (authorIds.get(scholar.author) ?? null) : null,
          nameEn: scholar.name_en,
          nameAr: scholar.name_ar,
          titleEn: scholar.title_en,
          titleAr: scholar.title_ar,
          externalLink: scholar.external_link,
          sortOrder: scholar.order,
        })),
      )
      .onConflictDoNothing({ target: scholars.key });
    return true;
  });
  if (loaded) {
    logger.info(
      { books: catalogue.books.length, authors: catalogue.authors.length, scholars: catalogue.scholars.length },
      'demo catalogue loaded',
    );
  }
  return loaded;
}
