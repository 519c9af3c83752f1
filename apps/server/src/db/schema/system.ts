import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** Things the server itself did (start, stop, migrations), for the admin system views. */
export const systemEvents = pgTable(
  'system_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('system_events_type_created_at_idx').on(table.type, table.createdAt)],
);

/** Settings an admin changes at run time (admin.system_settings). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
