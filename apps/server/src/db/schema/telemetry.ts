import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './user-ref.js';

/** Browser errors sent by the client's error reporter (reader-area §3 "Error report"). */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    userId: userRef('user_id', { onDelete: 'set null' }),
    /** The client's own timestamp of the error. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_errors_received_idx').on(table.receivedAt.desc()),
    index('client_errors_type_received_idx').on(table.type, table.receivedAt.desc()),
    check('client_errors_type_check', sql`${table.type} in ('javascript', 'chunk-load', 'auth')`),
  ],
);

/** Core Web Vitals measured in readers' browsers (reader-area §3 "Web-vitals event"). */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    delta: doublePrecision('delta').notNull(),
    /** The web-vitals library's id of the metric instance. */
    metricId: text('metric_id').notNull(),
    navigationType: text('navigation_type'),
    path: text('path').notNull(),
    sessionId: text('session_id').notNull(),
    userId: userRef('user_id', { onDelete: 'set null' }),
    /** { type: mobile|tablet|desktop, viewport, connection } */
    device: jsonb('device').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** { name, version } */
    browser: jsonb('browser').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('web_vitals_name_received_idx').on(table.name, table.receivedAt.desc()),
    index('web_vitals_received_idx').on(table.receivedAt.desc()),
  ],
);
