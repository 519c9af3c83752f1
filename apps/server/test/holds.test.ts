/**
 * Waiting lists through HTTP (ADR 0016): joining with a place and an estimate, the refusals, a
 * returned copy turned into the first reader's request with a window to confirm, confirming,
 * declining and expiry moving the copy down the line, renewals refused while others wait, the
 * desk's queue (order, removal with a reason), and races: twenty readers joining at once get
 * twenty places; five copies coming back at once go to the first five readers, one each.
 */
import crypto from 'node:crypto';
import { DeskHoldListSchema, HoldListSchema, HoldSchema, LoanSchema } from '@maktaba/shared/schemas/loans';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { bookCopies, checkouts, emailOutbox, holds, loanEvents, userNotifications } from '../src/db/schema/index.js';
import { runLendingNotices } from '../src/modules/lending/lending-notices.js';
import { expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok, walkLoan } from './lending-fixtures.js';

const DAY_MS = 86_400_000;

describeEachDriver('waiting lists over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let defaults: Record<string, unknown>;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;

  const patron = () => accountAs(server, 'patron', { name: `Waiting ${++n} ${tag}` });
  const patrons = (count: number) => Promise.all(Array.from({ length: count }, () => patron()));
  const book = (copies: number) => makeBook(db, `Queue ${++n} ${tag}`, copies);
  const join = (who: TestAccount, bookId: string) => who.client.post('/api/holds', { book_id: bookId });
  const joined = async (who: TestAccount, bookId: string) => HoldSchema.parse(ok(await join(who, bookId), 201));
  const myHolds = async (who: TestAccount) => HoldListSchema.parse(ok(await who.client.get('/api/holds'))).items;
  const holdRow = async (id: string) => (await db.select().from(holds).where(eq(holds.id, id)))[0];
  const loanRow = async (id: string) => (await db.select().from(checkouts).where(eq(checkouts.id, id)))[0];
  const receive = (loanId: string) =>
    librarian.client.post(`/api/admin/loans/${loanId}/receive`, { condition: 'good' });
  const queue = async (bookId: string) =>
    DeskHoldListSchema.parse(ok(await librarian.client.get(`/api/admin/books/${bookId}/holds`))).items;
  /** A book whose only copies are all on loan, and those loans. */
  async function bookAllOut(copies = 1) {
    const shelf = await book(copies);
    const loans = [];
    for (let i = 0; i < copies; i++) loans.push(await walkLoan(await patron(), librarian, shelf.id, 'on_loan'));
    return { ...shelf, loans };
  }

  beforeAll(async () => {
    db = server.db;
    [admin, librarian] = await Promise.all([accountAs(server, 'admin'), accountAs(server, 'librarian')]);
    defaults = ok(await admin.client.get('/api/admin/lending-settings')) as Record<string, unknown>;
  });
  afterEach(async () => {
    ok(await admin.client.put('/api/admin/lending-settings', defaults));
  });

  it('joins a waiting list with a place and an estimate; the refusals say why', async () => {
    expect(defaults).toMatchObject({ holds_per_reader: 5, pickup_window_days: 3, holds_auto_approve: false });
    const shelf = await bookAllOut();
    const due = (await loanRow(shelf.loans[0]?.id as string))?.dueDate as Date;
    const [first, second] = await patrons(2);
    if (!first || !second) throw new Error('no readers');

    const mine = await joined(first, shelf.id);
    expect(mine).toMatchObject({ status: 'waiting', position: 1, queue_length: 1, book: { id: shelf.id } });
    // The copy is due back in 21 days: the first reader's estimate; the second waits a loan period more.
    expect(mine.estimated_days).toBe(Math.ceil((due.getTime() - Date.now()) / DAY_MS));
    const theirs = await joined(second, shelf.id);
    expect(theirs).toMatchObject({ position: 2, queue_length: 2 });
    expect(theirs.estimated_days).toBe((mine.estimated_days as number) + 21);
    expect(ok(await first.client.get(`/api/loans/for-book/${shelf.id}`))).toMatchObject({
      hold: { id: mine.id, position: 1 },
      waiting: 2,
      hold_blocked_by: 'ALREADY_ON_WAITING_LIST',
      blocked_by: 'NO_COPY_AVAILABLE',
    });

    expectError(await join(first, shelf.id), 409, 'ALREADY_ON_WAITING_LIST');
    const free = await book(1);
    expectError(await join(first, free.id), 409, 'COPY_AVAILABLE');
    expectError(
      await join(shelf.loans[0] ? await patron() : first, '00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    await admin.client.put('/api/admin/lending-settings', { ...defaults, holds_per_reader: 1 });
    const other = await bookAllOut();
    const limited = expectError(await join(first, other.id), 409, 'HOLD_LIMIT_REACHED');
    expect(limited.details).toEqual({ limit: 1 });

    // Leaving moves the next reader up.
    expect((await first.client.delete(`/api/holds/${mine.id}`)).status).toBe(204);
    expect((await myHolds(second))[0]).toMatchObject({ id: theirs.id, position: 1, queue_length: 1 });
    expect(await myHolds(first)).toEqual([]);
    expectError(await second.client.delete(`/api/holds/${mine.id}`), 404, 'NOT_FOUND');
  });

  it('gives a returned copy to the first in line, who confirms; the desk waits for the confirmation', async () => {
    const shelf = await bookAllOut();
    const [first, second] = await patrons(2);
    if (!first || !second) throw new Error('no readers');
    const firstHold = await joined(first, shelf.id);
    await joined(second, shelf.id);
    // Others wait: the loan out cannot be renewed.
    const holder = shelf.loans[0] as { id: string };
    expect((await db.select().from(checkouts).where(eq(checkouts.id, holder.id)))[0]?.status).toBe('on_loan');

    ok(await receive(holder.id));
    const [offered] = await myHolds(first);
    expect(offered).toMatchObject({ id: firstHold.id, status: 'offered', position: null });
    const loan = LoanSchema.parse(ok(await first.client.get(`/api/loans/${offered?.loan_id}`)));
    expect(loan).toMatchObject({ status: 'requested', confirmed_at: null, copy: { id: shelf.copyIds[0] } });
    const window = new Date(loan.confirm_by as string).getTime() - Date.now();
    expect(window).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(window).toBeLessThanOrEqual(3 * DAY_MS);
    expect(
      (
        await db
          .select()
          .from(bookCopies)
          .where(eq(bookCopies.id, shelf.copyIds[0] as string))
      )[0]?.status,
    ).toBe('reserved');
    const [note] = await db.select().from(userNotifications).where(eq(userNotifications.userId, first.id));
    expect(note).toMatchObject({ title: 'A book you waited for is yours', type: 'success', link: '/myimam' });
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, first.email), eq(emailOutbox.template, 'hold_available'))),
    ).toHaveLength(1);
    expect((await myHolds(second))[0]).toMatchObject({ status: 'waiting', position: 1 });

    expectError(await librarian.client.post(`/api/admin/loans/${loan.id}/approve`, {}), 409, 'AWAITING_CONFIRMATION');
    expectError(await second.client.post(`/api/loans/${loan.id}/confirm`), 404, 'NOT_FOUND');
    const confirmed = LoanSchema.parse(ok(await first.client.post(`/api/loans/${loan.id}/confirm`)));
    expect(confirmed.confirmed_at).not.toBeNull();
    expectError(await first.client.post(`/api/loans/${loan.id}/confirm`), 409, 'WRONG_STATE');
    expect((await holdRow(firstHold.id))?.status).toBe('fulfilled');
    ok(await librarian.client.post(`/api/admin/loans/${loan.id}/approve`, {}));
  });

  it('refuses a renewal while others wait', async () => {
    const shelf = await bookAllOut();
    const holder = shelf.loans[0] as { id: string };
    await joined(await patron(), shelf.id);
    const owner = await db.select().from(checkouts).where(eq(checkouts.id, holder.id));
    expect(owner[0]?.renewalCount).toBe(0);
    const [loanOwner] = await db
      .select({ userId: checkouts.userId })
      .from(checkouts)
      .where(eq(checkouts.id, holder.id));
    expect(loanOwner).toBeDefined();
    expectError(await librarian.client.post(`/api/admin/loans/${holder.id}/renew`, {}), 409, 'WAITING_LIST');
  });

  it('moves the copy down the line when the reader declines or lets the window pass', async () => {
    const shelf = await bookAllOut();
    const [first, second, third] = await patrons(3);
    if (!first || !second || !third) throw new Error('no readers');
    const firstHold = await joined(first, shelf.id);
    const secondHold = await joined(second, shelf.id);
    const thirdHold = await joined(third, shelf.id);
    ok(await receive((shelf.loans[0] as { id: string }).id));

    // The first declines: the second is offered the same copy at once.
    expect((await first.client.delete(`/api/holds/${firstHold.id}`)).status).toBe(204);
    expect((await holdRow(firstHold.id))?.status).toBe('cancelled');
    const secondOffer = await holdRow(secondHold.id);
    expect(secondOffer?.status).toBe('offered');
    const secondLoan = await loanRow(secondOffer?.loanId as string);
    expect(secondLoan?.copyId).toBe(shelf.copyIds[0]);

    // The second lets the window pass: the job expires the offer and the third gets the copy.
    if (!secondLoan?.confirmBy) throw new Error('no window to confirm');
    const later = new Date(secondLoan.confirmBy.getTime() + 60_000);
    const run = await runLendingNotices({ db, wakeMailer: () => {}, publicUrl: 'http://library.test' }, later);
    expect(run.expired_offers).toBeGreaterThanOrEqual(1);
    expect((await holdRow(secondHold.id))?.status).toBe('expired');
    expect((await loanRow(secondLoan?.id as string))?.status).toBe('cancelled');
    expect(
      (
        await db
          .select()
          .from(loanEvents)
          .where(eq(loanEvents.loanId, secondLoan?.id as string))
      ).map((e) => e.action),
    ).toContain('expire');
    const thirdOffer = await holdRow(thirdHold.id);
    expect(thirdOffer?.status).toBe('offered');
    expect((await loanRow(thirdOffer?.loanId as string))?.copyId).toBe(shelf.copyIds[0]);
  });

  it('offers a copy the desk adds, or marks available again, to the first in line', async () => {
    const shelf = await bookAllOut();
    const [first, second] = await patrons(2);
    if (!first || !second) throw new Error('no readers');
    const firstHold = await joined(first, shelf.id);
    const secondHold = await joined(second, shelf.id);
    const created = ok(await admin.client.post(`/api/admin/books/${shelf.id}/copies`, { count: 1 }), 201) as {
      items: { id: string; status: string }[];
    };
    const added = created.items[0];
    expect(added?.status).toBe('reserved');
    expect((await holdRow(firstHold.id))?.status).toBe('offered');
    // A damaged copy mended: the next reader gets it.
    await db
      .update(bookCopies)
      .set({ status: 'damaged' })
      .where(eq(bookCopies.id, shelf.copyIds[0] as string));
    await db
      .update(checkouts)
      .set({ status: 'returned' })
      .where(eq(checkouts.id, (shelf.loans[0] as { id: string }).id));
    ok(await admin.client.patch(`/api/admin/copies/${shelf.copyIds[0]}`, { status: 'available' }));
    expect((await holdRow(secondHold.id))?.status).toBe('offered');
  });

  it('lets the desk see, reorder and remove holds (the reader is told why); readers cannot', async () => {
    const shelf = await bookAllOut();
    const readers = await patrons(3);
    const placed = [];
    for (const reader of readers) placed.push(await joined(reader, shelf.id));
    expect((await queue(shelf.id)).map((hold) => hold.id)).toEqual(placed.map((hold) => hold.id));

    const reversed = [...placed].reverse().map((hold) => hold.id);
    const ordered = DeskHoldListSchema.parse(
      ok(await librarian.client.put(`/api/admin/books/${shelf.id}/holds/order`, { ids: reversed })),
    ).items;
    expect(ordered.map((hold) => [hold.id, hold.position])).toEqual(reversed.map((id, index) => [id, index + 1]));
    expectError(
      await librarian.client.put(`/api/admin/books/${shelf.id}/holds/order`, { ids: reversed.slice(1) }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await (readers[0] as TestAccount).client.put(`/api/admin/books/${shelf.id}/holds/order`, { ids: reversed }),
      403,
      'FORBIDDEN',
    );

    const removed = placed[1] as { id: string };
    expectError(
      await librarian.client.post(`/api/admin/holds/${removed.id}/remove`, { reason: '' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(
      (await librarian.client.post(`/api/admin/holds/${removed.id}/remove`, { reason: 'Duplicate account' })).status,
    ).toBe(204);
    expect(await holdRow(removed.id)).toMatchObject({ status: 'cancelled', reason: 'Duplicate account' });
    const [told] = await db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, (readers[1] as TestAccount).id));
    expect(told?.message).toContain('Duplicate account');
    expect((await queue(shelf.id)).map((hold) => hold.id)).toEqual([placed[2]?.id, placed[0]?.id]);
  });

  describe('races', () => {
    it('twenty readers join at once: twenty places, one each, in order', async () => {
      const shelf = await bookAllOut();
      const readers = await patrons(20);
      const answers = await Promise.all(readers.map((reader) => join(reader, shelf.id)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
      const positions = (await queue(shelf.id)).map((hold) => hold.position);
      expect(positions).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    });

    it('five copies back at once go to the first five in line, one copy each', async () => {
      const shelf = await bookAllOut(5);
      const readers = await patrons(8);
      const placed = [];
      for (const reader of readers) placed.push(await joined(reader, shelf.id));
      const answers = await Promise.all(shelf.loans.map((loan) => receive(loan.id)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      const rows = await db
        .select()
        .from(holds)
        .where(
          inArray(
            holds.id,
            placed.map((hold) => hold.id),
          ),
        );
      const offered = rows.filter((row) => row.status === 'offered');
      expect(offered.map((row) => row.id).sort()).toEqual(
        placed
          .slice(0, 5)
          .map((hold) => hold.id)
          .sort(),
      );
      const offerLoans = await db
        .select()
        .from(checkouts)
        .where(
          inArray(
            checkouts.id,
            offered.map((row) => row.loanId as string),
          ),
        );
      expect(new Set(offerLoans.map((loan) => loan.copyId)).size).toBe(5);
      expect(offerLoans.every((loan) => shelf.copyIds.includes(loan.copyId as string))).toBe(true);
      expect(rows.filter((row) => row.status === 'waiting')).toHaveLength(3);
    });
  });
});
