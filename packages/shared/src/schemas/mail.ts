import { z } from 'zod';

/** The dev mailbox (GET /api/dev/mailbox): the e-mail outbox as the server holds it, outside production. */
export const MailboxStatusSchema = z.enum(['pending', 'sending', 'sent', 'failed']);
export type MailboxStatus = z.infer<typeof MailboxStatusSchema>;

export const MailboxMessageSummarySchema = z.object({
  id: z.number().int().positive(),
  to: z.string(),
  subject: z.string(),
  /** Which message it is, e.g. password_reset. */
  template: z.string(),
  locale: z.string(),
  status: MailboxStatusSchema,
  /** 'smtp' or 'dev-mailbox' once sent; null before. */
  transport: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** ISO 8601. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailboxMessageSummary = z.infer<typeof MailboxMessageSummarySchema>;

/** The newest 50 messages, newest first. */
export const MailboxListSchema = z.object({ messages: z.array(MailboxMessageSummarySchema) });
export type MailboxList = z.infer<typeof MailboxListSchema>;

export const MailboxMessageSchema = MailboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string(),
  /** Why the last attempt failed, if it did. */
  lastError: z.string().nullable(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
