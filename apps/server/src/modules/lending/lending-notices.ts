import type { Language } from '@maktaba/shared/constants';
import { startOfUtcDay } from '@maktaba/shared/lending';
import type { NoticesRun } from '@maktaba/shared/schemas/loans';
import type { Logger } from 'pino';
import { recordJobRun } from '../admin-overview/job-runs.js';
import type { Transaction } from '../mail/outbox.js';
import { enqueueEmail } from '../mail/outbox.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { readerChannels } from '../profiles/notification-channels.js';
import { expireOffers } from './holds.service.js';
import * as repo from './lending.repository.js';
import { getLendingSettings, type LendingContext } from './lending-common.js';

/*
 * The lending notices (ADR 0015): a reminder before the due date, then overdue notices from the day
 * after it, every `overdue_interval_days`, up to `overdue_notices_max` (the last is the final
 * notice). Each loan is taken and marked in the transaction that writes its notification and
 * e-mail, with SKIP LOCKED: two servers running the job at once, or a run interrupted half-way,
 * never send a notice twice, and a notice that was not committed is sent by the next run.
 */

const DAY_MS = 86_400_000;
/** Loans taken per transaction: a run over thousands of loans commits as it goes. */
const BATCH = 100;
/** How often the job looks for notices to send; it also runs shortly after the server starts. */
export const NOTICES_EVERY_MS = 15 * 60_000;
const FIRST_RUN_AFTER_MS = 10_000;

const READER_LOANS_PATH = '/myimam';

/** One run at `now` (the caller's clock: tests jump days). Returns what it sent. */
export async function runLendingNotices(ctx: LendingContext, now: Date): Promise<NoticesRun> {
  const settings = await getLendingSettings(ctx.db);
  const result: NoticesRun = { reminders: 0, overdue_notices: 0, expired_offers: 0 };
  const offers = await expireOffers(ctx, now);
  result.expired_offers = offers.expired;

  if (settings.reminder_days_before > 0) {
    const until = new Date(now.getTime() + settings.reminder_days_before * DAY_MS);
    for (;;) {
      const sent = await ctx.db.transaction(async (tx) => {
        const loans = await repo.claimReminders(tx, now, until, BATCH);
        for (const loan of loans) await remind(ctx, tx, loan);
        return loans.length;
      });
      result.reminders += sent;
      if (sent < BATCH) break;
    }
  }

  const dayStart = startOfUtcDay(now);
  for (;;) {
    const sent = await ctx.db.transaction(async (tx) => {
      const loans = await repo.claimOverdueNotices(
        tx,
        now,
        dayStart,
        settings.overdue_interval_days,
        settings.overdue_notices_max,
        BATCH,
      );
      for (const loan of loans) await noticeOverdue(ctx, tx, loan, settings.overdue_notices_max);
      return loans.length;
    });
    result.overdue_notices += sent;
    if (sent < BATCH) break;
  }

  if (result.reminders + result.overdue_notices > 0 || offers.mailed) ctx.wakeMailer();
  return result;
}

async function describe(tx: Transaction, loan: repo.NoticeLoan) {
  const locale: Language = loan.locale === 'ar' ? 'ar' : 'en';
  const [book, reader] = await Promise.all([repo.findBookTitles(tx, loan.bookId), repo.findReader(tx, loan.userId)]);
  const title = (locale === 'ar' ? book?.titleAr : null) || book?.titleEn || '';
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(loan.dueDate);
  return { locale, t: translator(locale), title, date, email: reader?.email ?? null, reader };
}

async function remind(ctx: LendingContext, tx: Transaction, loan: repo.NoticeLoan) {
  const { locale, t, title, date, email, reader } = await describe(tx, loan);
  const channels = readerChannels(reader, 'loan_due_soon');
  if (channels.in_app)
    await notifyUser(tx, {
      userId: loan.userId,
      link: READER_LOANS_PATH,
      title: t('lending.notify.dueSoonTitle'),
      message: t('lending.notify.dueSoonMessage', { title, date }),
      type: 'info',
    });
  if (email && channels.email) {
    await enqueueEmail(tx, {
      to: email,
      locale,
      template: 'loan_due_soon',
      data: { bookTitle: title, dueDate: date, link: new URL(READER_LOANS_PATH, ctx.publicUrl).toString() },
    });
  }
  await repo.insertLoanEvent(tx, {
    loanId: loan.id,
    actorId: null,
    action: 'due_reminder',
    from: 'on_loan',
    to: 'on_loan',
  });
}

async function noticeOverdue(ctx: LendingContext, tx: Transaction, loan: repo.NoticeLoan, max: number) {
  const { locale, t, title, date, email, reader } = await describe(tx, loan);
  const final = loan.overdueNoticeCount >= max;
  // Overdue notices keep one channel at least (readerChannels never answers both off).
  const channels = readerChannels(reader, 'loan_overdue');
  if (channels.in_app)
    await notifyUser(tx, {
      userId: loan.userId,
      link: READER_LOANS_PATH,
      title: t(final ? 'lending.notify.overdueFinalTitle' : 'lending.notify.overdueTitle'),
      message: t('lending.notify.overdueMessage', { title, date }),
      type: 'warning',
      eventType: 'checkout_overdue',
    });
  if (email && channels.email) {
    await enqueueEmail(tx, {
      to: email,
      locale,
      template: 'loan_overdue',
      data: {
        bookTitle: title,
        dueDate: date,
        final,
        link: new URL(READER_LOANS_PATH, ctx.publicUrl).toString(),
      },
    });
  }
  await repo.insertLoanEvent(tx, {
    loanId: loan.id,
    actorId: null,
    action: 'overdue_notice',
    from: 'on_loan',
    to: 'on_loan',
    note: `${loan.overdueNoticeCount}/${max}`,
  });
}

export type LendingNoticesJob = { start(): void; stop(): Promise<void> };

/** Runs the notices every NOTICES_EVERY_MS in this process; a failed run is logged and retried next time. */
export function createLendingNoticesJob(ctx: LendingContext, logger: Logger): LendingNoticesJob {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        const sent = await runLendingNotices(ctx, ctx.now ? ctx.now() : new Date());
        if (sent.reminders + sent.overdue_notices + sent.expired_offers > 0) logger.info(sent, 'lending notices sent');
        await recordJobRun(ctx.db, 'lending_notices');
      } catch (error) {
        logger.warn({ err: error }, 'lending notices failed');
        await recordJobRun(ctx.db, 'lending_notices', error);
      } finally {
        running = undefined;
      }
    })();
  };

  return {
    start() {
      first = setTimeout(run, FIRST_RUN_AFTER_MS);
      first.unref();
      timer = setInterval(run, NOTICES_EVERY_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
