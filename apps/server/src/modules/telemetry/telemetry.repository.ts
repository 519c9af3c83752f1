import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { clientErrors, webVitals } from '../../db/schema/index.js';

type Queryable = Pick<Database, 'insert' | 'execute'>;

export type ClientErrorInsert = typeof clientErrors.$inferInsert;
export type WebVitalInsert = typeof webVitals.$inferInsert;

export async function insertClientErrors(db: Queryable, rows: ClientErrorInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(clientErrors).values(rows);
}

export async function insertWebVitals(db: Queryable, rows: WebVitalInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(webVitals).values(rows);
}

/** Errors received since `since`, counted by type. */
export async function countClientErrorsByType(db: Queryable, since: Date): Promise<Map<string, number>> {
  const rows = await rowsOf<{ type: string; count: number }>(
    db,
    sql`select type, count(*)::int as count from client_errors
        where received_at >= ${since.toISOString()}::timestamptz group by type`,
  );
  return new Map(rows.map((row) => [row.type, Number(row.count)]));
}

/** The 75th percentile (interpolated) and the number of events of each metric received since `since`. */
export async function findWebVitalPercentiles(
  db: Queryable,
  since: Date,
): Promise<Map<string, { p75: number; count: number }>> {
  const rows = await rowsOf<{ name: string; p75: number; count: number }>(
    db,
    sql`select name, percentile_cont(0.75) within group (order by value)::float8 as p75, count(*)::int as count
        from web_vitals where received_at >= ${since.toISOString()}::timestamptz group by name`,
  );
  return new Map(rows.map((row) => [row.name, { p75: Number(row.p75), count: Number(row.count) }]));
}

/** Deletes errors and vitals received before `before`. */
export async function deleteTelemetryBefore(db: Queryable, before: Date): Promise<void> {
  const cutoff = before.toISOString();
  await db.execute(sql`delete from client_errors where received_at < ${cutoff}::timestamptz`);
  await db.execute(sql`delete from web_vitals where received_at < ${cutoff}::timestamptz`);
}
