import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { userRef } from './user-ref.js';

/**
 * reader-area §3 "Notification". A row insert is announced on the `user_notifications` channel
 * (trigger in the migration, payload `{"id","user_id","seq"}`) and relayed to the user's open tabs.
 * `seq` orders the stream: it is the Server-Sent Events id a reconnecting tab sends back.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: userRef('user_id', { onDelete: 'cascade' }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('info'),
    eventType: text('event_type'),
    /** Where the notification leads in the app: a path of ours, never another site. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('user_notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('user_notifications_user_seq_idx').on(table.userId, table.seq),
    check('user_notifications_type_check', sql`${table.type} in ('success', 'warning', 'error', 'info')`),
    check(
      'user_notifications_link_check',
      sql`${table.link} is null or (left(${table.link}, 1) = '/' and left(${table.link}, 2) <> '//' and strpos(${table.link}, chr(92)) = 0)`,
    ),
    check(
      'user_notifications_event_type_check',
      sql`${table.eventType} is null or ${table.eventType} in ('book_request_approved', 'book_request_denied', 'checkout_overdue')`,
    ),
  ],
);
