import { inArray } from 'drizzle-orm';
import { isForeignKeyViolation } from './pg-errors.js';
import type { Queryable } from './queryable.js';
import { authUsers } from './schema/index.js';

/** A row that names the account it came from, where the account is a detail (the reference is set null on deletion). */
type NamingRow = { userId?: string | null };

/** How many times the rows are written again when accounts keep disappearing under them. */
const ATTEMPTS = 3;

/**
 * Inserts rows that name the accounts they came from: reports, vitals, searches, written off the
 * reader's request or as the page leaves. An account deleted while its rows were on their way (the
 * reader deletes it, and the page sends its last measures; a batch of searches waits 200 ms) is no
 * longer there to refer to, and the insert fails on the user reference. The rows of accounts that
 * are gone are then written without them, as deleting the account does to its earlier rows; every
 * other row keeps its account, and a violation that is not about an account is thrown as it was.
 * Not for use inside a transaction: the failed insert would end it.
 */
export async function insertNamingAccounts<Row extends NamingRow>(
  db: Queryable,
  rows: Row[],
  insert: (rows: Row[]) => Promise<unknown>,
): Promise<void> {
  let pending = rows;
  for (let attempt = 1; ; attempt++) {
    try {
      await insert(pending);
      return;
    } catch (error) {
      if (attempt === ATTEMPTS || !isForeignKeyViolation(error)) throw error;
      const kept = await withoutGoneAccounts(db, pending);
      if (kept === pending) throw error;
      pending = kept;
    }
  }
}

/** The rows with the accounts that are no longer there left out; the same array when every account is there. */
async function withoutGoneAccounts<Row extends NamingRow>(db: Queryable, rows: Row[]): Promise<Row[]> {
  const named = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  if (named.length === 0) return rows;
  const present = new Set(
    (await db.select({ id: authUsers.id }).from(authUsers).where(inArray(authUsers.id, named))).map((row) => row.id),
  );
  if (present.size === named.length) return rows;
  return rows.map((row) => (row.userId && !present.has(row.userId) ? { ...row, userId: null } : row));
}
