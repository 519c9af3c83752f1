import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export type MigrationState = { applied: number; latestCreatedAt: number | null };

export async function findMigrationState(db: Database): Promise<MigrationState> {
  const result = await db.execute<{ applied: number | string; latest: number | string | null }>(
    sql`select count(*) as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    applied: number | string;
    latest: number | string | null;
  }[];
  const row = rows[0];
  return {
    applied: Number(row?.applied ?? 0),
    latestCreatedAt: row?.latest === null || row?.latest === undefined ? null : Number(row.latest),
  };
}
