import type { BookStatus } from '@maktaba/shared/schemas/catalogue';
import type { Facet, SearchQuery } from '@maktaba/shared/schemas/search';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import {
  checkedPrefix,
  checkedPrefixMatch,
  inOrderPattern,
  isBroad,
  type QueryPlan,
  titleStartPatterns,
  toTsquery,
} from './search-plan.js';

export type SearchFilters = Omit<SearchQuery, 'q' | 'type' | 'sort' | 'page' | 'per_page'>;

/** The text match of a plan (nothing when it has no words: every book matches). */
function matchCondition(plan: QueryPlan): SQL {
  if (plan.terms.length === 0) return sql`true`;
  const match = sql`b.search_vector @@ to_tsquery('simple', ${toTsquery(plan)})`;
  const checked = checkedPrefix(plan);
  return checked ? sql`${match} and ${checkedPrefixMatch(checked, 'b')}` : match;
}

/**
 * A recursive CTE (`with recursive` before it): every category with each of its ancestors, itself
 * included. A category's filter and counts take in its sub-categories through it.
 */
export const CATEGORY_CLOSURE = sql`category_closure(descendant, ancestor, depth) as (
  select id, id, 0 from categories
  union all
  select cc.descendant, c.parent_id, cc.depth + 1 from category_closure cc join categories c on c.id = cc.ancestor
   where c.parent_id is not null and cc.depth < 20)`;

/**
 * The filters of the /search route as conditions on `books b`. Values of one filter are
 * alternatives (any of the categories); filters combine (all of them). A category includes its
 * sub-categories. `except` leaves one filter out, for that filter's own facet counts.
 */
function filterConditions(filters: SearchFilters, statuses: BookStatus[], except?: Facet): SQL[] {
  const conditions: SQL[] = [sql`b.status in ${statuses}`];
  if (filters.category?.length && except !== 'category') {
    conditions.push(sql`b.id in (
      select bc.book_id from book_categories bc where bc.category_id in (
        with recursive ${CATEGORY_CLOSURE}
        select cc.descendant from category_closure cc join categories c on c.id = cc.ancestor
         where c.key in ${filters.category} or c.id::text in ${filters.category}))`);
  }
  if (filters.author?.length && except !== 'author') {
    conditions.push(sql`exists (select 1 from book_authors ba join authors a on a.id = ba.author_id
      where ba.book_id = b.id and (a.id::text in ${filters.author} or a.key in ${filters.author}))`);
  }
  for (const [facet, column] of [
    ['difficulty', sql`b.difficulty`],
    ['language', sql`b.language`],
    ['format', sql`b.format`],
    ['content_type', sql`b.content_type`],
  ] as const) {
    const value = filters[facet];
    if (value !== undefined && except !== facet) conditions.push(sql`${column} = ${value}`);
  }
  if (filters.is_digital !== undefined && except !== 'is_digital') {
    conditions.push(sql`b.is_digital = ${filters.is_digital}`);
  }
  if (filters.available !== undefined && except !== 'available') {
    conditions.push(sql`(b.copies_available > 0 or b.is_digital) = ${filters.available}`);
  }
  if (filters.publisher) {
    conditions.push(sql`b.publisher ilike ${`%${escapeLike(filters.publisher)}%`}`);
  }
  const years = filters.publication_year;
  if (years?.from !== null && years?.from !== undefined) conditions.push(sql`b.publication_year >= ${years.from}`);
  if (years?.to !== null && years?.to !== undefined) conditions.push(sql`b.publication_year <= ${years.to}`);
  return conditions;
}

const where = (plan: QueryPlan, filters: SearchFilters, statuses: BookStatus[], except?: Facet) =>
  sql.join([matchCondition(plan), ...filterConditions(filters, statuses, except)], sql` and `);

/**
 * Relevance: the title beginning with the query, then the words in order in the title, then
 * ts_rank with titles (A) above authors (B) above categories (C) above descriptions (D), and
 * popularity as the tie-breaker. A broad query (one short prefix) skips ts_rank: ranking every
 * one of thousands of matches would cost more than it tells.
 */
