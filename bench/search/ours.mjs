// Our search, from the built server (apps/server/dist): the database loaded with the corpus, the
// service called in-process, and the HTTP routes of a running server.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../lib.mjs';

const dist = (file) => path.join(root, 'apps/server/dist', file);
const load = (file) => import(pathToFileURL(dist(file)).href);

/** The server's modules the benchmark uses, or null (with the reason) when they are not built. */
export async function serverModules() {
  const needed = ['modules/search/search.service.js', 'modules/search/search-index.js', 'db/client.js'];
  const absent = needed.filter((file) => !fs.existsSync(dist(file)));
  if (absent.length > 0) return { missing: absent };
  const [searchService, searchIndex, client, imports, parser, schemas] = await Promise.all([
    load('modules/search/search.service.js'),
    load('modules/search/search-index.js'),
    load('db/client.js'),
    load('modules/imports/import.service.js'),
    load('modules/imports/import-parser.js'),
    import('@maktaba/shared/schemas/search'),
  ]);
  // Autocomplete may live in a module of its own; the index refresh under either name.
  const suggestModule = fs.existsSync(dist('modules/search/suggest.service.js'))
    ? await load('modules/search/suggest.service.js')
    : {};
  // What search keeps in memory (the vocabulary, the popular books), where the server has it.
  const memoryModule = fs.existsSync(dist('modules/search/search-memory.js'))
    ? await load('modules/search/search-memory.js')
    : {};
  // The searches many readers made, in memory, where the server keeps them there.
  const popularModule = fs.existsSync(dist('modules/search/popular-searches.js'))
    ? await load('modules/search/popular-searches.js')
    : null;
  const hintsRepository = popularModule ? await load('modules/search/hints.repository.js') : null;
  const service = {
    searchBooks: searchService.searchBooks,
    suggest: searchService.suggest ?? suggestModule.suggest,
    createMemory: (db) => memoryModule.createSearchMemory?.(memoryModule.sourceOf(db), { poolTtlMs: 30_000 }),
    createPopular: (db) =>
      popularModule?.createPopularSearches({
        read: (only) => hintsRepository.findPopularSearches(db, schemas.SEARCH_LIMITS.popularReaders, only),
      }),
  };
  const index = { ...searchIndex, refreshBookSearch: searchIndex.refreshBookSearch ?? searchIndex.refreshSearchIndex };
  const exports = {
    service: ['searchBooks', 'suggest'],
    index: ['bookSearchColumns', 'refreshBookSearch', 'rebuildSearchWords'],
  };
  const unexported = Object.entries(exports).flatMap(([name, functions]) =>
    functions.filter((fn) => typeof { service, index }[name][fn] !== 'function').map((fn) => `${name}.${fn}`),
  );
  if (unexported.length > 0) return { missing: unexported };
  return { service, index, client, imports, parser, schemas };
}

const quietLogger = { error() {}, warn() {}, info() {}, debug() {} };

/** Opens (and migrates) the database: PGlite in `dataDir`, or PostgreSQL at `url`. */
export async function openDatabase(mods, { driver, dataDir, url }) {
  return driver === 'postgres' ? mods.client.openPostgres(url, 4, quietLogger) : mods.client.openPglite(dataDir);
}

/** The raw client's query(text, params) (PGlite or a node-postgres pool), for bulk statements. */
const raw = (db) => (text, params) => db.$client.query(text, params);

/**
 * Imports the real catalogue with the import service (as `npm run import` does), then gives its
 * books their view counts and computes their search columns.
 */
export async function loadCatalogue(mods, db, corpus, file) {
  const query = raw(db);
  const result = await mods.imports.importCatalogue(db, mods.parser.parseImportFile(fs.createReadStream(file), file), {
    status: 'approved',
    batchSize: 500,
    createdBy: null,
  });
  const rows = [...corpus.rows(0, corpus.records.length)];
  await query(
    `update books set view_count = v.views
       from unnest($1::text[], $2::int[]) as v(external_id, views)
      where books.external_id = v.external_id`,
    [rows.map((row) => row.external_id), rows.map((row) => row.view_count)],
  );
  await mods.index.refreshBookSearch(db);
  return result;
}

