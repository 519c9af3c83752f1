import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { type EmailMessage, renderEmail } from './templates.js';

export type { EmailMessage } from './templates.js';

/** The transaction `db.transaction(async (tx) => …)` hands to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a message can be written: the database itself, or a transaction in progress. */
export type DatabaseOrTransaction = Database | Transaction;

/**
 * Writes a message to the outbox, rendered now in the recipient's language. Pass the transaction
 * of the change that causes the message: the message then exists if and only if the change was
 * committed. Delivery happens afterwards (mail-worker.ts); call the mailer's `wake()` after the
 * commit to send it at once rather than at the next poll. Returns the outbox row id.
 */
export async function enqueueEmail(db: DatabaseOrTransaction, message: EmailMessage): Promise<number> {
  const rendered = renderEmail(message);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      template: message.template,
      locale: message.locale,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('The outbox insert returned no row.');
  return row.id;
}
