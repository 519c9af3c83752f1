import type { Language } from '@maktaba/shared/constants';
import { REQUEST_COPY_STATUS } from '@maktaba/shared/lending';
import type { Transaction } from '../mail/outbox.js';
import { enqueueEmail } from '../mail/outbox.js';
import { translator } from '../mail/templates.js';
import { notifyUser } from '../notifications/notifications.service.js';
import { readerChannels } from '../profiles/notification-channels.js';
import * as holdsRepo from './holds.repository.js';
import * as repo from './lending.repository.js';
import {
  formatDay,
  getLendingSettings,
  READER_LOANS_PATH,
  type ReaderProfile,
  shippingAddressOf,
} from './lending-common.js';

/*
 * Where every freed copy goes (ADR 0016). Whatever lets a copy of a book go — a return received
 * in good condition, a request denied or cancelled, an offer that expired, a copy the desk adds or
 * marks available — calls `serveWaitingList` in its own transaction. It takes the first waiting
 * hold and an available copy, both locked (SKIP LOCKED), and turns them into a loan for that
 * reader with a window to confirm: exactly one reader gets each copy, however many races.
 */

const DAY_MS = 86_400_000;

export type Allocation = {
  /** Where links in e-mails point (PUBLIC_URL). */
  publicUrl: string;
  now: Date;
};

/** Offers the book's available copies to the readers waiting for it, first in line first. Returns whether mail was queued. */
export async function serveWaitingList(tx: Transaction, bookId: string, at: Allocation): Promise<boolean> {
  let mailed = false;
  for (;;) {
    const hold = await holdsRepo.takeFirstWaiting(tx, bookId);
    if (!hold) return mailed;
    const reader = await repo.findReader(tx, hold.userId);
    const address = reader ? shippingAddressOf(reader) : null;
    const alreadyHas = await repo.findActiveLoanId(tx, hold.userId, bookId);
    const active = reader?.status === 'active';
    if (!reader || !active || !address || alreadyHas) {
      // The reader can no longer take a copy (suspended, no address, has the book another way).
      await holdsRepo.updateHold(tx, hold.id, {
        status: 'cancelled',
        closedAt: at.now,
        reason: active ? (alreadyHas ? 'ALREADY_REQUESTED' : 'ADDRESS_REQUIRED') : 'ACCOUNT_DISABLED',
      });
      continue;
    }
    const copyId = await repo.claimAvailableCopy(tx, bookId, REQUEST_COPY_STATUS);
    if (!copyId) return mailed;
    const settings = await getLendingSettings(tx);
    const approved = settings.holds_auto_approve;
    const confirmBy = new Date(at.now.getTime() + settings.pickup_window_days * DAY_MS);
    const loan = await repo.insertLoan(tx, {
      userId: hold.userId,
      bookId,
      copyId,
      status: approved ? 'approved' : 'requested',
      approvedAt: approved ? at.now : null,
      shippingAddress: address,
      locale: hold.locale,
      confirmBy,
    });
    await repo.insertLoanEvent(tx, {
      loanId: loan.id,
      actorId: null,
      action: 'offer',
      from: null,
      to: approved ? 'approved' : 'requested',
    });
    await holdsRepo.updateHold(tx, hold.id, { status: 'offered', loanId: loan.id, offeredAt: at.now });
    await tellAvailable(tx, { userId: hold.userId, reader, locale: hold.locale, bookId, confirmBy }, at);
    mailed = true;
  }
}

async function tellAvailable(
  tx: Transaction,
  who: {
    userId: string;
    reader: ReaderProfile;
    locale: string;
    bookId: string;
    confirmBy: Date;
  },
  at: Allocation,
) {
  const locale: Language = who.locale === 'ar' ? 'ar' : 'en';
  const t = translator(locale);
  const book = await repo.findBookTitles(tx, who.bookId);
  const title = (locale === 'ar' ? book?.titleAr : null) || book?.titleEn || '';
  const date = formatDay(who.confirmBy, locale);
  const channels = readerChannels(who.reader, 'hold_available');
  if (channels.in_app)
    await notifyUser(tx, {
      userId: who.userId,
      link: READER_LOANS_PATH,
      title: t('lending.notify.availableTitle'),
      message: t('lending.notify.availableMessage', { title, date }),
      type: 'success',
    });
  if (!channels.email) return;
  await enqueueEmail(tx, {
    to: who.reader.email,
    locale,
    template: 'hold_available',
    data: { bookTitle: title, confirmBy: date, link: new URL(READER_LOANS_PATH, at.publicUrl).toString() },
  });
}

/**
 * An offer made from the waiting list ends without the reader taking the book (they declined, the
 * desk denied it, or the window passed): its hold closes with `status`. Call it in the
 * transaction that ends the loan, before the copy is offered to the next reader.
 */
export async function closeOfferedHold(tx: Transaction, loanId: string, status: 'cancelled' | 'expired', now: Date) {
  const hold = await holdsRepo.findHoldOfLoan(tx, loanId);
  if (hold) await holdsRepo.updateHold(tx, hold.id, { status, closedAt: now });
}
