import { can } from '@maktaba/shared/permissions';
import {
  IMPORT_BOOK_STATUSES,
  IMPORT_JOB_STATUSES,
  type ImportBookStatus,
  type ImportCounts,
  type ImportJob,
  type ImportJobList,
} from '@maktaba/shared/schemas/catalogue-import';
import type { Logger } from 'pino';
import type { Actor } from '../../actor.js';
import type { DatabaseHandle } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { insertAudit } from '../users/users.repository.js';
import { ImportBatchError, importCatalogue } from './import.service.js';
import {
  createImportJob,
  findImportJob,
  finishImportJob,
  type ImportJobRow,
  listImportJobs,
  updateImportJobProgress,
} from './import-jobs.repository.js';
import { parseImportFile } from './import-parser.js';

const RECENT_JOBS = 20;

/** The import running in this server, per database: one at a time is enough for a library. */
const running = new WeakMap<DatabaseHandle, Promise<void>>();

const oneOf = <T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] =>
  values.includes(value) ? value : fallback;

function toImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    file_name: row.fileName,
    book_status: oneOf(IMPORT_BOOK_STATUSES, row.bookStatus, 'draft'),
    status: oneOf(IMPORT_JOB_STATUSES, row.status, 'failed'),
    total: row.total,
    processed: row.processed,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejectedCount,
    rejected_rows: row.rejectedRows,
    error: row.error,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

type Upload = { name: string; stream(): ReadableStream<Uint8Array> };

/**
 * The job marked done or failed, and its audit entry (who, which file, how many rows created,
 * updated, unchanged and refused) in the same transaction.
 */
async function finishJob(
  database: DatabaseHandle,
  job: ImportJobRow,
  run: { counts: ImportCounts | null; error: string | null; clientIp: string | null },
) {
  const { counts, error } = run;
  await database.db.transaction(async (tx) => {
    await finishImportJob(tx, job.id, { error });
    await insertAudit(tx, {
      actorId: job.createdBy,
      actionType: 'import_catalogue',
      targetType: 'import',
      targetId: job.id,
      ipAddress: run.clientIp,
      changes: {
        file_name: job.fileName,
        book_status: job.bookStatus,
        ...(counts
          ? {
              rows_total: counts.total,
              rows_inserted: counts.inserted,
              rows_updated: counts.updated,
              rows_unchanged: counts.unchanged,
              rows_rejected: counts.rejected,
            }
          : {}),
      },
      metadata: { label: { en: job.fileName, ar: job.fileName }, status: error ? 'failed' : 'done', error },
    });
  });
}

async function runJob(
  database: DatabaseHandle,
  logger: Logger,
  job: ImportJobRow,
  file: Upload,
  options: { batchSize: number; clientIp: string | null },
) {
  const db = database.db;
  const { batchSize, clientIp } = options;
  let isFirst = true;
  let counts: ImportCounts | null = null;
  try {
    const result = await importCatalogue(db, parseImportFile(file.stream(), file.name), {
      status: job.bookStatus as ImportBookStatus,
      batchSize,
      createdBy: job.createdBy,
      onProgress: async (progress, rejected) => {
        counts = progress;
        await updateImportJobProgress(db, job.id, progress, isFirst ? rejected : undefined);
        isFirst = false;
      },
    });
    await finishJob(database, job, { counts: result, error: null, clientIp });
    logger.info({ importJob: job.id, ...result, rejectedRows: undefined }, 'catalogue import finished');
  } catch (error) {
    logger.error({ err: error, importJob: job.id }, 'catalogue import failed');
    if (error instanceof ImportBatchError) {
      counts = error.result;
      await updateImportJobProgress(db, job.id, error.result).catch(() => {});
    }
    const key = error instanceof ImportBatchError ? 'import.errors.batchFailed' : 'import.errors.failed';
    await finishJob(database, job, { counts, error: key, clientIp }).catch((failure: unknown) =>
      logger.error({ err: failure, importJob: job.id }, 'catalogue import could not be marked failed'),
    );
  }
}

/** Starts an import in the background; the caller polls the job. */
export async function startImport(
  deps: { database: DatabaseHandle; logger: Logger; searchIndex: { cache: { clear(): void } } },
  actor: Actor,
  file: Upload,
  options: { status: ImportBookStatus; batchSize: number; clientIp?: string | null },
): Promise<{ id: string }> {
  if (options.status === 'approved' && !can(actor.role, 'books.approve')) throw new AppError('FORBIDDEN');
  if (running.has(deps.database)) throw new AppError('CONFLICT', 'An import is already running.');
  const job = await createImportJob(deps.database.db, {
    createdBy: actor.id,
    fileName: file.name.slice(0, 255),
    bookStatus: options.status,
  });
  const work = runJob(deps.database, deps.logger, job, file, {
    batchSize: options.batchSize,
    clientIp: options.clientIp ?? null,
  }).finally(() => {
    running.delete(deps.database);
    // Each batch was indexed as it was written; cached answers predate the import.
    deps.searchIndex.cache.clear();
  });
  running.set(deps.database, work);
  return { id: job.id };
}

/** The job for its creator or an admin; anyone else is told it does not exist. */
export async function getImport(database: DatabaseHandle, actor: Actor, id: string): Promise<ImportJob> {
  const row = await findImportJob(database.db, id);
  if (!row || (row.createdBy !== actor.id && actor.role !== 'admin')) throw new AppError('NOT_FOUND');
  return toImportJob(row);
}

/** Recent imports: all of them for an admin, one's own for anyone else. */
export async function listImports(database: DatabaseHandle, actor: Actor): Promise<ImportJobList> {
  const rows = await listImportJobs(database.db, {
    createdBy: actor.role === 'admin' ? undefined : actor.id,
    limit: RECENT_JOBS,
  });
  return {
    jobs: rows.map((row) => {
      const { rejected_rows: _, ...job } = toImportJob(row);
      return job;
    }),
  };
}
