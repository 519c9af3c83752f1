import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { userRef } from './user-ref.js';

/*
 * What the admin tools read: a log of searches (with how many results they found), the days each
 * reader was active, daily rollups that keep the charts fast whatever the size of the raw tables,
 * and the catalogue's source-validation runs with their findings.
 */

/**
 * One search as a reader or visitor ran it (full search, not autocomplete): the normalised query,
 * how many results it found (0: what the library lacks), and the filters used. Pruned with the
 * other telemetry; the daily rollups keep the counts.
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** normalizeSearchText(query), the key the rollups group by. */
    normalized: text('normalized').notNull(),
    /** The query as typed (the first one seen is what the reports show). */
    query: text('query').notNull(),
    resultCount: integer('result_count').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    locale: text('locale'),
    userId: userRef('user_id', { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('search_events_occurred_idx').on(table.occurredAt),
    index('search_events_normalized_occurred_idx').on(table.normalized, table.occurredAt),
    check('search_events_result_count', sql`${table.resultCount} >= 0`),
  ],
);

/** A reader who used the library on a UTC day (written once per reader and day): active readers. */
export const readerDays = pgTable(
  'reader_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] }), index('reader_days_user_idx').on(table.userId)],
);

/**
 * Daily figures the charts read: one row per metric, UTC day and dimension ('' when the metric has
 * none; a query, an error type, a category id, or `path|device` for web vitals). Recomputed by a
 * job for the days that can still change, so a chart over 90 days reads a few hundred rows.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull().default(''),
    value: doublePrecision('value').notNull(),
    /** How many raw rows the value summarises (a p75 over 3 samples is not one over 3,000). */
    samples: bigint('samples', { mode: 'number' }).notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.metric, table.day, table.dimension] }),
    index('analytics_daily_day_idx').on(table.day),
  ],
);

/** A run of the catalogue's source validation (in the background, with progress). */
export const sourceValidationRuns = pgTable(
  'source_validation_runs',
  {
    id: id(),
    status: text('status').notNull().default('running'),
    startedBy: userRef('started_by', { onDelete: 'set null' }),
    /** Records checked so far and in all (books, authors and categories). */
    checked: integer('checked').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Findings per kind, for the report's summary. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('source_validation_runs_started_idx').on(table.startedAt.desc()),
    check('source_validation_runs_status', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);

/**
 * One problem a run found: its kind (a missing title, no author, no category, no cover, no copies,
 * a probable duplicate, a broken external id, an author or category without books), the record it
 * is about, and for a duplicate the record it duplicates. Ids without foreign keys: a finding
 * outlives a fix and the next run replaces it.
 */
export const sourceValidationFindings = pgTable(
  'source_validation_findings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => sourceValidationRuns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    relatedId: uuid('related_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('source_validation_findings_run_kind_idx').on(table.runId, table.kind, table.id),
    index('source_validation_findings_target_idx').on(table.targetType, table.targetId),
    check('source_validation_findings_target_type', sql`${table.targetType} in ('book', 'author', 'category')`),
  ],
);
