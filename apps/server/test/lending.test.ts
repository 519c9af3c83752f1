/**
 * Lending by shipment through HTTP (ADR 0014): a request holds a copy at once; every transition in
 * order with its notification and e-mail; refusals that change nothing (wrong state, wrong role,
 * another reader's loan, the limit, one request per book, no copy, a suspended account, bad input);
 * the address snapshot; the desk's queues, counts, search, sort, paging and bulk approval; the
 * settings; and races: twenty readers for the last copy, ten requests of one reader at its limit,
 * twenty approvals of one request.
 */
import crypto from 'node:crypto';
import { DEFAULT_LOAN_PERIOD_DAYS } from '@maktaba/shared/lending';
import {
  DeskCountsSchema,
  DeskLoanDetailSchema,
  DeskLoanListSchema,
  type Loan,
  LoanSchema,
} from '@maktaba/shared/schemas/loans';
import { NotificationListSchema } from '@maktaba/shared/schemas/notifications';
import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  bookCopies,
  books,
  checkouts,
  emailOutbox,
  loanEvents,
  profiles,
  userNotifications,
} from '../src/db/schema/index.js';
import { findDeskLoans } from '../src/modules/lending/lending.repository.js';
import { type ApiResponse, expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { makeBook as makeBookIn } from './lending-fixtures.js';

const DAY_MS = 86_400_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NEW_ADDRESS = {
  phone_number: '613 555 0143',
  address_line_1: '40 Rideau St',
  address_line_2: 'Unit 5',
  city: 'Ottawa',
  state_province: 'ON',
  postal_code: 'K1N 5Y7',
  country: 'Canada',
};

describeEachDriver('lending over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let patronNumber = 0;
  /** A run-unique tag, so titles, barcodes and names can be searched for without meeting others'. */
  const tag = crypto.randomBytes(3).toString('hex');

  const patron = (name = `Reader ${++patronNumber} ${tag}`) => accountAs(server, 'patron', { name });
  const patrons = (n: number) => Promise.all(Array.from({ length: n }, () => patron()));

  /** A published book with `copies` available copies (barcodes `<prefix>-1`, …). */
  const makeBook = (title: string, copies: number, options: { titleAr?: string; barcodePrefix?: string } = {}) =>
    makeBookIn(db, title, copies, options);
  const bookRow = async (id: string) => {
    const [row] = await db
      .select({ total: books.copiesTotal, available: books.copiesAvailable, checkouts: books.checkoutCount })
      .from(books)
      .where(eq(books.id, id));
    return row;
  };
  const copyRow = async (id: string) => (await db.select().from(bookCopies).where(eq(bookCopies.id, id)))[0];
  const loanRow = async (id: string) => (await db.select().from(checkouts).where(eq(checkouts.id, id)))[0];
  const loanRowsOf = (userId: string) => db.select().from(checkouts).where(eq(checkouts.userId, userId));
  const eventCount = async (loanId: string) =>
    (await db.select({ n: count() }).from(loanEvents).where(eq(loanEvents.loanId, loanId)))[0]?.n ?? 0;
  const outboxOf = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const notificationRows = (userId: string) =>
    db.select().from(userNotifications).where(eq(userNotifications.userId, userId));
  const notificationsOf = async (who: TestAccount) => {
    const response = await who.client.get('/api/notifications');
    expect(response.status).toBe(200);
    return NotificationListSchema.parse(response.body).notifications;
  };

  const request = (who: TestAccount, bookId: string, locale?: 'en' | 'ar') =>
    who.client.post('/api/loans', locale ? { book_id: bookId, locale } : { book_id: bookId });
  async function requested(who: TestAccount, bookId: string, locale?: 'en' | 'ar'): Promise<Loan> {
    const response = await request(who, bookId, locale);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return LoanSchema.parse(response.body);
  }
  const desk = (action: string, loanId: string, body: Record<string, unknown> = {}, who = librarian) =>
    who.client.post(`/api/admin/loans/${loanId}/${action}`, body);
  const ok = (response: ApiResponse, status = 200) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body;
  };
  /** Walks a new loan to `to` along the usual path. */
  async function loanIn(
    who: TestAccount,
    bookId: string,
    to: 'requested' | 'approved' | 'shipped' | 'on_loan' | 'return_shipped',
  ) {
    const loan = await requested(who, bookId);
    const steps: Array<[string, () => Promise<ApiResponse>]> = [
      ['approved', () => desk('approve', loan.id)],
      ['shipped', () => desk('ship', loan.id, { carrier: 'Canada Post', tracking_number: 'CP1' })],
      ['on_loan', () => who.client.post(`/api/loans/${loan.id}/deliver`)],
      ['return_shipped', () => who.client.post(`/api/loans/${loan.id}/send-back`, {})],
    ];
    for (const [state, step] of steps) {
      if (loan.status === to) break;
      ok(await step());
      loan.status = state as Loan['status'];
    }
    return loan;
  }
  const deskList = async (query: string, who = librarian) =>
    DeskLoanListSchema.parse(ok(await who.client.get(`/api/admin/loans?${query}`)));
  const deskCounts = async () => DeskCountsSchema.parse(ok(await librarian.client.get('/api/admin/loans/counts')));

  beforeAll(async () => {
    db = server.db;
    [admin, librarian] = await Promise.all([
      accountAs(server, 'admin', { name: `Admin ${tag}` }),
      accountAs(server, 'librarian', { name: `Librarian ${tag}` }),
    ]);
  });

  describe('a request', () => {
    it('needs a complete address (ADDRESS_REQUIRED, nothing held), then holds a copy at once', async () => {
      const reader = await patron();
      const book = await makeBook(`Address ${tag}`, 2);
      await db
        .update(profiles)
        .set({ addressLine1: null, city: null, postalCode: null })
        .where(eq(profiles.id, reader.id));

      const context = ok(await reader.client.get(`/api/loans/for-book/${book.id}`));
      expect(context).toMatchObject({ blocked_by: 'ADDRESS_REQUIRED', shipping_address: null, copies_available: 2 });
      expectError(await request(reader, book.id), 422, 'ADDRESS_REQUIRED');
      expect(await loanRowsOf(reader.id)).toEqual([]);
      expect(await bookRow(book.id)).toMatchObject({ total: 2, available: 2 });

      ok(await reader.client.put(`/api/profiles/${reader.id}/address`, NEW_ADDRESS));
      const loan = await requested(reader, book.id);
      expect(loan).toMatchObject({
        status: 'requested',
        book: { id: book.id, title: book.title },
        actions: ['cancel'],
      });
      expect(loan.shipping_address).toMatchObject({
        address_line_1: '40 Rideau St',
        city: 'Ottawa',
        country: 'Canada',
      });
      expect(await bookRow(book.id)).toMatchObject({ total: 2, available: 1 });
      expect(loan.copy?.id).toBeDefined();
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('reserved');
      const after = ok(await reader.client.get(`/api/loans/for-book/${book.id}`));
      expect(after).toMatchObject({ blocked_by: 'ALREADY_REQUESTED', open_loans: 1, loan: { id: loan.id } });
    });
  });

  describe('every transition in order', () => {
    it('request → approve → ship → deliver → send back → receive (good), with notifications and e-mails', async () => {
      const reader = await patron();
      const book = await makeBook(`Journey ${tag}`, 1, { titleAr: `رحلة ${tag}` });
      const before = await bookRow(book.id);

      const loan = await requested(reader, book.id, 'ar');
      expect(loan.locale).toBe('ar');
      const copyId = loan.copy?.id as string;
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 0 });
      expect((await copyRow(copyId))?.status).toBe('reserved');

      const approved = ok(await desk('approve', loan.id));
      expect(approved).toMatchObject({ status: 'approved', copy: { id: copyId }, patron: { id: reader.id } });
      expect(approved.approved_at).not.toBeNull();
      expect((await copyRow(copyId))?.status).toBe('reserved');
      const [approvedNote] = await notificationsOf(reader);
      expect(approvedNote).toMatchObject({ type: 'success', event_type: 'book_request_approved', link: '/myimam' });
      expect(approvedNote?.message).toContain(`رحلة ${tag}`);
      const approvedMail = (await outboxOf(reader.email)).filter((mail) => mail.template === 'loan_approved');
      expect(approvedMail).toHaveLength(1);
      expect(approvedMail[0]).toMatchObject({ locale: 'ar' });
      expect(approvedMail[0]?.subject).toContain(`رحلة ${tag}`);

      const shipped = ok(await desk('ship', loan.id, { carrier: 'Aramex', tracking_number: 'AX-777' }));
      expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Aramex', tracking_number: 'AX-777' });
      expect((await copyRow(copyId))?.status).toBe('in_transit_out');
      const [shippedNote] = await notificationsOf(reader);
      expect(shippedNote?.message).toContain('AX-777');
      const shippedMail = (await outboxOf(reader.email)).filter((mail) => mail.template === 'loan_shipped');
      expect(shippedMail).toHaveLength(1);
      expect(shippedMail[0]?.locale).toBe('ar');
      expect(shippedMail[0]?.textBody).toContain('AX-777');

      // The reader confirms delivery: the loan period starts now.
      const delivered = LoanSchema.parse(ok(await reader.client.post(`/api/loans/${loan.id}/deliver`)));
      expect(delivered.status).toBe('on_loan');
      expect(delivered.actions).toEqual(['send_back', 'renew']);
      const deliveredAt = Date.parse(delivered.delivered_at as string);
      expect(Date.parse(delivered.due_date as string) - deliveredAt).toBe(DEFAULT_LOAN_PERIOD_DAYS * DAY_MS);
      expect(Math.abs(deliveredAt - Date.now())).toBeLessThan(60_000);
      expect((await copyRow(copyId))?.status).toBe('on_loan');

      const sentBack = LoanSchema.parse(
        ok(await reader.client.post(`/api/loans/${loan.id}/send-back`, { carrier: 'DHL', tracking_number: 'DH-1' })),
      );
      expect(sentBack).toMatchObject({
        status: 'return_shipped',
        return_carrier: 'DHL',
        return_tracking_number: 'DH-1',
      });
      expect((await copyRow(copyId))?.status).toBe('in_transit_back');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 0, checkouts: before?.checkouts });

      const received = ok(await desk('receive', loan.id, { condition: 'good' }));
      expect(received).toMatchObject({ status: 'returned', return_condition: 'good' });
      expect((await copyRow(copyId))?.status).toBe('available');
      expect(await bookRow(book.id)).toMatchObject({
        total: 1,
        available: 1,
        checkouts: (before?.checkouts ?? 0) + 1,
      });

      const detail = DeskLoanDetailSchema.parse(ok(await librarian.client.get(`/api/admin/loans/${loan.id}`)));
      expect(detail.events.map((event) => [event.action, event.from_status, event.to_status, event.actor?.id])).toEqual(
        [
          ['request', null, 'requested', reader.id],
          ['approve', 'requested', 'approved', librarian.id],
          ['ship', 'approved', 'shipped', librarian.id],
          ['deliver', 'shipped', 'on_loan', reader.id],
          ['send_back', 'on_loan', 'return_shipped', reader.id],
          ['receive', 'return_shipped', 'returned', librarian.id],
        ],
      );
      expect(detail.events[1]?.actor?.email).toBe(librarian.email);
      // The history shelf has it; the current list does not.
      const history = ok(await reader.client.get('/api/loans?scope=history'));
      expect(history.items.map((item: Loan) => item.id)).toEqual([loan.id]);
      expect(ok(await reader.client.get('/api/loans')).total).toBe(0);
    });

    it('receives a damaged copy: the copy is damaged and not available, still counted', async () => {
      const reader = await patron();
      const book = await makeBook(`Damaged ${tag}`, 1);
      const loan = await loanIn(reader, book.id, 'on_loan');
      // Received straight from on loan (the reader never said it was sent back).
      const received = ok(await desk('receive', loan.id, { condition: 'damaged', note: 'Water on the cover' }));
      expect(received).toMatchObject({ status: 'returned', return_condition: 'damaged' });
      const copy = await copyRow(loan.copy?.id as string);
      expect(copy).toMatchObject({ status: 'damaged', conditionNote: 'Water on the cover' });
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 0, checkouts: 1 });
      expectError(await request(await patron(), book.id), 409, 'NO_COPY_AVAILABLE');
    });

    it('denies with a reason: a notification and an e-mail with the reason, and the copy goes back', async () => {
      const reader = await patron();
      const book = await makeBook(`Denied ${tag}`, 1);
      const loan = await requested(reader, book.id, 'en');
      const denied = ok(await desk('deny', loan.id, { reason: 'This edition is reserved for the reading room.' }));
      expect(denied).toMatchObject({
        status: 'denied',
        denial_reason: 'This edition is reserved for the reading room.',
      });
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('available');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 1 });
      const [note] = await notificationsOf(reader);
      expect(note).toMatchObject({ type: 'info', event_type: 'book_request_denied' });
      expect(note?.message).toContain('This edition is reserved for the reading room.');
      const mail = (await outboxOf(reader.email)).filter((row) => row.template === 'loan_denied');
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ locale: 'en' });
      expect(mail[0]?.textBody).toContain('This edition is reserved for the reading room.');
      // The reader's own view shows the reason, and a new request may be made.
      expect(LoanSchema.parse(ok(await reader.client.get(`/api/loans/${loan.id}`))).denial_reason).toBe(
        'This edition is reserved for the reading room.',
      );
      await requested(reader, book.id);
    });

    it('lets the reader cancel a request (the copy goes back), and only a request', async () => {
      const reader = await patron();
      const book = await makeBook(`Cancelled ${tag}`, 1);
      const loan = await requested(reader, book.id);
      // The desk cannot cancel for the reader through the reader's door: not its loan.
      expectError(await librarian.client.post(`/api/loans/${loan.id}/cancel`), 404, 'NOT_FOUND');
      const cancelled = LoanSchema.parse(ok(await reader.client.post(`/api/loans/${loan.id}/cancel`)));
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.cancelled_at).not.toBeNull();
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('available');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 1 });
      expectError(await reader.client.post(`/api/loans/${loan.id}/cancel`), 409, 'WRONG_STATE');
    });

    it('marks a loan lost: the copy is lost and no longer counted', async () => {
      const reader = await patron();
      const book = await makeBook(`Lost ${tag}`, 2);
      const loan = await loanIn(reader, book.id, 'shipped');
      expect(await bookRow(book.id)).toMatchObject({ total: 2, available: 1 });
      const lost = ok(await desk('mark-lost', loan.id, { note: 'Never arrived' }));
      expect(lost.status).toBe('lost');
      expect(lost.lost_at).not.toBeNull();
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('lost');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 1 });
      const [note] = await notificationsOf(reader);
      expect(note?.type).toBe('warning');
    });
  });

  describe('refusals change nothing', () => {
    it('refuses a transition replayed twice (WRONG_STATE) and writes no event, notification or e-mail', async () => {
      const reader = await patron();
      const book = await makeBook(`Replay ${tag}`, 1);
      const loan = await requested(reader, book.id);
      const steps: Array<[() => Promise<ApiResponse>, string]> = [
        [() => desk('approve', loan.id), 'approved'],
        [() => desk('ship', loan.id, { tracking_number: 'R-1' }), 'shipped'],
        [() => reader.client.post(`/api/loans/${loan.id}/deliver`), 'on_loan'],
        [() => reader.client.post(`/api/loans/${loan.id}/send-back`, {}), 'return_shipped'],
        [() => desk('receive', loan.id, { condition: 'good' }), 'returned'],
      ];
      for (const [step, status] of steps) {
        ok(await step());
        const row = await loanRow(loan.id);
        const copy = await copyRow(loan.copy?.id as string);
        const events = await eventCount(loan.id);
        const notes = (await notificationRows(reader.id)).length;
        const mails = (await outboxOf(reader.email)).length;
        const again = expectError(await step(), 409, 'WRONG_STATE');
        expect(again.details).toEqual({ status });
        expect(await loanRow(loan.id)).toEqual(row);
        expect(await copyRow(loan.copy?.id as string)).toEqual(copy);
        expect(await eventCount(loan.id)).toBe(events);
        expect((await notificationRows(reader.id)).length).toBe(notes);
        expect((await outboxOf(reader.email)).length).toBe(mails);
      }
      // Nor can a finished loan be denied, cancelled or lost.
      expectError(await desk('deny', loan.id, { reason: 'Late' }), 409, 'WRONG_STATE');
      expectError(await reader.client.post(`/api/loans/${loan.id}/cancel`), 409, 'WRONG_STATE');
      expectError(await desk('mark-lost', loan.id), 409, 'WRONG_STATE');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 1, checkouts: 1 });
    });

    it('keeps patrons off the desk (403) and readers off each other’s loans (404, untouched)', async () => {
      const [owner, other] = (await patrons(2)) as [TestAccount, TestAccount];
      const book = await makeBook(`Private ${tag}`, 1);
      const loan = await requested(owner, book.id);
      const row = await loanRow(loan.id);
      const calls: Array<() => Promise<ApiResponse>> = [
        () => other.client.get('/api/admin/loans'),
        () => other.client.get('/api/admin/loans/counts'),
        () => other.client.get(`/api/admin/loans/${loan.id}`),
        () => desk('approve', loan.id, {}, other),
        () => desk('deny', loan.id, { reason: 'No' }, other),
        () => desk('ship', loan.id, {}, other),
        () => desk('receive', loan.id, {}, other),
        () => desk('mark-lost', loan.id, {}, other),
        () => other.client.post('/api/admin/loans/bulk', { action: 'approve', ids: [loan.id] }),
        () => other.client.get('/api/admin/lending-settings'),
        // Even the loan's own reader cannot approve it.
        () => desk('approve', loan.id, {}, owner),
      ];
      for (const call of calls) expectError(await call(), 403, 'FORBIDDEN');
      for (const call of [
        () => other.client.get(`/api/loans/${loan.id}`),
        () => other.client.post(`/api/loans/${loan.id}/cancel`),
        () => other.client.post(`/api/loans/${loan.id}/deliver`),
        () => other.client.post(`/api/loans/${loan.id}/send-back`, {}),
        () => other.client.get(`/api/loans/${UNKNOWN_ID}`),
        () => librarian.client.get(`/api/admin/loans/${UNKNOWN_ID}`),
        () => desk('approve', UNKNOWN_ID),
      ]) {
        expectError(await call(), 404, 'NOT_FOUND');
      }
      expect(ok(await other.client.get('/api/loans')).total).toBe(0);
      expect(await loanRow(loan.id)).toEqual(row);
      expect(await eventCount(loan.id)).toBe(1);
    });

    it('holds a reader to the limit (3 by default, then their own), one request per book, and a free copy', async () => {
      const reader = await patron();
      const shelf = await Promise.all([1, 2, 3, 4].map((n) => makeBook(`Limit ${n} ${tag}`, 1)));
      const first = await requested(reader, shelf[0]?.id as string);
      expectError(await request(reader, shelf[0]?.id as string), 409, 'ALREADY_REQUESTED');
      await requested(reader, shelf[1]?.id as string);
      await requested(reader, shelf[2]?.id as string);
      const over = expectError(await request(reader, shelf[3]?.id as string), 409, 'BORROWING_LIMIT_REACHED');
      expect(over.details).toEqual({ limit: 3 });
      expect(await bookRow(shelf[3]?.id as string)).toMatchObject({ available: 1 });
      expect(await loanRowsOf(reader.id)).toHaveLength(3);

      // A cancelled request no longer counts; an admin's lower limit does.
      ok(await reader.client.post(`/api/loans/${first.id}/cancel`));
      ok(await admin.client.patch(`/api/admin/users/${reader.id}`, { borrowing_limit: 1 }));
      const lowered = expectError(await request(reader, shelf[3]?.id as string), 409, 'BORROWING_LIMIT_REACHED');
      expect(lowered.details).toEqual({ limit: 1 });
      const context = ok(await reader.client.get(`/api/loans/for-book/${shelf[3]?.id}`));
      expect(context).toMatchObject({ blocked_by: 'BORROWING_LIMIT_REACHED', borrowing_limit: 1, open_loans: 2 });

      const none = await makeBook(`No copies ${tag}`, 0);
      const fresh = await patron();
      expectError(await request(fresh, none.id), 409, 'NO_COPY_AVAILABLE');
      expectError(await request(fresh, UNKNOWN_ID), 404, 'NOT_FOUND');
      const [draft] = await db
        .insert(books)
        .values({ titleEn: `Draft ${tag}`, status: 'draft' })
        .returning({ id: books.id });
      await db.insert(bookCopies).values({ bookId: draft?.id as string });
      expectError(await request(fresh, draft?.id as string), 404, 'NOT_FOUND');
      expect(await loanRowsOf(fresh.id)).toEqual([]);
    });

    it('ends a suspended reader’s session: their request is refused and writes nothing', async () => {
      const reader = await patron();
      const book = await makeBook(`Suspended ${tag}`, 1);
      ok(await admin.client.patch(`/api/admin/users/${reader.id}`, { status: 'suspended' }));
      expectError(await request(reader, book.id), 401, 'UNAUTHENTICATED');
      expect(await loanRowsOf(reader.id)).toEqual([]);
      expect(await bookRow(book.id)).toMatchObject({ available: 1 });
    });

    it('refuses bad input: an unknown copy, a NUL, a reason too long or missing, an id that is not one', async () => {
      const reader = await patron();
      const book = await makeBook(`Input ${tag}`, 2);
      const other = await makeBook(`Other ${tag}`, 1);
      const loan = await requested(reader, book.id);
      const row = await loanRow(loan.id);
      expectError(await desk('approve', loan.id, { copy_id: UNKNOWN_ID }), 409, 'NO_COPY_AVAILABLE');
      // Another book's copy is not this book's.
      expectError(await desk('approve', loan.id, { copy_id: other.copyIds[0] }), 409, 'NO_COPY_AVAILABLE');
      const nul = expectError(await desk('deny', loan.id, { reason: 'a\u0000b' }), 422, 'VALIDATION_FAILED');
      expect(nul.details.fieldErrors.reason).toEqual(['validation.invalidCharacters']);
      const long = expectError(await desk('deny', loan.id, { reason: 'x'.repeat(501) }), 422, 'VALIDATION_FAILED');
      expect(long.details.fieldErrors.reason).toEqual(['validation.tooLong']);
      expectError(await desk('deny', loan.id, { reason: '   ' }), 422, 'VALIDATION_FAILED');
      expectError(await desk('receive', loan.id, { condition: 'soggy' }), 422, 'VALIDATION_FAILED');
      expectError(await librarian.client.post('/api/admin/loans/not-a-uuid/approve', {}), 422, 'VALIDATION_FAILED');
      expectError(await reader.client.get('/api/loans/not-a-uuid'), 422, 'VALIDATION_FAILED');
      expectError(await reader.client.post('/api/loans', { book_id: 'not-a-uuid' }), 422, 'VALIDATION_FAILED');
      expect(await loanRow(loan.id)).toEqual(row);
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('reserved');
      expect(await bookRow(book.id)).toMatchObject({ available: 1 });
      expect(await bookRow(other.id)).toMatchObject({ available: 1 });
      expect(await eventCount(loan.id)).toBe(1);

      // A copy of the same book may be chosen: the held one goes back.
      const detail = DeskLoanDetailSchema.parse(ok(await librarian.client.get(`/api/admin/loans/${loan.id}`)));
      const swap = detail.available_copies.find((copy) => copy.id !== loan.copy?.id);
      expect(swap).toBeDefined();
      const approved = ok(await desk('approve', loan.id, { copy_id: swap?.id }));
      expect(approved.copy.id).toBe(swap?.id);
      expect((await copyRow(swap?.id as string))?.status).toBe('reserved');
      expect((await copyRow(loan.copy?.id as string))?.status).toBe('available');
      expect(await bookRow(book.id)).toMatchObject({ total: 2, available: 1 });
    });
  });

  it('keeps the address a request was made with, whatever the reader changes later', async () => {
    const reader = await patron();
    const book = await makeBook(`Snapshot ${tag}`, 1);
    const loan = await requested(reader, book.id);
    const before = loan.shipping_address;
    expect(before.city).toBe('San Francisco');
    ok(await reader.client.put(`/api/profiles/${reader.id}/address`, NEW_ADDRESS));
    expect(LoanSchema.parse(ok(await reader.client.get(`/api/loans/${loan.id}`))).shipping_address).toEqual(before);
    const detail = DeskLoanDetailSchema.parse(ok(await librarian.client.get(`/api/admin/loans/${loan.id}`)));
    expect(detail.shipping_address).toEqual(before);
    // A new request ships to the new address.
    const next = await requested(reader, (await makeBook(`Snapshot 2 ${tag}`, 1)).id);
    expect(next.shipping_address.city).toBe('Ottawa');
  });

  describe('the desk', () => {
    it('lists each queue with its loans and counts, finds by e-mail, title and barcode, sorts and pages', async () => {
      const desk2 = `Desk${tag}`;
      const countsBefore = await deskCounts();
      // Named so that sorting by patron differs from sorting by request time.
      const [alpha, beta, gamma] = await Promise.all([
        patron(`Zaynab ${tag}`),
        patron(`Ali ${tag}`),
        patron(`Maryam ${tag}`),
      ]);
      const shelf = await Promise.all(
        ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((letter) =>
          makeBook(`${desk2} ${letter}`, 1, { barcodePrefix: `${desk2}${letter}` }),
        ),
      );
      const id = (n: number) => shelf[n]?.id as string;
      const loans = {
        requested: await loanIn(alpha, id(0), 'requested'),
        requested2: await loanIn(beta, id(1), 'requested'),
        approved: await loanIn(alpha, id(2), 'approved'),
        shipped: await loanIn(beta, id(3), 'shipped'),
        onLoan: await loanIn(gamma, id(4), 'on_loan'),
        returning: await loanIn(gamma, id(5), 'return_shipped'),
        overdue: await loanIn(alpha, id(6), 'on_loan'),
      };
      await db
        .update(checkouts)
        .set({ dueDate: new Date(Date.now() - 2 * DAY_MS) })
        .where(eq(checkouts.id, loans.overdue.id));
      // The only copy of A is held by a request: nobody else gets it.
      expectError(await request(beta, id(0)), 409, 'NO_COPY_AVAILABLE');

      const inQueue = async (queue: string) =>
        (await deskList(`queue=${queue}&q=${desk2}&limit=100`)).items.map((item) => item.id).sort();
      expect(await inQueue('requests')).toEqual([loans.requested.id, loans.requested2.id].sort());
      expect(await inQueue('to_ship')).toEqual([loans.approved.id]);
      expect(await inQueue('in_transit')).toEqual([loans.shipped.id]);
      expect(await inQueue('on_loan')).toEqual([loans.onLoan.id, loans.overdue.id].sort());
      expect(await inQueue('overdue')).toEqual([loans.overdue.id]);
      expect(await inQueue('returning')).toEqual([loans.returning.id]);
      expect(await inQueue('closed')).toEqual([]);

      const counts = await deskCounts();
      expect({
        requests: counts.requests - countsBefore.requests,
        to_ship: counts.to_ship - countsBefore.to_ship,
        in_transit: counts.in_transit - countsBefore.in_transit,
        on_loan: counts.on_loan - countsBefore.on_loan,
        returning: counts.returning - countsBefore.returning,
        overdue: counts.overdue - countsBefore.overdue,
        closed: counts.closed - countsBefore.closed,
      }).toEqual({ requests: 2, to_ship: 1, in_transit: 1, on_loan: 2, returning: 1, overdue: 1, closed: 0 });
      const all = await deskList('queue=requests&limit=100');
      expect(all.total).toBe(counts.requests);

      // Search: a patron's e-mail, a book's title, a copy's barcode (any case).
      const byEmail = await deskList(`queue=on_loan&q=${encodeURIComponent(gamma.email.toUpperCase())}`);
      expect(byEmail.items.map((item) => item.id)).toEqual([loans.onLoan.id]);
      expect(byEmail.items[0]?.patron).toMatchObject({ id: gamma.id, email: gamma.email });
      const byTitle = await deskList(`queue=in_transit&q=${encodeURIComponent(`${desk2} D`)}`);
      expect(byTitle.items.map((item) => item.id)).toEqual([loans.shipped.id]);
      const barcode = loans.returning.copy?.barcode as string;
      const byBarcode = await deskList(`queue=returning&q=${barcode.toLowerCase()}`);
      expect(byBarcode.items.map((item) => item.id)).toEqual([loans.returning.id]);
      expect((await deskList(`queue=requests&q=${desk2}%25`)).total).toBe(0);

      // The user filter.
      const ofAlpha = await deskList(`queue=requests&user_id=${alpha.id}`);
      expect(ofAlpha.items.map((item) => item.id)).toEqual([loans.requested.id]);
      expect((await deskList(`queue=on_loan&user_id=${alpha.id}`)).items.map((item) => item.id)).toEqual([
        loans.overdue.id,
      ]);

      // Sorts and paging.
      const byRequest = await deskList(`queue=requests&q=${desk2}&sort=requested_at&order=asc`);
      expect(byRequest.items.map((item) => item.id)).toEqual([loans.requested.id, loans.requested2.id]);
      const newest = await deskList(`queue=requests&q=${desk2}&sort=requested_at&order=desc`);
      expect(newest.items.map((item) => item.id)).toEqual([loans.requested2.id, loans.requested.id]);
      const byDue = await deskList(`queue=on_loan&q=${desk2}&sort=due_date&order=asc`);
      expect(byDue.items.map((item) => item.id)).toEqual([loans.overdue.id, loans.onLoan.id]);
      expect(byDue.items[0]?.overdue).toBe(true);
      const byPatron = await deskList(`queue=requests&q=${desk2}&sort=patron&order=asc`);
      expect(byPatron.items.map((item) => item.patron.name)).toEqual([`Ali ${tag}`, `Zaynab ${tag}`]);
      const byPatronDesc = await deskList(`queue=requests&q=${desk2}&sort=patron&order=desc`);
      expect(byPatronDesc.items.map((item) => item.id)).toEqual([loans.requested.id, loans.requested2.id]);
      const byBook = await deskList(`queue=requests&q=${desk2}&sort=book&order=asc`);
      expect(byBook.items.map((item) => item.id)).toEqual([loans.requested.id, loans.requested2.id]);
      const byBookDesc = await deskList(`queue=requests&q=${desk2}&sort=book&order=desc`);
      expect(byBookDesc.items.map((item) => item.id)).toEqual([loans.requested2.id, loans.requested.id]);
      await db
        .update(checkouts)
        .set({ updatedAt: new Date(Date.now() - DAY_MS) })
        .where(eq(checkouts.id, loans.onLoan.id));
      await db.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, loans.overdue.id));
      const byChange = await deskList(`queue=on_loan&q=${desk2}&sort=updated_at&order=desc`);
      expect(byChange.items.map((item) => item.id)).toEqual([loans.overdue.id, loans.onLoan.id]);
      // A broad search (more loans than are looked up by id) finds the same loans in the same order.
      for (const sort of ['requested_at', 'patron', 'book'] as const) {
        const query = { queue: 'requests', q: desk2, sort, order: 'asc', limit: 25, offset: 0 } as const;
        const [byId, broad] = await Promise.all([
          findDeskLoans(db, query, new Date()),
          findDeskLoans(db, query, new Date(), { searchByIdLimit: 1 }),
        ]);
        expect(broad.total).toBe(2);
        expect(broad.rows.map((row) => row.id)).toEqual(byId.rows.map((row) => row.id));
      }
      const page1 = await deskList(`queue=requests&q=${desk2}&limit=1&offset=0`);
      const page2 = await deskList(`queue=requests&q=${desk2}&limit=1&offset=1`);
      expect(page1).toMatchObject({ total: 2, limit: 1, offset: 0 });
      expect(page2).toMatchObject({ total: 2, limit: 1, offset: 1 });
      expect([page1.items[0]?.id, page2.items[0]?.id]).toEqual([loans.requested.id, loans.requested2.id]);
      expectError(await librarian.client.get('/api/admin/loans?queue=nope'), 422, 'VALIDATION_FAILED');
      expectError(await librarian.client.get('/api/admin/loans?limit=101'), 422, 'VALIDATION_FAILED');

      // Bulk approval: each on its own.
      ok(await desk('approve', loans.requested.id));
      const bulk = ok(
        await librarian.client.post('/api/admin/loans/bulk', {
          action: 'approve',
          ids: [loans.requested.id, loans.requested2.id, loans.approved.id],
        }),
      );
      expect(bulk.results).toEqual([
        { id: loans.requested.id, ok: false, code: 'WRONG_STATE', status: null },
        { id: loans.requested2.id, ok: true, code: null, status: 'approved' },
        { id: loans.approved.id, ok: false, code: 'WRONG_STATE', status: null },
      ]);
      const shipAll = ok(
        await librarian.client.post('/api/admin/loans/bulk', {
          action: 'ship',
          ids: [loans.requested.id, loans.requested2.id, loans.approved.id, UNKNOWN_ID],
        }),
      );
      expect(shipAll.results.map((result: { ok: boolean; code: string | null }) => result.code)).toEqual([
        null,
        null,
        null,
        'NOT_FOUND',
      ]);
      expect(await inQueue('in_transit')).toHaveLength(4);
    });

    it('bulk-approves three requests where one is already approved: two ok, one WRONG_STATE', async () => {
      const readers = await patrons(3);
      const shelf = await Promise.all([1, 2, 3].map((n) => makeBook(`Bulk ${n} ${tag}`, 1)));
      const loans = await Promise.all(readers.map((reader, n) => requested(reader, shelf[n]?.id as string)));
      const ids = loans.map((loan) => loan.id);
      ok(await desk('approve', ids[1] as string));
      const bulk = ok(await librarian.client.post('/api/admin/loans/bulk', { action: 'approve', ids }));
      expect(bulk.results.map((result: { ok: boolean; code: string | null }) => [result.ok, result.code])).toEqual([
        [true, null],
        [false, 'WRONG_STATE'],
        [true, null],
      ]);
      const rows = await db.select().from(checkouts).where(inArray(checkouts.id, ids));
      expect(rows.every((row) => row.status === 'approved')).toBe(true);
      // One approval notification each, not two for the one approved twice.
      const second = readers[1] as TestAccount;
      const approvals = (await notificationRows(second.id)).filter((row) => row.eventType === 'book_request_approved');
      expect(approvals).toHaveLength(1);
    });
  });

  it('lets librarians read the settings and admins change them: the next delivery uses the new period', async () => {
    const settings = ok(await librarian.client.get('/api/admin/lending-settings'));
    expect(settings).toMatchObject({ loan_period_days: 21, default_borrowing_limit: 3, return_address: null });
    const changed = { ...settings, loan_period_days: 7 };
    expectError(await librarian.client.put('/api/admin/lending-settings', changed), 403, 'FORBIDDEN');
    expect(ok(await admin.client.put('/api/admin/lending-settings', changed))).toEqual(changed);
    try {
      const reader = await patron();
      const loan = await loanIn(reader, (await makeBook(`Period ${tag}`, 1)).id, 'shipped');
      const delivered = ok(await desk('deliver', loan.id));
      expect(Date.parse(delivered.due_date) - Date.parse(delivered.delivered_at)).toBe(7 * DAY_MS);
    } finally {
      ok(await admin.client.put('/api/admin/lending-settings', { ...changed, loan_period_days: 21 }));
    }
  });

  describe('races', () => {
    it('twenty readers ask for the last copy at once: one gets it, nineteen are told no copy is free', async () => {
      const readers = await patrons(20);
      const book = await makeBook(`Race ${tag}`, 1);
      const answers = await Promise.all(readers.map((reader) => request(reader, book.id)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(19);
      for (const answer of refused) expectError(answer, 409, 'NO_COPY_AVAILABLE');
      const rows = await db.select().from(checkouts).where(eq(checkouts.bookId, book.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('requested');
      expect(rows[0]?.copyId).toBe(book.copyIds[0]);
      expect((await copyRow(book.copyIds[0] as string))?.status).toBe('reserved');
      expect(await bookRow(book.id)).toMatchObject({ total: 1, available: 0 });
    }, 120_000);

    it('one reader with a limit of 3 sends ten requests at once: exactly three pass', async () => {
      const reader = await patron();
      const shelf = await Promise.all(Array.from({ length: 10 }, (_, n) => makeBook(`Burst ${n} ${tag}`, 1)));
      const answers = await Promise.all(shelf.map((book) => request(reader, book.id)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      for (const answer of answers.filter((one) => one.status !== 201)) {
        expect(expectError(answer, 409, 'BORROWING_LIMIT_REACHED').details).toEqual({ limit: 3 });
      }
      expect(await loanRowsOf(reader.id)).toHaveLength(3);
      const held = await db
        .select({ n: count() })
        .from(bookCopies)
        .where(
          and(
            inArray(
              bookCopies.bookId,
              shelf.map((book) => book.id),
            ),
            eq(bookCopies.status, 'reserved'),
          ),
        );
      expect(held[0]?.n).toBe(3);
    }, 60_000);

    it('twenty approvals of one request at once: one is approved, the rest are WRONG_STATE', async () => {
      const reader = await patron();
      const book = await makeBook(`Approvals ${tag}`, 1);
      const loan = await requested(reader, book.id);
      const answers = await Promise.all(Array.from({ length: 20 }, () => desk('approve', loan.id)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200)) expectError(answer, 409, 'WRONG_STATE');
      expect(await eventCount(loan.id)).toBe(2);
      expect((await outboxOf(reader.email)).filter((mail) => mail.template === 'loan_approved')).toHaveLength(1);
      expect(
        (await notificationRows(reader.id)).filter((row) => row.eventType === 'book_request_approved'),
      ).toHaveLength(1);
    }, 60_000);
  });
});
