import type { Database } from '../../db/client.js';
import { systemEvents } from '../../db/schema/index.js';

export async function insertSystemEvent(db: Database, type: string, details: Record<string, unknown>) {
  await db.insert(systemEvents).values({ type, details });
}
