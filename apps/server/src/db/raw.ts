import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

type Executes = Pick<Database, 'execute'>;

/** Runs a raw statement and returns its rows: both drivers (node-postgres, PGlite) answer with `rows`. */
export async function rowsOf<T>(db: Executes, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs a raw write and returns how many rows it touched (`rowCount` on node-postgres, `affectedRows` on PGlite). */
export async function affectedBy(db: Executes, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