function relevance(plan: QueryPlan): SQL {
  if (plan.terms.length === 0) return sql`0`;
  const [typedStart, bareStart] = titleStartPatterns(plan);
  const tiers = sql`(case when b.search_title like ${typedStart} or b.search_title like ${bareStart}
                               or b.search_title like ${`% ${bareStart}`} then 2
                          when b.search_title like ${inOrderPattern(plan)} then 1 else 0 end)`;
  if (isBroad(plan)) return tiers;
  // Popularity counts for more than a tie-break (a library's well-read books are what most readers
  // look for), but capped below one tier, so it never lifts a book over a better title match.
  return sql`${tiers} + ts_rank('{0.05, 0.2, 0.4, 1.0}', b.search_vector, to_tsquery('simple', ${toTsquery(plan)}))
                      + 0.3 / (1 + length(b.search_title) / 40.0) + least(0.6, 0.1 * ln(1 + b.popularity))`;
}

function orderBy(plan: QueryPlan, sort: SearchQuery['sort']): SQL {
  switch (sort) {
    case 'newest':
      return sql`b.created_at desc, b.id`;
    case 'title':
      return sql`lower(coalesce(b.title_en, b.title_ar)), b.id`;
    case 'year':
      return sql`b.publication_year desc nulls last, b.id`;
    default:
      return plan.terms.length === 0
        ? sql`b.created_at desc, b.id`
        : sql`${relevance(plan)} desc, b.popularity desc, b.id`;
  }
}

export type HitRow = {
  id: string;
  external_id: string | null;
  title_en: string | null;
  title_ar: string | null;
  description_en: string | null;
  description_ar: string | null;
  cover_key: string | null;
  publication_year: number | null;
  language: string | null;
  format: string | null;
  is_digital: boolean;
  available: boolean;
  status: BookStatus;
  authors: Array<{ id: string; name: string | null; name_ar: string | null }>;
  categories: Array<{ id: string; key: string; name: string; name_ar: string }>;
};

export async function findHits(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  statuses: BookStatus[],
  page: { sort: SearchQuery['sort']; limit: number; offset: number },
): Promise<HitRow[]> {
  return rowsOf<HitRow>(
    db,
    sql`
    select b.id, b.external_id, b.title_en, b.title_ar, b.description_en, b.description_ar, b.cover_key,
           b.publication_year, b.language, b.format, b.is_digital, (b.copies_available > 0 or b.is_digital) as available,
           b.status,
           coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name_en, 'name_ar', a.name_ar) order by ba.position, a.id)
                       from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json) as authors,
           coalesce((select json_agg(json_build_object('id', c.id, 'key', c.key, 'name', c.name_en, 'name_ar', c.name_ar) order by bc.position, c.id)
                       from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = b.id), '[]'::json) as categories
      from books b
     where ${where(plan, filters, statuses)}
     order by ${orderBy(plan, page.sort)}
     limit ${page.limit} offset ${page.offset}`,
  );
}

