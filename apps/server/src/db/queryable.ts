import type { Database } from './client.js';

/** Anything Drizzle can run a query on: the database or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
