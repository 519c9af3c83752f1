import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';

/** One message as the outbox holds it, ready to hand over. */
export type OutgoingEmail = {
  id: number;
  to: string;
  template: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Where messages go. `send` resolves once the message is accepted (by the SMTP server, or the dev
 * mailbox) and throws when it is not; the worker retries.
 */
export type MailTransport = {
  /** Recorded in the outbox row: 'smtp' or 'dev-mailbox'. */
  readonly name: string;
  send(message: OutgoingEmail): Promise<void>;
  close?(): void;
};

/** The address part of an SMTP URL, without user or password, for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** A delivery error as it may be stored and logged: no credentials of a URL, one bounded line. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

export function createSmtpTransport(config: Config): MailTransport {
  if (!config.smtpUrl) throw new Error('SMTP_URL is not set.');
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    // A stuck server must fail the attempt well before the worker's claim on the message expires.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
    // Messages carry only the text and HTML we rendered: no attachments read from disk or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      });
    },
    close: () => transporter.close(),
  };
}

/** The first web link of a message's text part: the action link of every template. */
function firstLink(text: string): string | undefined {
  return /https?:\/\/\S+/.exec(text)?.[0];
}

/**
 * Without SMTP_URL, messages stay in the outbox, readable at /dev/mailbox outside production, and
 * each one is logged. The password-reset link is logged only outside production: in production
 * it is a credential, and logs are read by more people than the mailbox owner.
 */
export function createDevMailboxTransport(config: Config, logger: Logger): MailTransport {
  return {
    name: 'dev-mailbox',
    async send(message) {
      if (config.isProduction) {
        logger.warn(
          { mailId: message.id, to: message.to, subject: message.subject },
          'e-mail not delivered: SMTP_URL is not set (kept in the outbox)',
        );
        return;
      }
      const link = message.template === 'password_reset' ? firstLink(message.text) : undefined;
      logger.info(
        { mailId: message.id, to: message.to, subject: message.subject, ...(link ? { link } : {}) },
        `dev mailbox: ${message.subject} → ${message.to}${link ? ` ${link}` : ''}`,
      );
    },
  };
}

export function createTransport(config: Config, logger: Logger): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config) : createDevMailboxTransport(config, logger);
}
