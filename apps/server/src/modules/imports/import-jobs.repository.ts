import {
  IMPORT_LIMITS,
  type ImportBookStatus,
  type ImportCounts,
  type RejectedRow,
} from '@maktaba/shared/schemas/catalogue-import';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { importJobs } from '../../db/schema/index.js';

export type ImportJobRow = typeof importJobs.$inferSelect;
/** What a job imports: the catalogue's books, or quotes. */
export type ImportKind = 'books' | 'quotes';

export async function createImportJob(
  db: Database,
  job: { createdBy: string; fileName: string; bookStatus: ImportBookStatus; kind?: ImportKind },
): Promise<ImportJobRow> {
  const [row] = await db.insert(importJobs).values(job).returning();
  if (!row) throw new Error('import job not created');
  return row;
}

export async function updateImportJobProgress(
  db: Database,
  id: string,
  counts: ImportCounts,
  /** Given once: the rejected rows are all known before the first batch. */
  rejected?: RejectedRow[],
): Promise<void> {
  await db
    .update(importJobs)
    .set({
      total: counts.total,
      processed: counts.processed,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      rejectedCount: counts.rejected,
      heartbeatAt: sql`now()`,
      ...(rejected ? { rejectedRows: rejected.slice(0, IMPORT_LIMITS.storedRejectionsMax) } : {}),
    })
    .where(eq(importJobs.id, id));
}

export async function finishImportJob(db: Queryable, id: string, outcome: { error: string | null }): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: outcome.error ? 'failed' : 'done', error: outcome.error, finishedAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

/** How long a running job may go without a batch before it counts as interrupted. */
const HEARTBEAT_TIMEOUT = '2 minutes';

/**
 * Marks jobs whose process stopped mid-import (a crash, a restart) as failed, so the page never
 * shows them running for ever. Runs before every read; it touches only such jobs.
 */
async function failInterruptedJobs(db: Database): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', error: 'import.errors.interrupted', finishedAt: sql`now()` })
    .where(
      sql`${importJobs.status} = 'running' and ${importJobs.heartbeatAt} < now() - ${HEARTBEAT_TIMEOUT}::interval`,
    );
}

export async function findImportJob(
  db: Database,
  id: string,
  kind: ImportKind = 'books',
): Promise<ImportJobRow | undefined> {
  await failInterruptedJobs(db);
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.kind, kind)));
  return row;
}

export async function listImportJobs(
  db: Database,
  options: { createdBy?: string; limit: number; kind?: ImportKind },
): Promise<ImportJobRow[]> {
  await failInterruptedJobs(db);
  return db
    .select()
    .from(importJobs)
    .where(
      and(
        eq(importJobs.kind, options.kind ?? 'books'),
        options.createdBy ? eq(importJobs.createdBy, options.createdBy) : undefined,
      ),
    )
    .orderBy(desc(importJobs.createdAt))
    .limit(options.limit);
}
