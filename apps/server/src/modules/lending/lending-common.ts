import type { Language } from '@maktaba/shared/constants';
import {
  DEFAULT_BORROWING_LIMIT,
  DEFAULT_HOLDS_PER_READER,
  DEFAULT_LOAN_PERIOD_DAYS,
  DEFAULT_OVERDUE_INTERVAL_DAYS,
  DEFAULT_OVERDUE_NOTICES_MAX,
  DEFAULT_PICKUP_WINDOW_DAYS,
  DEFAULT_REMINDER_DAYS_BEFORE,
  DEFAULT_RENEWAL_GRACE_DAYS,
  DEFAULT_RENEWALS_MAX,
} from '@maktaba/shared/lending';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { PUBLIC_BOOK_STATUS } from '@maktaba/shared/schemas/catalogue';
import type { LendingSettings, LoanBook, ShippingAddress } from '@maktaba/shared/schemas/loans';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../db/queryable.js';
import { authorLine } from '../catalogue/catalogue.mapper.js';
import type { AuthorRef } from '../catalogue/catalogue.repository.js';
import { seesUnpublished } from '../catalogue/catalogue.service.js';
import * as repo from './lending.repository.js';

/* What loans and waiting lists both need: the library's rules, the reader's parcel address, who sees a book. */

export type LendingContext = {
  db: Database;
  /** Wakes the mail worker once a transaction that queued e-mail has committed. */
  wakeMailer: () => void;
  /** Where links in e-mails point (PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
};

/** The book as a loan or a hold shows it. */
export function loanBookOf(row: {
  bookId: string;
  titleEn: string;
  titleAr: string | null;
  authors: AuthorRef[];
  coverKey: string | null;
  categoryKey: string | null;
}): LoanBook {
  return {
    id: row.bookId,
    title: row.titleEn,
    title_ar: row.titleAr,
    author: authorLine(row.authors, 'en'),
    author_ar: authorLine(row.authors, 'ar'),
    cover_url: publicObjectUrl('covers', row.coverKey),
    category_key: row.categoryKey,
  };
}

/** A book's title in the reader's language (the English one when it has no Arabic title). */
export async function bookTitleIn(db: Queryable, bookId: string, locale: Language): Promise<string> {
  const book = await repo.findBookTitles(db, bookId);
  return (locale === 'ar' ? book?.titleAr : null) || book?.titleEn || '';
}

/** Where a reader follows their loans: notifications and e-mails about a loan lead there. */
export const READER_LOANS_PATH = '/myimam';

/** The library's lending rules as stored, each unset one at its default. */
export async function getLendingSettings(db: Queryable): Promise<LendingSettings> {
  const stored = (await repo.findLendingSettings(db)) ?? {};
  return {
    loan_period_days: stored.loan_period_days ?? DEFAULT_LOAN_PERIOD_DAYS,
    default_borrowing_limit: stored.default_borrowing_limit ?? DEFAULT_BORROWING_LIMIT,
    renewals_max: stored.renewals_max ?? DEFAULT_RENEWALS_MAX,
    renewal_grace_days: stored.renewal_grace_days ?? DEFAULT_RENEWAL_GRACE_DAYS,
    reminder_days_before: stored.reminder_days_before ?? DEFAULT_REMINDER_DAYS_BEFORE,
    overdue_interval_days: stored.overdue_interval_days ?? DEFAULT_OVERDUE_INTERVAL_DAYS,
    overdue_notices_max: stored.overdue_notices_max ?? DEFAULT_OVERDUE_NOTICES_MAX,
    overdue_blocks_borrowing: stored.overdue_blocks_borrowing ?? true,
    holds_per_reader: stored.holds_per_reader ?? DEFAULT_HOLDS_PER_READER,
    pickup_window_days: stored.pickup_window_days ?? DEFAULT_PICKUP_WINDOW_DAYS,
    holds_auto_approve: stored.holds_auto_approve ?? false,
    return_address: stored.return_address ?? null,
  };
}

export type ReaderProfile = NonNullable<Awaited<ReturnType<typeof repo.findReader>>>;

/** The reader's address as a parcel would carry it, or null when it is not complete. */
export function shippingAddressOf(profile: ReaderProfile): ShippingAddress | null {
  const complete = isProfileComplete(
    {
      registration_completed: true,
      email: profile.email,
      address_line_1: profile.addressLine1,
      city: profile.city,
      state_province: profile.stateProvince,
      postal_code: profile.postalCode,
      country: profile.country,
    },
    'credential',
  );
  if (!complete) return null;
  return {
    name: profile.displayName,
    address_line_1: profile.addressLine1 ?? '',
    address_line_2: profile.addressLine2 || null,
    city: profile.city ?? '',
    state_province: profile.stateProvince ?? '',
    postal_code: profile.postalCode ?? '',
    country: profile.country ?? '',
    phone_number: profile.phoneNumber,
  };
}

export const bookVisible = (status: string | undefined, actor: Actor) =>
  status !== undefined && (status === PUBLIC_BOOK_STATUS || seesUnpublished(actor));

/** A day as a reader reads it in their language (the library keeps due dates in UTC). */
export function formatDay(date: Date | null, locale: Language): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