/** Up to `atMost` matches: enough to tell "nothing" and "too little" apart, cheaply. */
export async function countUpTo(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  statuses: BookStatus[],
  atMost: number,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from books b where ${where(plan, filters, statuses)} limit ${atMost}) m`,
  );
  return row?.n ?? 0;
}

export type FacetRow = {
  facet: Facet | 'total';
  value: string | null;
  count: number;
  label: string | null;
  label_ar: string | null;
};

const SCALAR_FACETS = {
  language: sql`m.language`,
  format: sql`m.format`,
  difficulty: sql`m.difficulty`,
  content_type: sql`m.content_type`,
  is_digital: sql`m.is_digital::text`,
  available: sql`m.available::text`,
} as const;

type ScalarFacet = keyof typeof SCALAR_FACETS;
const isScalar = (facet: Facet): facet is ScalarFacet => facet in SCALAR_FACETS;

function facetSelect(facet: Facet, from: SQL, limit: number): SQL {
  // The matches' authors and categories are read from their rows (author_ids, category_ids),
  // not looked up in the link tables match by match.
  if (facet === 'category') {
    // A category counts the books of its sub-categories too, as its filter finds them. The matches
    // are grouped by their list of categories first (a few dozen lists), and each list counts once
    // for each category it reaches, itself or as an ancestor: every book once per category.
    return sql`(select 'category' as facet, c.key as value, sum(lists.n)::int as count,
                       c.name_en as label, c.name_ar as label_ar
                  from (select m.category_ids, count(*) as n from ${from} m group by m.category_ids) lists
                  cross join lateral (select distinct cc.ancestor from unnest(lists.category_ids) as linked(category_id)
                                        join category_closure cc on cc.descendant = linked.category_id) reached
                  join categories c on c.id = reached.ancestor
                 group by c.id order by sum(lists.n) desc, c.key limit ${limit})`;
  }
  if (facet === 'author') {
    // Counted by id, and only the authors shown are read.
    return sql`(select 'author' as facet, a.id::text as value, counted.n::int as count,
                       a.name_en as label, a.name_ar as label_ar
                  from (select linked.author_id, count(*) as n
                          from ${from} m cross join unnest(m.author_ids) as linked(author_id)
                         group by linked.author_id order by count(*) desc, linked.author_id limit ${limit}) counted
                  join authors a on a.id = counted.author_id
                 order by counted.n desc, a.id)`;
  }
  return scalarFacetsSelect([facet], from, limit);
}

/**
 * The counts of several scalar facets in one pass over the matches (grouping sets), the first
 * `limit` values of each, most frequent first.
 */
function scalarFacetsSelect(facets: readonly ScalarFacet[], from: SQL, limit: number): SQL {
  const columns = facets.map((facet) => SCALAR_FACETS[facet]);
  // In a grouping set of one column every other column is null, so the first non-null one is its value.
  const value = sql`coalesce(${sql.join(columns, sql`, `)})`;
  // Facet names are this module's constants, written as literals so the select and the window agree.
  const facetOf = sql`(case ${sql.join(
    facets.map((facet, index) => sql`when grouping(${columns[index]}) = 0 then ${sql.raw(`'${facet}'`)}`),
    sql` `,
  )} end)`;
  return sql`(select counted.facet, counted.value, counted.count, null::text as label, null::text as label_ar
                from (select ${facetOf} as facet, ${value} as value, count(*)::int as count,
                             row_number() over (partition by ${facetOf} order by count(*) desc, ${value}) as place
                        from ${from} m
                       group by grouping sets (${sql.join(
                         columns.map((column) => sql`(${column})`),
                         sql`, `,
                       )})
                      having ${value} is not null) counted
               where counted.place <= ${limit} order by counted.facet, counted.place)`;
}

const matchColumns = sql`b.id, b.language, b.format, b.difficulty, b.content_type, b.is_digital,
                         (b.copies_available > 0 or b.is_digital) as available, b.author_ids, b.category_ids`;

/**
 * The total and every facet's counts in one statement. A facet with a chosen value is counted
 * without its own filter (so its other values stay choosable); the others over the full match.
 */
export async function findFacets(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  statuses: BookStatus[],
  facets: readonly Facet[],
  selected: ReadonlySet<Facet>,
  limit: number,
): Promise<FacetRow[]> {
  const ctes: SQL[] = [
    CATEGORY_CLOSURE,
    sql`m_all as materialized (select ${matchColumns} from books b where ${where(plan, filters, statuses)})`,
  ];
  const selects: SQL[] = [
    sql`(select 'total' as facet, null::text as value, count(*)::int as count,
                                  null::text as label, null::text as label_ar from m_all)`,
  ];
  const scalarOverAll: ScalarFacet[] = [];
  for (const facet of facets) {
    if (selected.has(facet)) {
      const name = sql.raw(`m_${facet}`);
      ctes.push(
        sql`${name} as materialized (select ${matchColumns} from books b where ${where(plan, filters, statuses, facet)})`,
      );
      selects.push(facetSelect(facet, name, limit));
    } else if (isScalar(facet)) {
      scalarOverAll.push(facet);
    } else {
      selects.push(facetSelect(facet, sql`m_all`, limit));
    }
  }
  if (scalarOverAll.length > 0) selects.push(scalarFacetsSelect(scalarOverAll, sql`m_all`, limit));
  return rowsOf<FacetRow>(db, sql`with recursive ${sql.join(ctes, sql`, `)} ${sql.join(selects, sql` union all `)}`);
}
