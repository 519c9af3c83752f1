import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import {
  type ClaimedEmail,
  claimDueEmails,
  failAbandonedEmails,
  markEmailAttemptFailed,
  markEmailSent,
  purgeExpired,
  releaseEmails,
} from './mail.repository.js';
import { createTransport, describeError, describeSmtpUrl, type MailTransport } from './transports.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [
  10 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
];
/** After this many failed attempts (about three hours with the default backoff) a message is 'failed'. */
export const MAX_ATTEMPTS = 8;
const DEFAULT_POLL_INTERVAL_MS = 5 * SECOND;
const BATCH_SIZE = 20;
/** Longer than the SMTP transport's time limits, so a claim outlives any delivery attempt. */
const CLAIM_MS = 5 * MINUTE;
const PURGE_INTERVAL_MS = HOUR;
const KEEP_SENT_MS = 30 * 24 * HOUR;

export type MailWorkerOptions = {
  db: Database;
  config: Config;
  logger: Logger;
  /** Defaults to SMTP when config.smtpUrl is set, else the dev mailbox. */
  transport?: MailTransport;
  pollIntervalMs?: number;
  backoffMs?: readonly number[];
  maxAttempts?: number;
};

export type MailWorker = {
  readonly transport: MailTransport;
  /** Starts polling for due messages (and delivers those already due). */
  start(): void;
  /**
   * Delivers due messages now (call it after committing a transaction that enqueued mail). The
   * promise settles when a pass that began after this call has finished; it never rejects.
   */
  wake(): Promise<void>;
  /** Stops polling and waits for the delivery in progress; later wakes do nothing. */
  stop(): Promise<void>;
};

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config } = options;
  const logger = options.logger.child({ module: 'mail' });
  const transport = options.transport ?? createTransport(config, logger);
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const backoffMs = options.backoffMs?.length ? options.backoffMs : DEFAULT_BACKOFF_MS;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;

  let isStarted = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let lastPurgeAt = 0;

  const retryDelay = (attempts: number) => backoffMs[Math.min(attempts, backoffMs.length) - 1] ?? 0;

  async function deliver(message: ClaimedEmail): Promise<void> {
    try {
      await transport.send(message);
      await markEmailSent(db, message.id, transport.name);
      logger.debug({ mailId: message.id, template: message.template, attempts: message.attempts }, 'e-mail sent');
    } catch (error) {
      const isFinal = message.attempts >= maxAttempts;
      const reason = describeError(error);
      await markEmailAttemptFailed(db, message.id, { error: reason, retryInMs: retryDelay(message.attempts), isFinal });
      logger[isFinal ? 'error' : 'warn'](
        { mailId: message.id, template: message.template, attempts: message.attempts, error: reason },
        isFinal ? 'e-mail delivery failed for good' : 'e-mail delivery failed; will retry',
      );
    }
  }

  async function purgeIfDue(): Promise<void> {
    if (Date.now() - lastPurgeAt < PURGE_INTERVAL_MS) return;
    lastPurgeAt = Date.now();
    try {
      const purged = await purgeExpired(db, { keepSentMs: KEEP_SENT_MS });
      logger.debug(purged, 'purged expired rows');
    } catch (error) {
      logger.warn({ err: error }, 'purging expired rows failed');
    }
  }

  async function runPass(): Promise<void> {
    try {
      await purgeIfDue();
      await failAbandonedEmails(db, maxAttempts);
      for (;;) {
        const claimed = await claimDueEmails(db, { limit: BATCH_SIZE, lockMs: CLAIM_MS, maxAttempts });
        for (const [index, message] of claimed.entries()) {
          if (isStopped) {
            await releaseEmails(
              db,
              claimed.slice(index).map((rest) => rest.id),
            );
            return;
          }
          await deliver(message);
        }
        if (claimed.length < BATCH_SIZE || isStopped) return;
      }
    } catch (error) {
      logger.error({ err: error }, 'mail delivery pass failed');
    }
  }

  function wake(): Promise<void> {
    if (isStopped) return Promise.resolve();
    if (!current) {
      current = runPass().finally(() => {
        current = undefined;
      });
      return current;
    }
    // A pass is running and may have claimed before this wake's message was committed: run another.
    queued ??= current.then(() => {
      queued = undefined;
      return wake();
    });
    return queued;
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => void wake().finally(schedule), pollIntervalMs);
    timer.unref();
  }

  return {
    transport,
    start() {
      if (isStarted || isStopped) return;
      isStarted = true;
      logger.info(
        { transport: transport.name, ...(config.smtpUrl ? { smtp: describeSmtpUrl(config.smtpUrl) } : {}) },
        'mail worker started',
      );
      void wake().finally(schedule);
    },
    wake,
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await queued;
      await current;
      transport.close?.();
    },
  };
}
