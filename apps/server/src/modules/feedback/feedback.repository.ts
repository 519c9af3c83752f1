import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { feedbackReports } from '../../db/schema/index.js';

export type FeedbackRow = typeof feedbackReports.$inferSelect;
export type FeedbackInsert = typeof feedbackReports.$inferInsert;
export type FeedbackFilter = { kind?: string; status?: string; severity?: string };

type Queryable = Pick<Database, 'select' | 'insert' | 'update'>;

export async function insertFeedback(db: Queryable, values: FeedbackInsert): Promise<string> {
  const [row] = await db.insert(feedbackReports).values(values).returning({ id: feedbackReports.id });
  if (!row) throw new Error('feedback insert returned no row');
  return row.id;
}

function whereOf(filter: FeedbackFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(feedbackReports.kind, filter.kind));
  if (filter.status) conditions.push(eq(feedbackReports.status, filter.status));
  if (filter.severity) conditions.push(eq(feedbackReports.severity, filter.severity));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of reports, newest first, and the exact number matching the filter. */
export async function findFeedbackPage(
  db: Queryable,
  filter: FeedbackFilter,
  limit: number,
  offset: number,
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(feedbackReports)
      .where(where)
      .orderBy(desc(feedbackReports.createdAt), desc(feedbackReports.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(feedbackReports).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findFeedbackById(db: Queryable, id: string): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedbackReports).where(eq(feedbackReports.id, id));
  return row;
}

export async function updateFeedbackStatus(
  db: Queryable,
  id: string,
  status: 'new' | 'handled',
  handledBy: string,
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(feedbackReports)
    .set({ status, handledBy, handledAt: new Date() })
    .where(eq(feedbackReports.id, id))
    .returning();
  return row;
}
