import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.js';

/**
 * reader-area §3 "Notification". A row insert is announced on the `user_notifications` channel
 * (trigger in the migration, payload `{"id","user_id","seq"}`) and relayed to the user's open tabs.
 * `seq` orders the stream: it is the Server-Sent Events id a reconnecting tab sends back.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('info'),
    eventType: text('event_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('user_notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('user_notifications_user_seq_idx').on(table.userId, table.seq),
    check('user_notifications_type_check', sql`${table.type} in ('success', 'warning', 'error', 'info')`),
    check(
      'user_notifications_event_type_check',
      sql`${table.eventType} is null or ${table.eventType} in ('book_request_approved', 'book_request_denied', 'checkout_overdue')`,
    ),
  ],
);

/**
 * Feedback and bug reports (reader-area §3, §4.1), from signed-in readers and visitors. The form's
 * fields are kept as sent in `fields` (validated by the shared schema); name and e-mail are the
 * signed-in reader's at the time of sending. Staff mark a report handled.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email'),
    /** FeedbackForm or BugReportForm fields (packages/shared schemas/feedback.ts). */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    /** Bug reports only: low | medium | high | critical, copied out of `fields` for the inbox filter. */
    severity: text('severity'),
    /** Where the dialog was opened (a page context), if it was. */
    pageContext: text('page_context'),
    /** Browser, platform, screen resolution, viewport (bug reports; §3 "attached automatically"). */
    device: jsonb('device').$type<Record<string, unknown>>(),
    language: text('language'),
    status: text('status').notNull().default('new'),
    handledBy: uuid('handled_by').references(() => authUsers.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_reports_status_created_idx').on(table.status, table.createdAt.desc()),
    index('feedback_reports_kind_created_idx').on(table.kind, table.createdAt.desc()),
    check('feedback_reports_kind_check', sql`${table.kind} in ('feedback', 'bug')`),
    check('feedback_reports_status_check', sql`${table.status} in ('new', 'handled')`),
    check(
      'feedback_reports_severity_check',
      sql`${table.severity} is null or ${table.severity} in ('low', 'medium', 'high', 'critical')`,
    ),
  ],
);

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
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
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
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
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

/**
 * Fixed-window request counters for the app's own rate limits (feedback, telemetry): in the
 * database, so several server instances share them. `key` names the limit and the caller.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [index('rate_limit_counters_window_idx').on(table.windowStart)],
);
