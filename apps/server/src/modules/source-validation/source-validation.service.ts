import {
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  type FindingRecord,
  type FindingsPage,
  type FindingsQuery,
  SOURCE_VALIDATION_LIMITS,
  type ValidationRun,
} from '@maktaba/shared/schemas/source-validation';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { AppError } from '../../errors.js';
import type { RequestMetadata } from '../../request-metadata.js';
import { toCsv } from '../lending-reports/csv.js';
import { insertAudit } from '../users/users.repository.js';
import { executeRun, type RunContext } from './validation-run.js';

export type Who = { actor: Actor; request: RequestMetadata };

type RunRow = {
  id: string;
  status: ValidationRun['status'];
  started_by: string | null;
  started_by_name: string | null;
  checked: number;
  total: number;
  counts: Record<string, number> | string;
  error: string | null;
  heartbeat_at: string | Date;
  started_at: string | Date;
  finished_at: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toRun(row: RunRow): ValidationRun {
  const counts = typeof row.counts === 'string' ? (JSON.parse(row.counts) as Record<string, number>) : row.counts;
  return {
    id: row.id,
    status: row.status,
    started_by: row.started_by ? { id: row.started_by, name: row.started_by_name } : null,
    checked: Number(row.checked),
    total: Number(row.total),
    counts: Object.fromEntries(FINDING_KINDS.map((kind) => [kind, Number(counts[kind] ?? 0)])),
    error: row.error,
    heartbeat_at: iso(row.heartbeat_at),
    started_at: iso(row.started_at),
    finished_at: row.finished_at ? iso(row.finished_at) : null,
  };
}

const RUN_COLUMNS = sql`r.id, r.status, r.started_by, p.display_name as started_by_name, r.checked, r.total, r.counts,
  r.error, r.heartbeat_at, r.started_at, r.finished_at`;

async function runById(db: Pick<Database, 'execute'>, id: string): Promise<ValidationRun | null> {
  const [row] = await rowsOf<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from source_validation_runs r left join profiles p on p.id = r.started_by where r.id = ${id}`,
  );
  return row ? toRun(row) : null;
}

export async function latestRun(db: Database): Promise<ValidationRun | null> {
  const [row] = await rowsOf<RunRow>(
    db,
    sql`select ${RUN_COLUMNS} from source_validation_runs r left join profiles p on p.id = r.started_by
         order by r.started_at desc, r.id desc limit 1`,
  );
  return row ? toRun(row) : null;
}

/** Runs started by this server and not finished yet (so a test or a shutdown can wait for them). */
const inFlight = new Set<Promise<void>>();
export function runsInFlight(): Promise<void> {
  return Promise.all(inFlight).then(() => undefined);
}

/**
 * Starts a run: a running run with a fresh heartbeat refuses (VALIDATION_RUN_ACTIVE); one whose
 * heartbeat is older than `staleAfterMs` is dead and marked failed. The check and the insert hold a
 * lock on the runs table, so two administrators pressing at once start one run.
 */
export async function startRun(context: RunContext, who: Who): Promise<ValidationRun> {
  const { db } = context;
  const staleSeconds = SOURCE_VALIDATION_LIMITS.staleAfterMs / 1000;
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table source_validation_runs in share row exclusive mode`);
    await tx.execute(
      sql`update source_validation_runs
             set status = 'failed', error = 'The run stopped answering (no heartbeat for two minutes).', finished_at = now()
           where status = 'running' and heartbeat_at < now() - make_interval(secs => ${staleSeconds})`,
    );
    const [active] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from source_validation_runs where status = 'running' limit 1`,
    );
    if (active) throw new AppError('VALIDATION_RUN_ACTIVE', undefined, { details: { run_id: active.id } });
    const [created] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into source_validation_runs (status, started_by, total)
          values ('running', ${who.actor.id},
                  (select count(*) from books) + (select count(*) from authors) + (select count(*) from categories))
          returning id`,
    );
    if (!created) throw new AppError('INTERNAL');
    await insertAudit(tx, {
      actorId: who.actor.id,
      actionType: 'start_source_validation',
      targetType: 'settings',
      targetId: null,
      metadata: { run_id: created.id },
      ipAddress: who.request.clientIp ?? null,
    });
    return created.id;
  });
  const running = executeRun(context, id).finally(() => inFlight.delete(running));
  inFlight.add(running);
  const run = await runById(db, id);
  if (!run) throw new AppError('INTERNAL');
  return run;
}

type RecordRow = {
  id: string;
  type: 'book' | 'author' | 'category';
  title_en: string | null;
  title_ar: string | null;
  authors: { name_en: string | null; name_ar: string | null }[] | string | null;
  external_id: string | null;
  copies: number;
  bookmarks: number;
  loans: number;
  created_at: string | Date;
};