/** Author and category ids of the corpus's lists, by position. */
async function linkTargets(mods, db, corpus) {
  const query = raw(db);
  const authors = new Map(
    (await query('select id, import_key from authors')).rows.map((row) => [row.import_key, row.id]),
  );
  const categories = new Map(
    (await query('select id, name_en from categories')).rows.map((row) => [row.name_en.toLowerCase(), row.id]),
  );
  const authorIds = corpus.authors.map((author) =>
    authors.get(mods.imports.authorImportKey(author.name_en, author.name_ar)),
  );
  const categoryIds = corpus.categories.map((category) => categories.get(category.name_en.toLowerCase()));
  if (authorIds.some((id) => !id) || categoryIds.some((id) => !id)) {
    throw new Error('the imported catalogue lacks authors or categories of the corpus');
  }
  return { authorIds, categoryIds };
}

/**
 * One connection with triggers off (session_replication_role = replica), as a bulk load does:
 * the rows are written complete (search columns included), so the triggers that would mark them
 * for re-indexing, and the foreign-key checks, have nothing to add.
 */
async function bulkConnection(db) {
  const pool = typeof db.$client.connect === 'function' && typeof db.$client.totalCount === 'number';
  const client = pool ? await db.$client.connect() : db.$client;
  await client.query('set session_replication_role = replica');
  return {
    query: (text, params) => client.query(text, params),
    async release() {
      await client.query('set session_replication_role = origin');
      if (pool) client.release();
    },
  };
}

/**
 * Adds generated books [from, to) in bulk (one multi-row INSERT … SELECT FROM unnest(…) per
 * batch, search columns computed by bookSearchColumns and marked current), linked to the
 * catalogue's authors and categories.
 */
export async function addGenerated(mods, db, corpus, from, to, { batch = 5000, onBatch } = {}) {
  const { authorIds, categoryIds } = await linkTargets(mods, db, corpus);
  const authorIndex = new Map(corpus.authors.map((author, index) => [author, index]));
  const categoryIndex = new Map(corpus.categories.map((category, index) => [category, index]));
  const version = mods.index.SEARCH_INDEX_VERSION;
  const connection = await bulkConnection(db);
  const query = connection.query;
  let insertSql = null;
  let searchKeys = null;
  // Since migration 0029 a book keeps its authors' and categories' ids for the facet counts.
  const { rows: linkColumns } = await query(
    "select 1 from information_schema.columns where table_name = 'books' and column_name = 'author_ids'",
  );
  const keepsLinks = linkColumns.length > 0;
  try {
    for (let start = from; start < to; start += batch) {
      const rows = [...corpus.rows(start, Math.min(to, start + batch))];
      const columns = rows.map((row) => mods.index.bookSearchColumns({ ...row, publisher: null }));
      if (!insertSql) {
        searchKeys = Object.keys(columns[0]);
        const base = ['id', 'external_id', 'title_en', 'title_ar', 'description_en', 'description_ar'];
        const names = [...base, 'publication_year', 'language', 'view_count', ...searchKeys];
        const types = [
          ...base.map((_, i) => (i === 0 ? 'uuid[]' : 'text[]')),
          'int[]',
          'text[]',
          'int[]',
          ...searchKeys.map(() => 'text[]'),
        ];
        const cast = (name) => (name === 'publication_year' ? `t.${name}::smallint` : `t.${name}`);
        const versioned = typeof version === 'number';
        const links = keepsLinks ? ['author_id', 'category_id'] : [];
        const params = [...names, ...links];
        insertSql = `insert into books (${names.join(', ')}, status, approved_at${versioned ? ', search_version' : ''}${keepsLinks ? ', author_ids, category_ids' : ''})
          select ${names.map(cast).join(', ')}, 'approved', now()${versioned ? `, ${version}` : ''}${keepsLinks ? ', array[t.author_id], array[t.category_id]' : ''}
            from unnest(${[...types, ...links.map(() => 'uuid[]')].map((type, i) => `$${i + 1}::${type}`).join(', ')}) as t(${params.join(', ')})`;
      }
      const field = (name) => rows.map((row) => row[name]);
      const authorOf = rows.map((row) => authorIds[authorIndex.get(row.authors[0])]);
      const categoryOf = rows.map((row) => categoryIds[categoryIndex.get(row.categories[0])]);
      await query(insertSql, [
        ...['id', 'external_id', 'title_en', 'title_ar', 'description_en', 'description_ar'].map(field),
        field('publication_year'),
        field('language'),
        field('view_count'),
        ...searchKeys.map((key) => columns.map((column) => column[key])),
        ...(keepsLinks ? [authorOf, categoryOf] : []),
      ]);
      await query('insert into book_authors (book_id, author_id) select * from unnest($1::uuid[], $2::uuid[])', [
        field('id'),
        authorOf,
      ]);
      await query('insert into book_categories (book_id, category_id) select * from unnest($1::uuid[], $2::uuid[])', [
        field('id'),
        categoryOf,
      ]);
      onBatch?.(Math.min(to, start + batch));
    }
  } finally {
    await connection.release();
  }
}

