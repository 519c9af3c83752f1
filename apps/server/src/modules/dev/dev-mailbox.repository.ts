import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';

const summaryColumns = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  locale: emailOutbox.locale,
  status: emailOutbox.status,
  transport: emailOutbox.transport,
  attempts: emailOutbox.attempts,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

export function listOutboxMessages(db: Database, limit: number) {
  return db
    .select(summaryColumns)
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Database, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      lastError: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  return row;
}
