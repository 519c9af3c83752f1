import {
  externalIdProblem,
  type FindingKind,
  SOURCE_VALIDATION_LIMITS,
} from '@maktaba/shared/schemas/source-validation';
import { normalizeSearchText } from '@maktaba/shared/search-text';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { sourceValidationFindings } from '../../db/schema/index.js';

/**
 * One run of the source validation, in the background: books in (created_at, id) order, then authors
 * and categories by id, `batchSize` records a step. Each step is one query per record type that
 * reads every flag of the batch at once (authors, categories, copies, the author set), the findings
 * of the batch in one insert, and the run's progress, counts and heartbeat in one update.
 */

type NewFinding = {
  kind: FindingKind;
  targetType: 'book' | 'author' | 'category';
  targetId: string;
  relatedId?: string | null;
  details?: Record<string, unknown>;
};

type BookFlags = {
  id: string;
  title_en: string | null;
  title_ar: string | null;
  cover_key: string | null;
  external_id: string | null;
  is_digital: boolean;
  created_at: string;
  has_author: boolean;
  has_category: boolean;
  has_copy: boolean;
  author_set: string;
};

type Orphan = { id: string; orphan: boolean };

const blank = (value: string | null) => value === null || value.trim() === '';

/** The identity of a probable duplicate: the normalised Arabic title and the set of authors. */
export function duplicateKey(titleAr: string | null, authorSet: string): string | null {
  if (titleAr === null) return null;
  const title = normalizeSearchText(titleAr)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return title === '' ? null : `${title}|${authorSet}`;
}

/** The findings of one batch of books; `seen` carries the oldest book of each duplicate key across batches. */
export function bookFindings(rows: BookFlags[], seen: Map<string, string>): NewFinding[] {
  const found: NewFinding[] = [];
  const add = (row: BookFlags, kind: FindingKind, extra: Partial<NewFinding> = {}) =>
    found.push({ kind, targetType: 'book', targetId: row.id, ...extra });
  for (const row of rows) {
    if (blank(row.title_en)) add(row, 'missing_title_en');
    if (blank(row.title_ar)) add(row, 'missing_title_ar');
    if (!row.has_author) add(row, 'no_author');
    if (!row.has_category) add(row, 'no_category');
    if (blank(row.cover_key)) add(row, 'no_cover');
    if (!row.has_copy && !row.is_digital) add(row, 'no_copies');
    if (row.external_id !== null) {
      const problem = externalIdProblem(row.external_id);
      if (problem) add(row, 'broken_external_id', { details: { external_id: row.external_id, problem } });
    }
    const key = duplicateKey(row.title_ar, row.author_set);
    if (key !== null) {
      const keeper = seen.get(key);
      if (keeper) add(row, 'duplicate', { relatedId: keeper });
      else seen.set(key, row.id);
    }
  }
  return found;
}

const countsOf = (counts: Map<FindingKind, number>) => Object.fromEntries(counts);

export type RunContext = {
  db: Database;
  logger: Logger;
  isShuttingDown: () => boolean;
};

/** Walks the catalogue for run `runId`; ends it `done`, or `failed` with the error. Never throws. */
export async function executeRun(context: RunContext, runId: string): Promise<void> {
  const { db, logger } = context;
  const started = performance.now();
  const counts = new Map<FindingKind, number>();
  let checked = 0;
  const batch = SOURCE_VALIDATION_LIMITS.batchSize;

  async function save(rows: number, found: NewFinding[]) {
    checked += rows;
    for (const finding of found) counts.set(finding.kind, (counts.get(finding.kind) ?? 0) + 1);
    if (found.length > 0) {
      await db.insert(sourceValidationFindings).values(
        found.map((finding) => ({
          runId,
          kind: finding.kind,
          targetType: finding.targetType,
          targetId: finding.targetId,
          relatedId: finding.relatedId ?? null,
          details: finding.details ?? {},
        })),
      );
    }
    await db.execute(
      sql`update source_validation_runs
             set checked = ${checked}, counts = ${JSON.stringify(countsOf(counts))}::jsonb, heartbeat_at = now()
           where id = ${runId}`,
    );
    if (context.isShuttingDown()) throw new Error('The server stopped during the run.');
  }

  try {
    const seen = new Map<string, string>();
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const cursor = after
        ? sql`where (b.created_at, b.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const rows: BookFlags[] = await rowsOf<BookFlags>(
        db,
        sql`select b.id, b.title_en, b.title_ar, b.cover_key, b.external_id, b.is_digital,
                   to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                   exists (select 1 from book_authors ba where ba.book_id = b.id) as has_author,
                   exists (select 1 from book_categories bc where bc.book_id = b.id) as has_category,
                   exists (select 1 from book_copies c where c.book_id = b.id and c.status <> 'withdrawn') as has_copy,
                   coalesce((select string_agg(ba.author_id::text, ',' order by ba.author_id)
                               from book_authors ba where ba.book_id = b.id), '') as author_set
              from books b ${cursor}
             order by b.created_at, b.id
             limit ${batch}`,
      );
      if (rows.length === 0) break;
      await save(rows.length, bookFindings(rows, seen));
      const last = rows.at(-1) as BookFlags;
      after = { createdAt: last.created_at, id: last.id };
      if (rows.length < batch) break;
    }

    for (const [table, link, column, kind] of [
      ['authors', 'book_authors', 'author_id', 'author_without_books'],
      ['categories', 'book_categories', 'category_id', 'category_without_books'],
    ] as const) {
      let last: string | null = null;
      for (;;) {
        const orphanCheck =
          table === 'categories'
            ? sql`not exists (select 1 from book_categories l where l.category_id = r.id)
                   and not exists (select 1 from categories child where child.parent_id = r.id)`
            : sql`not exists (select 1 from ${sql.raw(link)} l where l.${sql.raw(column)} = r.id)`;
        const rows: Orphan[] = await rowsOf<Orphan>(
          db,
          sql`select r.id, ${orphanCheck} as orphan
                from ${sql.raw(table)} r
               ${last ? sql`where r.id > ${last}::uuid` : sql``}
               order by r.id
               limit ${batch}`,
        );
        if (rows.length === 0) break;
        const found = rows
          .filter((row) => row.orphan)
          .map(
            (row): NewFinding => ({ kind, targetType: table === 'authors' ? 'author' : 'category', targetId: row.id }),
          );
        await save(rows.length, found);
        last = (rows.at(-1) as Orphan).id;
        if (rows.length < batch) break;
      }
    }

    await db.execute(
      sql`update source_validation_runs
             set status = 'done', checked = ${checked}, total = greatest(total, ${checked}),
                 counts = ${JSON.stringify(countsOf(counts))}::jsonb, heartbeat_at = now(), finished_at = now()
           where id = ${runId}`,
    );
    logger.info(
      {
        runId,
        checked,
        findings: [...counts.values()].reduce((a, b) => a + b, 0),
        ms: Math.round(performance.now() - started),
      },
      'source validation finished',
    );
  } catch (error) {
    logger.error({ err: error, runId }, 'source validation failed');
    const message = error instanceof Error ? error.message : String(error);
    await db
      .execute(
        sql`update source_validation_runs
               set status = 'failed', error = ${message.slice(0, 500)}, heartbeat_at = now(), finished_at = now()
             where id = ${runId} and status = 'running'`,
      )
      .catch((failure: unknown) => logger.error({ err: failure, runId }, 'could not mark the run failed'));
  }
}
