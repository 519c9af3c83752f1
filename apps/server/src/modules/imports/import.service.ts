import {
  type ImportBookStatus,
  type ImportCounts,
  type ImportRecord,
  type RejectedRow,
  validateImportRow,
} from '@maktaba/shared/schemas/catalogue-import';
import type { Database } from '../../db/client.js';
import { copiesFor, insertCopies, type NewCopy } from '../copies/copies.repository.js';
import { rebuildSearchWords, refreshSearchIndex } from '../search/search-index.js';
import {
  type CategoryRow,
  createCategory,
  findBookIds,
  findCopyCounts,
  findLinks,
  findOrCreateAuthors,
  type Links,
  listCategories,
  replaceLinks,
  type Tx,
  touchBooks,
  upsertBooks,
} from './import.repository.js';
import type { ParsedRow } from './import-parser.js';

export type ImportOptions = {
  status: ImportBookStatus;
  batchSize: number;
  createdBy: string | null;
  /** Called once the rows are read, then after each committed batch. */
  onProgress?: (counts: ImportCounts, rejected: RejectedRow[]) => Promise<void> | void;
};

export type ImportResult = ImportCounts & { rejectedRows: RejectedRow[] };

/** A batch whose transaction failed: the batches before it are committed, nothing of it is. */
export class ImportBatchError extends Error {
  override name = 'ImportBatchError';
  constructor(
    readonly result: ImportResult,
    readonly firstLine: number,
    options: { cause: unknown },
  ) {
    super(`The batch starting at line ${firstLine} could not be written; nothing of it was imported.`, options);
  }
}

type ValidRow = { line: number; record: ImportRecord };

/**
 * Lets the server answer other requests. PGlite runs queries in this thread and its promises
 * resolve without a trip through the event loop: without a pause between batches, an import on
 * the embedded database would hold every other request (the page's progress polls among them)
 * until it ends. A request needs several turns of the loop (session check, queries), hence a
 * short pause rather than a single turn.
 */
const BATCH_PAUSE_MS = 20;
const yieldToEventLoop = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const YIELD_EVERY_ROWS = 1_000;

const collapse = (text: string | null) => (text ?? '').trim().replace(/\s+/g, ' ');

/** An imported author's identity: both names, trimmed, spaces collapsed, Latin in lower case. */
export const authorImportKey = (name: string | null, nameAr: string | null) =>
  `${collapse(nameAr).toLowerCase()}|${collapse(name).toLowerCase()}`;

const sameName = (a: string | null, b: string | null) =>
  !!a && !!b && collapse(a).toLowerCase() === collapse(b).toLowerCase();

export function toCategoryKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Reads and validates every row: the later of two rows with one id wins, the earlier is reported. */
async function readRows(rows: AsyncIterable<ParsedRow>) {
  const valid = new Map<string, ValidRow>();
  const rejected: RejectedRow[] = [];
  let total = 0;
  for await (const row of rows) {
    total++;
    if (total % YIELD_EVERY_ROWS === 0) await yieldToEventLoop();
    if ('error' in row) {
      rejected.push({ line: row.line, id: null, reason: row.error });
      continue;
    }
    const result = validateImportRow(row.fields);
    if (!result.ok) {
      const raw = row.fields as { id?: unknown } | null;
      const id = typeof raw?.id === 'string' || typeof raw?.id === 'number' ? String(raw.id) : null;
      rejected.push({ line: row.line, id, ...result.rejection });
      continue;
    }
    const earlier = valid.get(result.record.id);
    if (earlier) {
      rejected.push({
        line: earlier.line,
        id: earlier.record.id,
        reason: 'import.reasons.duplicateId',
        params: { line: row.line },
      });
      valid.delete(result.record.id);
    }
    valid.set(result.record.id, { line: row.line, record: result.record });
  }
  rejected.sort((a, b) => a.line - b.line);
  const records = [...valid.values()].sort((a, b) => a.line - b.line);
  return { total, records, rejected };
}

/** The category of a record: an existing one with the same English or Arabic name, else a new one. */
async function resolveCategory(
  tx: Tx,
  known: CategoryRow[],
  wanted: { name: string | null; name_ar: string | null },
): Promise<string> {
  const match =
    known.find((category) => sameName(category.nameEn, wanted.name)) ??
    known.find((category) => sameName(category.nameAr, wanted.name_ar));
  if (match) return match.id;
  const nameEn = collapse(wanted.name ?? wanted.name_ar);
  const nameAr = collapse(wanted.name_ar ?? wanted.name);
  const base = toCategoryKey(nameEn) || 'category';
  const keys = new Set(known.map((category) => category.key));
  let key = base;
  for (let suffix = 2; keys.has(key); suffix++) key = `${base}-${suffix}`;
  const created = await createCategory(tx, { key, nameEn, nameAr });
  known.push(created);
  return created.id;
}

