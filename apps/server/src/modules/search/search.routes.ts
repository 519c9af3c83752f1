import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  SEARCH_LIMITS,
  SearchQuerySchema,
  SearchResultSchema,
  SuggestQuerySchema,
  SuggestResultSchema,
} from '@maktaba/shared/schemas/search';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import type { Context } from 'hono';
import { PRIVATE_CACHE, PUBLIC_CACHE } from '../../http/cache.js';
import type { AppEnv } from '../../http/context.js';
import { weakEtag } from '../../http/etag.js';
import { optionalActor, requireActor } from '../../http/guards.js';
import { errorJson, json } from '../../http/openapi.js';
import { recordSearchEvent, searchFilters } from '../analytics/analytics.writers.js';
import { seesUnpublished } from '../catalogue/catalogue.service.js';
import { pickLocale } from '../mail/locale.js';
import { touchLastActivityThrottled } from '../users/user-activity.repository.js';
import { readerWritesSettled, writeForReaderLater } from './reader-writes.js';
import { searchBooks } from './search.service.js';
import { clearSearches, recordSearch } from './suggest.repository.js';
import { suggest } from './suggest.service.js';

const db = (c: Context<AppEnv>) => c.get('deps').database.db;

const searchRoute = createRoute({
  method: 'get',
  path: '/search',
  tags: ['Search'],
  summary:
    'Library search: the /search route parameters (q, category and author repeatable, difficulty, language, format, available, is_digital, publisher, publication_year as "1990" or "1990-2000", content_type, status for editors, type = book | author | category) plus page, per_page and sort. Approved books only unless a librarian or admin asks for a status.',
  middleware: [weakEtag()],
  request: { query: SearchQuerySchema },
  responses: { 200: json(SearchResultSchema, 'Hits, total, facets'), 400: errorJson('A parameter is invalid') },
});

const suggestRoute = createRoute({
  method: 'get',
  path: '/search/suggest',
  tags: ['Search'],
  summary: `Autocomplete: "Did you mean …" (type correction, from ${SEARCH_LIMITS.correctionFrom} characters, when the text as typed matches nothing but its corrected words do), the signed-in reader's recent searches, searches made by at least ${SEARCH_LIMITS.popularReaders} distinct readers that still find books (type popular, from ${SEARCH_LIMITS.hintsFrom} characters), then about 50 % books, 30 % authors and 20 % categories (limit ${SEARCH_LIMITS.suggestDefault} by default).`,
  middleware: [weakEtag()],
  request: { query: SuggestQuerySchema },
  responses: { 200: json(SuggestResultSchema, 'Suggestions'), 400: errorJson('A parameter is invalid') },
});

const clearRecentRoute = createRoute({
  method: 'delete',
  path: '/search/recent',
  tags: ['Search'],
  summary: 'Forgets the recent searches of the signed-in reader',
  middleware: [requireActor()],
  responses: { 204: { description: 'Forgotten' }, 401: errorJson('Sign-in needed') },
});

export const searchRoutes = new OpenAPIHono<AppEnv>()
  .openapi(searchRoute, async (c) => {
    const query = c.req.valid('query');
    const actor = await optionalActor(c);
    const editor = seesUnpublished(actor);
    const { cache, memory } = c.get('deps').searchIndex;
    // The answer depends on the query and on whether the caller may see other statuses, nothing else.
    const key = `search:${editor ? 'editor' : 'reader'}:${JSON.stringify(query)}`;
    const result = await cache.get(key, () => searchBooks(db(c), query, { seesUnpublished: editor, memory }));
    // The analytics' search log: a full search's first page (not its later pages), not awaited.
    if (query.q.trim() && query.page === 1) {
      const text = query.q.trim();
      recordSearchEvent(
        db(c),
        {
          normalized: normalizeSearchText(text),
          query: text,
          resultCount: result.total,
          filters: searchFilters(query),
          locale: pickLocale(undefined, c.req.header('accept-language')),
          userId: actor?.id ?? null,
        },
        c.get('log'),
      );
    }
    if (actor && query.q.trim() && query.page === 1) {
      const text = query.q.trim();
      const database = db(c);
      // After the answer, in the reader's order (reader-writes.ts).
      const { popular } = c.get('deps').searchIndex;
      writeForReaderLater(database, actor.id, c.get('log'), () =>
        Promise.all([
          // This instance reads the searches again at once; the others at the database's notice.
          recordSearch(database, actor.id, text, normalizeSearchText(text), SEARCH_LIMITS.recentKept).then((changed) =>
            popular.changed(changed),
          ),
          touchLastActivityThrottled(database, actor.id),
        ]),
      );
    }
    c.header('Cache-Control', actor ? PRIVATE_CACHE : PUBLIC_CACHE);
    return c.json(result, 200);
  })
  .openapi(suggestRoute, async (c) => {
    const actor = await optionalActor(c);
    const result = await suggest(db(c), c.req.valid('query'), {
      userId: actor?.id ?? null,
      cache: c.get('deps').searchIndex.cache,
      memory: c.get('deps').searchIndex.memory,
      popular: c.get('deps').searchIndex.popular,
    });
    c.header('Cache-Control', actor ? PRIVATE_CACHE : PUBLIC_CACHE);
    return c.json(result, 200);
  })
  .openapi(clearRecentRoute, async (c) => {
    await readerWritesSettled(db(c), c.get('actor').id);
    c.get('deps').searchIndex.popular.changed(await clearSearches(db(c), c.get('actor').id));
    return c.body(null, 204);
  });
