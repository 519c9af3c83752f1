import type { ImportCounts, RejectedRow } from '@maktaba/shared/schemas/catalogue-import';
import {
  QUOTE_IMPORT_STATUSES,
  type QuoteImportJob,
  type QuoteImportJobList,
  type QuoteImportRecord,
  type QuoteImportStatus,
  validateQuoteImportRow,
} from '@maktaba/shared/schemas/quotes';
import { queryWords } from '@maktaba/shared/search-text';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Actor } from '../../actor.js';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { rowsOf } from '../../db/raw.js';
import { AppError } from '../../errors.js';
import {
  createImportJob,
  findImportJob,
  finishImportJob,
  type ImportJobRow,
  listImportJobs,
  updateImportJobProgress,
} from '../imports/import-jobs.repository.js';
import { type ParsedRow, parseImportFile } from '../imports/import-parser.js';
import { insertAudit } from '../users/users.repository.js';
import * as repo from './quotes.repository.js';

/**
 * The quotes import (JSON Lines: id, quote, arabicQuote, author, source) on the catalogue import's
 * jobs, progress and rejected-rows report. Idempotent on each line's `id` (quotes.external_id): a
 * second run of the same file leaves every quote unchanged, a changed line updates its quote (its
 * status is kept: a librarian may have archived it). The speaker is linked to an author or scholar
 * whose name matches, the source to a catalogue book whose title matches, when there is one.
 */

const RECENT_JOBS = 20;
const BATCH = 200;
const BATCH_PAUSE_MS = 20;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));

/** The quotes import running in this server, per database: one at a time. */
const running = new WeakMap<DatabaseHandle, Promise<void>>();

const HONORIFICS = new Set(['imam', 'al-imam', 'sayyid', 'sayyida', 'sheikh', 'shaykh', 'hazrat', 'امام', 'الامام']);