/**
 * The copies a record adds to its book. An import only ever ADDS copies, up to the record's
 * copies_total; it never removes nor changes one (a copy may be on loan, or withdrawn by the desk
 * on purpose): a smaller count changes nothing. Of the added copies, as many as the record's
 * copies_available exceeds the copies already available can be lent (all when it says nothing);
 * the others are recorded as damaged.
 */
function copiesToAdd(bookId: string, record: ImportRecord, now: { total: number; available: number }): NewCopy[] {
  const adding = record.copies_total - now.total;
  if (adding <= 0) return [];
  const lendable =
    record.copies_available === null ? adding : Math.min(Math.max(record.copies_available - now.available, 0), adding);
  return copiesFor(bookId, adding, lendable);
}

const sameList = (a: string[] | undefined, b: string[]) =>
  (a ?? []).length === b.length && b.every((id, index) => a?.[index] === id);

/** Writes one batch in the given transaction; returns how many were inserted, updated, unchanged. */
async function writeBatch(tx: Tx, batch: ValidRow[], options: ImportOptions) {
  const records = batch.map((row) => row.record);
  const authorsByKey = new Map(
    records.flatMap((record) =>
      record.authors.map((author) => {
        const importKey = authorImportKey(author.name, author.name_ar);
        const entry = {
          importKey,
          nameEn: collapse(author.name) || null,
          nameAr: collapse(author.name_ar) || null,
          deathHijri: author.death_hijri,
        };
        return [importKey, entry] as const;
      }),
    ),
  );
  const authorIds = await findOrCreateAuthors(tx, [...authorsByKey.values()]);
  const known = records.some((record) => record.category) ? await listCategories(tx) : [];

  const upserted = await upsertBooks(tx, records, options);
  const upsertedIds = new Set(upserted.map((book) => book.id));
  const bookIds = await findBookIds(
    tx,
    records.map((record) => record.id),
  );
  const existing = await findLinks(tx, [...bookIds.values()]);

  const changedLinks: Links[] = [];
  for (const record of records) {
    const bookId = bookIds.get(record.id);
    if (!bookId) throw new Error(`book ${record.id} missing after upsert`);
    const wantedAuthors = [
      ...new Set(record.authors.map((author) => authorIds.get(authorImportKey(author.name, author.name_ar)) ?? '')),
    ];
    const wantedCategories = record.category ? [await resolveCategory(tx, known, record.category)] : [];
    if (
      !sameList(existing.authors.get(bookId), wantedAuthors) ||
      !sameList(existing.categories.get(bookId), wantedCategories)
    ) {
      changedLinks.push({ bookId, authorIds: wantedAuthors, categoryIds: wantedCategories });
    }
  }
  await replaceLinks(tx, changedLinks);

  const counts = await findCopyCounts(tx, [...bookIds.values()]);
  const newCopies = records.map((record) => {
    const bookId = bookIds.get(record.id) as string;
    return copiesToAdd(bookId, record, counts.get(bookId) ?? { total: 0, available: 0 });
  });
  await insertCopies(tx, newCopies.flat());

  const changedIds = new Set([
    ...changedLinks.map((link) => link.bookId),
    ...newCopies.flatMap((copies) => (copies[0] ? [copies[0].bookId] : [])),
  ]);
  const onlyLinksOrCopiesChanged = [...changedIds].filter((id) => !upsertedIds.has(id));
  await touchBooks(tx, onlyLinksOrCopiesChanged);

  const inserted = upserted.filter((book) => book.isInserted).length;
  const updated = upserted.length - inserted + onlyLinksOrCopiesChanged.length;
  return { inserted, updated, unchanged: records.length - inserted - updated };
}

/**
 * Imports a catalogue file: every row is validated first, then the valid ones are written in
 * batches, ONE TRANSACTION PER BATCH, idempotent on each record's id (books.external_id).
 */
export async function importCatalogue(
  db: Database,
  rows: AsyncIterable<ParsedRow>,
  options: ImportOptions,
): Promise<ImportResult> {
  const { total, records, rejected } = await readRows(rows);
  const counts: ImportCounts = {
    total,
    processed: rejected.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: rejected.length,
  };
  await options.onProgress?.({ ...counts }, rejected);
  for (let start = 0; start < records.length; start += options.batchSize) {
    const batch = records.slice(start, start + options.batchSize);
    try {
      const result = await db.transaction(async (tx) => {
        const written = await writeBatch(tx, batch, options);
        // The batch is searchable when it commits (the triggers marked its rows stale).
        await refreshSearchIndex(tx);
        return written;
      });
      counts.inserted += result.inserted;
      counts.updated += result.updated;
      counts.unchanged += result.unchanged;
    } catch (error) {
      throw new ImportBatchError({ ...counts, rejectedRows: rejected }, batch[0]?.line ?? 0, { cause: error });
    }
    counts.processed += batch.length;
    await options.onProgress?.({ ...counts }, rejected);
    await yieldToEventLoop(BATCH_PAUSE_MS);
  }
  if (counts.inserted + counts.updated > 0) await db.transaction((tx) => rebuildSearchWords(tx));
  return { ...counts, rejectedRows: rejected };
}
