import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { userRef } from './user-ref.js';

/**
 * Feedback and bug reports (reader-area §3, §4.1), from signed-in readers and visitors. The form's
 * fields are kept as sent in `fields` (validated by the shared schema); name and e-mail are the
 * signed-in reader's at the time of sending. Staff mark a report handled.
 */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: id(),
    kind: text('kind').notNull(),
    userId: userRef('user_id', { onDelete: 'set null' }),
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
    handledBy: userRef('handled_by', { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('feedback_reports_status_created_idx').on(table.status, table.createdAt.desc()),
    index('feedback_reports_kind_created_idx').on(table.kind, table.createdAt.desc()),
    check('feedback_reports_kind_check', sql`${table.kind} in ('feedback', 'bug', 'post_report')`),
    check('feedback_reports_status_check', sql`${table.status} in ('new', 'handled')`),
    check(
      'feedback_reports_severity_check',
      sql`${table.severity} is null or ${table.severity} in ('low', 'medium', 'high', 'critical')`,
    ),
  ],
);