/** A name or title compared loosely: normalised words, parentheses and honorifics left out. */
export function matchKey(text: string | null | undefined): string {
  if (!text) return '';
  const words = queryWords(text.replace(/\([^)]*\)/g, ' '));
  while (words.length > 1 && HONORIFICS.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

type Linker = {
  speaker(name: string | null): { authorId: string | null; scholarId: string | null };
  book(title: string | null): string | null;
};

async function loadLinker(db: Queryable): Promise<Linker> {
  const [authors, scholars, books] = await Promise.all([
    rowsOf<{ id: string; a: string | null; b: string | null }>(
      db,
      sql`select id, name_en as a, name_ar as b from authors`,
    ),
    rowsOf<{ id: string; a: string | null; b: string | null }>(
      db,
      sql`select id, name_en as a, name_ar as b from scholars`,
    ),
    rowsOf<{ id: string; a: string | null; b: string | null }>(
      db,
      sql`select id, title_en as a, title_ar as b from books order by (status = 'approved') desc, created_at`,
    ),
  ]);
  const index = (rows: Array<{ id: string; a: string | null; b: string | null }>) => {
    const map = new Map<string, string>();
    for (const row of rows) {
      for (const key of [matchKey(row.a), matchKey(row.b)]) if (key && !map.has(key)) map.set(key, row.id);
    }
    return map;
  };
  const [byAuthor, byScholar, byBook] = [index(authors), index(scholars), index(books)];
  return {
    speaker(name) {
      const key = matchKey(name);
      if (!key) return { authorId: null, scholarId: null };
      return {
        authorId: byAuthor.get(key) ?? null,
        scholarId: byAuthor.has(key) ? null : (byScholar.get(key) ?? null),
      };
    },
    book(title) {
      const key = matchKey(title);
      return key ? (byBook.get(key) ?? null) : null;
    },
  };
}

type Existing = {
  id: string;
  external_id: string;
  text_en: string | null;
  text_ar: string | null;
  speaker_en: string | null;
  speaker_ar: string | null;
  author_id: string | null;
  scholar_id: string | null;
  source_title: string | null;
  source_book_id: string | null;
  source_reference: string | null;
  translator: string | null;
  source_url: string | null;
};

function existingByExternalId(db: Queryable, ids: string[]): Promise<Existing[]> {
  return rowsOf<Existing>(
    db,
    sql`select id, external_id, text_en, text_ar, speaker_en, speaker_ar, author_id, scholar_id, source_title,
               source_book_id, source_reference, translator, source_url
          from quotes where external_id in (select value from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
}

type Line = { line: number; record: QuoteImportRecord };

/** Reads every line: the valid ones (a later line with the same id wins), and the rejected ones. */
async function readLines(rows: AsyncIterable<ParsedRow>): Promise<{ lines: Line[]; rejected: RejectedRow[] }> {
  const byId = new Map<string, Line>();
  const rejected: RejectedRow[] = [];
  for await (const row of rows) {
    if ('error' in row) {
      rejected.push({ line: row.line, id: null, reason: row.error });
      continue;
    }
    const result = validateQuoteImportRow(row.fields);
    const rawId = (row.fields as { id?: unknown } | null)?.id;
    if (!result.ok) {
      rejected.push({
        line: row.line,
        id: typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null,
        reason: result.rejection.reason,
        ...(result.rejection.params ? { params: result.rejection.params } : {}),
      });
      continue;
    }
    const earlier = byId.get(result.record.id);
    if (earlier) {
      rejected.push({
        line: earlier.line,
        id: earlier.record.id,
        reason: 'import.reasons.duplicateId',
        params: { line: row.line },
      });
    }
    byId.set(result.record.id, { line: row.line, record: result.record });
  }
  rejected.sort((a, b) => a.line - b.line);
  return { lines: [...byId.values()].sort((a, b) => a.line - b.line), rejected };
}

export type QuoteImportResult = ImportCounts & { rejectedRows: RejectedRow[] };

/** Imports the rows of a quotes file; `onProgress` after the reading and after each batch. */
export async function importQuotes(
  db: Database,
  rows: AsyncIterable<ParsedRow>,
  options: {
    status: QuoteImportStatus;
    createdBy: string | null;
    onProgress?: (counts: ImportCounts, rejected: RejectedRow[]) => Promise<void> | void;
  },
): Promise<QuoteImportResult> {
  const { lines, rejected } = await readLines(rows);
  const counts: ImportCounts = {
    total: lines.length + rejected.length,
    processed: rejected.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: rejected.length,
  };
  await options.onProgress?.({ ...counts }, rejected);
  const linker = await loadLinker(db);
  for (let start = 0; start < lines.length; start += BATCH) {
    const batch = lines.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const existing = new Map(
        (
          await existingByExternalId(
            tx,
            batch.map((line) => line.record.id),
          )
        ).map((row) => [row.external_id, row]),
      );
      for (const { record } of batch) {
        const speaker = linker.speaker(record.speaker_en ?? record.speaker_ar);
        const fields = {
          textEn: record.text_en,
          textAr: record.text_ar,
          speakerEn: record.speaker_en,
          speakerAr: record.speaker_ar,
          authorId: speaker.authorId,
          scholarId: speaker.scholarId,
          sourceTitle: record.source_title,
          sourceBookId: linker.book(record.source_title),
          sourceReference: record.source_reference,
          translator: record.translator,
          sourceUrl: record.source_url,
        };
        const before = existing.get(record.id);
        if (before && isSame(before, fields)) {
          counts.unchanged++;
          continue;
        }
        const searchText = await searchTextFor(tx, fields);
        if (before) {
          await repo.updateQuote(tx, before.id, { ...fields, searchText, searchVersion: 1 });
          counts.updated++;
        } else {
          await repo.insertQuote(tx, {
            ...fields,
            externalId: record.id,
            status: options.status,
            createdBy: options.createdBy,
            ...(options.status === 'approved' ? { approvedAt: new Date() } : {}),
            searchText,
            searchVersion: 1,
          });
          counts.inserted++;
        }
      }
    });
    counts.processed += batch.length;
    await options.onProgress?.({ ...counts }, rejected);
    await pause();
  }
  return { ...counts, rejectedRows: rejected };
}

type Fields = {
  textEn: string | null;
  textAr: string | null;
  speakerEn: string | null;
  speakerAr: string | null;
  authorId: string | null;
  scholarId: string | null;
  sourceTitle: string | null;
  sourceBookId: string | null;
  sourceReference: string | null;
  translator: string | null;
  sourceUrl: string | null;
};

function isSame(row: Existing, fields: Fields): boolean {
  return (
    row.text_en === fields.textEn &&
    row.text_ar === fields.textAr &&
    row.speaker_en === fields.speakerEn &&
    row.speaker_ar === fields.speakerAr &&
    row.author_id === fields.authorId &&
    row.scholar_id === fields.scholarId &&
    row.source_title === fields.sourceTitle &&
    row.source_book_id === fields.sourceBookId &&
    row.source_reference === fields.sourceReference &&
    row.translator === fields.translator &&
    row.source_url === fields.sourceUrl
  );
}

/** Linked names are looked up once per distinct link within an import. */
const namesCache = new WeakMap<Queryable, Map<string, string[]>>();
async function searchTextFor(db: Queryable, fields: Fields): Promise<string> {
  let cache = namesCache.get(db);
  if (!cache) {
    cache = new Map();
    namesCache.set(db, cache);
  }
  const key = `${fields.authorId}|${fields.scholarId}|${fields.sourceBookId}`;
  let names = cache.get(key);
  if (!names) {
    const linked = await repo.linkedNames(db, fields);
    names = [...(linked.author ?? []), ...(linked.scholar ?? []), ...(linked.book ?? [])];
    cache.set(key, names);
  }
  return repo.quoteSearchText([
    fields.textEn,
    fields.textAr,
    fields.speakerEn,
    fields.speakerAr,
    ...names,
    fields.sourceTitle,
    fields.sourceReference,
    fields.translator,
  ]);
}

// ——— Jobs ———

const oneOf = <T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] =>
  values.includes(value) ? value : fallback;

function toJob(row: ImportJobRow): QuoteImportJob {
  return {
    id: row.id,
    file_name: row.fileName,
    quote_status: oneOf(QUOTE_IMPORT_STATUSES, row.bookStatus, 'pending'),
    status: oneOf(['running', 'done', 'failed'] as const, row.status, 'failed'),
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

/** The job marked done or failed and its audit entry (file, status given, rows) in one transaction. */
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
      actionType: 'import_quotes',
      targetType: 'import',
      targetId: job.id,
      ipAddress: run.clientIp,
      changes: {
        file_name: job.fileName,
        quote_status: job.bookStatus,
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
  clientIp: string | null,
): Promise<void> {
  const db = database.db;
  let isFirst = true;
  let counts: ImportCounts | null = null;
  try {
    const result = await importQuotes(db, parseImportFile(file.stream(), file.name), {
      status: oneOf(QUOTE_IMPORT_STATUSES, job.bookStatus, 'pending'),
      createdBy: job.createdBy,
      onProgress: async (progress, rejected) => {
        counts = progress;
        await updateImportJobProgress(db, job.id, progress, isFirst ? rejected : undefined);
        isFirst = false;
      },
    });
    await finishJob(database, job, { counts, error: null, clientIp });
    logger.info({ importJob: job.id, ...result, rejectedRows: undefined }, 'quotes import finished');
  } catch (error) {
    logger.error({ err: error, importJob: job.id }, 'quotes import failed');
    await finishJob(database, job, { counts, error: 'import.errors.batchFailed', clientIp }).catch((failure: unknown) =>
      logger.error({ err: failure, importJob: job.id }, 'quotes import could not be marked failed'),
    );
  }
}

/** Starts a quotes import in the background; the caller polls the job. */
export async function startQuoteImport(
  deps: { database: DatabaseHandle; logger: Logger },
  actor: Actor,
  file: Upload,
  options: { status: QuoteImportStatus; clientIp: string | null },
): Promise<{ id: string }> {
  if (running.has(deps.database)) throw new AppError('CONFLICT', 'An import is already running.');
  const job = await createImportJob(deps.database.db, {
    createdBy: actor.id,
    fileName: file.name.slice(0, 255),
    bookStatus: options.status,
    kind: 'quotes',
  });
  const work = runJob(deps.database, deps.logger, job, file, options.clientIp).finally(() =>
    running.delete(deps.database),
  );
  running.set(deps.database, work);
  return { id: job.id };
}

/** Waits for the running quotes import, if any (tests). */
export function runningQuoteImport(database: DatabaseHandle): Promise<void> | undefined {
  return running.get(database);
}

/** The job for its creator or an admin; anyone else is told it does not exist. */
export async function getQuoteImport(database: DatabaseHandle, actor: Actor, id: string): Promise<QuoteImportJob> {
  const row = await findImportJob(database.db, id, 'quotes');
  if (!row || (row.createdBy !== actor.id && actor.role !== 'admin')) throw new AppError('NOT_FOUND');
  return toJob(row);
}

/** Recent quotes imports: all of them for an admin, one's own for anyone else. */
export async function listQuoteImports(database: DatabaseHandle, actor: Actor): Promise<QuoteImportJobList> {
  const rows = await listImportJobs(database.db, {
    createdBy: actor.role === 'admin' ? undefined : actor.id,
    limit: RECENT_JOBS,
    kind: 'quotes',
  });
  return {
    jobs: rows.map((row) => {
      const { rejected_rows: _, ...job } = toJob(row);
      return job;
    }),
  };
}
