import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * The e-mail outbox: a message is written here in the same transaction as the event that causes
 * it, and delivered afterwards by the mail worker (modules/mail), with retries. Rendered at write
 * time, in the recipient's language, so delivery never depends on templates changing later.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    /** Which message this is (e.g. password_reset); for logs and the dev mailbox, never parsed. */
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the message; a crashed worker's claim expires. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** 'smtp' or 'dev-mailbox': where the message went. */
    transport: text('transport'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index('email_outbox_created_idx').on(table.createdAt),
  ],
);