/** The records findings are about, as they are now, by id (books with their authors and counts). */
async function recordsOf(db: Database, ids: string[]): Promise<Map<string, FindingRecord>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await rowsOf<RecordRow>(
    db,
    sql`select b.id, 'book' as type, b.title_en, b.title_ar, b.external_id, b.created_at,
               coalesce((select json_agg(json_build_object('name_en', a.name_en, 'name_ar', a.name_ar) order by ba.position, a.id)
                           from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json) as authors,
               (select count(*)::int from book_copies c where c.book_id = b.id and c.status not in ('withdrawn', 'lost')) as copies,
               (select count(*)::int from bookmarks m where m.book_id = b.id) as bookmarks,
               (select count(*)::int from checkouts l where l.book_id = b.id) as loans
          from books b where b.id in (${list})
        union all
        select a.id, 'author', a.name_en, a.name_ar, null, a.created_at, '[]'::json, 0, 0, 0 from authors a where a.id in (${list})
        union all
        select c.id, 'category', c.name_en, c.name_ar, null, c.created_at, '[]'::json, 0, 0, 0 from categories c where c.id in (${list})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        type: row.type,
        title_en: row.title_en,
        title_ar: row.title_ar,
        authors: (typeof row.authors === 'string'
          ? JSON.parse(row.authors)
          : (row.authors ?? [])) as FindingRecord['authors'],
        external_id: row.external_id,
        copies: Number(row.copies),
        bookmarks: Number(row.bookmarks),
        loans: Number(row.loans),
        created_at: iso(row.created_at),
      },
    ]),
  );
}

type FindingRow = {
  id: number | string;
  kind: FindingKind;
  target_type: Finding['target_type'];
  target_id: string;
  related_id: string | null;
  details: Record<string, unknown> | string;
};

async function findingsOf(
  db: Database,
  runId: string,
  kind: FindingKind | undefined,
  page: { limit: number; offset: number } | null,
) {
  const kindFilter = kind ? sql`and kind = ${kind}` : sql``;
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await rowsOf<FindingRow>(
    db,
    sql`select id, kind, target_type, target_id, related_id, details from source_validation_findings
         where run_id = ${runId} ${kindFilter} order by kind, id ${paging}`,
  );
  const ids = [...new Set(rows.flatMap((row) => [row.target_id, ...(row.related_id ? [row.related_id] : [])]))];
  const records = await recordsOf(db, ids);
  return rows.map(
    (row): Finding => ({
      id: Number(row.id),
      kind: row.kind,
      target_type: row.target_type,
      target_id: row.target_id,
      related_id: row.related_id,
      details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
      record: records.get(row.target_id) ?? null,
      related: row.related_id ? (records.get(row.related_id) ?? null) : null,
    }),
  );
}

async function requireRun(db: Database, runId: string): Promise<ValidationRun> {
  const run = await runById(db, runId);
  if (!run) throw new AppError('NOT_FOUND');
  return run;
}

export async function findingsPage(db: Database, runId: string, query: FindingsQuery): Promise<FindingsPage> {
  await requireRun(db, runId);
  const pageSize = SOURCE_VALIDATION_LIMITS.pageSize;
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from source_validation_findings
         where run_id = ${runId} ${query.kind ? sql`and kind = ${query.kind}` : sql``}`,
  );
  const items = await findingsOf(db, runId, query.kind, { limit: pageSize, offset: (query.page - 1) * pageSize });
  return { items, page: query.page, page_size: pageSize, total: Number(count?.total ?? 0) };
}

const names = (authors: FindingRecord['authors'], key: 'name_en' | 'name_ar') =>
  authors
    .map((author) => author[key])
    .filter(Boolean)
    .join('; ');

export const FINDINGS_CSV_HEADER = [
  'kind',
  'target_type',
  'target_id',
  'title_en',
  'title_ar',
  'authors_en',
  'authors_ar',
  'related_id',
  'related_title_en',
  'related_title_ar',
  'details',
] as const;

export async function findingsCsv(db: Database, runId: string, kind: FindingKind | undefined): Promise<string> {
  await requireRun(db, runId);
  const items = await findingsOf(db, runId, kind, null);
  return toCsv(
    FINDINGS_CSV_HEADER,
    items.map((item) => [
      item.kind,
      item.target_type,
      item.target_id,
      item.record?.title_en,
      item.record?.title_ar,
      names(item.record?.authors ?? [], 'name_en'),
      names(item.record?.authors ?? [], 'name_ar'),
      item.related_id,
      item.related?.title_en,
      item.related?.title_ar,
      Object.keys(item.details).length > 0 ? JSON.stringify(item.details) : '',
    ]),
  );
}