/** After loading: the typo-correction words, then VACUUM ANALYZE (flushes GIN pending lists too). */
export async function finishLoad(mods, db) {
  await mods.index.rebuildSearchWords(db);
  for (const table of ['books', 'book_authors', 'book_categories', 'authors', 'categories']) {
    await db.$client.query(`vacuum analyze ${table}`);
  }
}

/** Size of the books table with and without its indexes (TOAST included), in MB. */
export async function tableSizes(db) {
  const { rows } = await db.$client.query(
    `select pg_total_relation_size('books') as total, pg_indexes_size('books') as indexes,
            (select count(*) from books) as books`,
  );
  const mb = (bytes) => Number(bytes) / 1024 / 1024;
  return { totalMb: mb(rows[0].total), indexesMb: mb(rows[0].indexes), books: Number(rows[0].books) };
}

/** Category keys by English name, for the `category` filter. */
export async function categoryKeys(db) {
  const { rows } = await db.$client.query('select key, name_en from categories');
  return new Map(rows.map((row) => [row.name_en, row.key]));
}

const anonymous = { seesUnpublished: false, userId: null };
const hrefId = (href, kind) => new RegExp(`^/${kind}/([0-9a-f-]{36})`).exec(href ?? '')?.[1] ?? null;

/**
 * The service in-process: search(q, filters) → external ids of the first page (20), suggest(q) →
 * the first 10 suggestions, a book with its external id, an author with their names. `keys` maps
 * category names to keys.
 */
export function serviceTarget(mods, db, keys) {
  const parse = (input) => mods.schemas.SearchQuerySchema.parse(input);
  const params = (q, filters) => ({
    q,
    per_page: 20,
    ...(filters ? { category: keys.get(filters.category), language: filters.language } : {}),
  });
  const query = raw(db);
  const memory = mods.service.createMemory(db);
  const popular = mods.service.createPopular(db);
  return {
    searchRaw: (q, filters) => mods.service.searchBooks(db, parse(params(q, filters)), { ...anonymous, memory }),
    suggestRaw: (q) => mods.service.suggest(db, { q, limit: 10 }, { userId: null, memory, popular }),
    params,
    async search(q, filters) {
      const result = await this.searchRaw(q, filters);
      return result.hits.map((hit) => hit.external_id);
    },
    async suggest(q) {
      const { suggestions } = await this.suggestRaw(q);
      const bookIds = suggestions.map((s) => (s.type === 'book' ? (hrefId(s.metadata?.href, 'book') ?? s.id) : null));
      const books = new Map(
        (
          await query('select id::text, external_id from books where id = any($1::uuid[])', [bookIds.filter(Boolean)])
        ).rows.map((row) => [row.id, row.external_id]),
      );
      return suggestions.map((suggestion, i) => {
        const ids = bookIds[i] && books.has(bookIds[i]) ? [books.get(bookIds[i])] : [];
        const names = suggestion.type === 'author' ? [suggestion.query, suggestion.query_ar].filter(Boolean) : [];
        return { ids, names, label: ids[0] ?? `${suggestion.type} "${suggestion.query}"` };
      });
    },
  };
}

/** Query strings of the HTTP routes. */
export function searchPath(target, q, filters) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(target.params(q, filters)))
    if (value !== undefined) params.set(name, String(value));
  return `/api/search?${params}`;
}
export const suggestPath = (q) => `/api/search/suggest?${new URLSearchParams({ q, limit: '10' })}`;
