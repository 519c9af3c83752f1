/**
 * Lending part 2 through HTTP (ADR 0015): renewals within the library's rules and their refusals,
 * an overdue loan blocking requests and renewals, the desk's override and due-date change, twenty
 * renewals of one loan at once, the lending rules validated, audited and applied at once, and the
 * notices job on an injected clock — reminder, first notice on the day after the due date, repeats,
 * final notice, nothing twice (a run that fails half-way sends nothing; runs at once send once).
 */
import crypto from 'node:crypto';
import { DEFAULT_LOAN_PERIOD_DAYS } from '@maktaba/shared/lending';
import { DeskLoanSchema, LendingSettingsSchema, LoanSchema } from '@maktaba/shared/schemas/loans';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { adminAuditLog, checkouts, emailOutbox, loanEvents, userNotifications } from '../src/db/schema/index.js';
import type { LendingContext } from '../src/modules/lending/lending.service.js';
import { runLendingNotices } from '../src/modules/lending/lending-notices.js';
import { expectError } from './api-client.js';
import { accountAs, describeEachDriver, type TestAccount, useTestServer } from './helpers.js';
import { makeBook, ok, walkLoan } from './lending-fixtures.js';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);

describeEachDriver('renewals, due dates and notices over HTTP', (driver) => {
  const server = useTestServer(driver, { env: { TRUST_PROXY_HOPS: '1', DEMO_CATALOGUE: 'false' } });
  let db: Database;
  let admin: TestAccount;
  let librarian: TestAccount;
  let defaults: Record<string, unknown>;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;

  const patron = () => accountAs(server, 'patron', { name: `Renewer ${++n} ${tag}` });
  const book = (copies = 1) => makeBook(db, `Renewals ${++n} ${tag}`, copies, { titleAr: `تجديد ${n} ${tag}` });
  const onLoan = async (reader: TestAccount, locale?: 'en' | 'ar') =>
    walkLoan(reader, librarian, (await book()).id, 'on_loan', locale);
  const loanRow = async (id: string) => (await db.select().from(checkouts).where(eq(checkouts.id, id)))[0];
  const setDue = (id: string, due: Date) => db.update(checkouts).set({ dueDate: due }).where(eq(checkouts.id, id));
  const renew = (who: TestAccount, id: string) => who.client.post(`/api/loans/${id}/renew`, {});
  const deskRenew = (id: string, body: Record<string, unknown>) =>
    librarian.client.post(`/api/admin/loans/${id}/renew`, body);
  const settings = async (changes: Record<string, unknown>) =>
    ok(await admin.client.put('/api/admin/lending-settings', { ...defaults, ...changes }));
  const events = (loanId: string, action: string) =>
    db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.action, action)));
  const notes = (userId: string) =>
    db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, userId))
      .orderBy(desc(userNotifications.createdAt));
  const mails = (to: string, template: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));
  const job = (): LendingContext => ({ db, wakeMailer: () => {}, publicUrl: 'http://library.test' });

  beforeAll(async () => {
    db = server.db;
    [admin, librarian] = await Promise.all([accountAs(server, 'admin'), accountAs(server, 'librarian')]);
    defaults = LendingSettingsSchema.parse(ok(await admin.client.get('/api/admin/lending-settings')));
  });
  afterEach(async () => {
    ok(await admin.client.put('/api/admin/lending-settings', defaults));
  });

  it('has the documented defaults', () => {
    expect(defaults).toMatchObject({
      loan_period_days: DEFAULT_LOAN_PERIOD_DAYS,
      renewals_max: 2,
      renewal_grace_days: 3,
      reminder_days_before: 3,
      overdue_interval_days: 7,
      overdue_notices_max: 3,
      overdue_blocks_borrowing: true,
    });
  });

  describe('a reader’s renewal', () => {
    it('adds a loan period each time, up to the limit; then says why, changing nothing', async () => {
      const reader = await patron();
      const loan = await onLoan(reader);
      const due = (await loanRow(loan.id))?.dueDate as Date;

      const first = LoanSchema.parse(ok(await renew(reader, loan.id)));
      expect(first).toMatchObject({ status: 'on_loan', renewal_count: 1, renewals_max: 2, renew_blocked_by: null });
      expect(new Date(first.due_date as string).getTime()).toBe(due.getTime() + DEFAULT_LOAN_PERIOD_DAYS * DAY_MS);
      const second = LoanSchema.parse(ok(await renew(reader, loan.id)));
      expect(second).toMatchObject({ renewal_count: 2, renew_blocked_by: 'RENEWAL_LIMIT_REACHED' });

      const refused = expectError(await renew(reader, loan.id), 409, 'RENEWAL_LIMIT_REACHED');
      expect(refused.details).toEqual({ renewals: 2, renewals_max: 2 });
      expect((await loanRow(loan.id))?.renewalCount).toBe(2);
      expect(await events(loan.id, 'renew')).toHaveLength(2);
      // Another reader never reaches it; the reader's own renewal sends them no notification.
      expectError(await renew(await patron(), loan.id), 404, 'NOT_FOUND');
      expect((await notes(reader.id)).map((note) => note.title)).not.toContain('Loan renewed');
    });

    it('is refused while another loan is overdue, and after the grace period; both are library settings', async () => {
      const reader = await patron();
      const late = await onLoan(reader);
      const current = await onLoan(reader);
      await setDue(late.id, new Date(Date.now() - 10 * DAY_MS));
      const third = await book();

      expectError(await renew(reader, current.id), 409, 'OVERDUE_LOANS');
      expectError(await renew(reader, late.id), 409, 'RENEWAL_TOO_LATE');
      expect(ok(await reader.client.get(`/api/loans/for-book/${third.id}`))).toMatchObject({
        blocked_by: 'OVERDUE_LOANS',
      });
      expectError(await reader.client.post('/api/loans', { book_id: third.id }), 409, 'OVERDUE_LOANS');
      expect(ok(await reader.client.get(`/api/loans/${current.id}`))).toMatchObject({
        renew_blocked_by: 'OVERDUE_LOANS',
      });

      // The library relaxes both rules: they apply at once, no restart.
      await settings({ overdue_blocks_borrowing: false, renewal_grace_days: 30 });
      ok(await renew(reader, current.id));
      const renewedLate = LoanSchema.parse(ok(await renew(reader, late.id)));
      // Renewed past its due date: a full period from now, not from the old date.
      expect(new Date(renewedLate.due_date as string).getTime()).toBeGreaterThan(
        Date.now() + (DEFAULT_LOAN_PERIOD_DAYS - 1) * DAY_MS,
      );
      ok(await reader.client.post('/api/loans', { book_id: third.id }), 201);
    });

    it('twenty renewals of one loan at once: the last one allowed is granted once', async () => {
      await settings({ renewals_max: 1 });
      const reader = await patron();
      const loan = await onLoan(reader);
      const answers = await Promise.all(Array.from({ length: 20 }, () => renew(reader, loan.id)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expectError(answer, 409, 'RENEWAL_LIMIT_REACHED');
      }
      expect((await loanRow(loan.id))?.renewalCount).toBe(1);
      expect(await events(loan.id, 'renew')).toHaveLength(1);
    });
  });

  describe('the desk', () => {
    it('renews past the rules only with a note, and the reader is told', async () => {
      await settings({ renewals_max: 0 });
      const reader = await patron();
      const loan = await onLoan(reader);
      expectError(await deskRenew(loan.id, {}), 409, 'RENEWAL_LIMIT_REACHED');
      const noNote = expectError(await deskRenew(loan.id, { override: true }), 422, 'VALIDATION_FAILED');
      expect(JSON.stringify(noNote.details)).toContain('note');
      expectError(await reader.client.post(`/api/admin/loans/${loan.id}/renew`, {}), 403, 'FORBIDDEN');

      const renewed = DeskLoanSchema.parse(
        ok(await deskRenew(loan.id, { override: true, note: 'Parcel held at customs' })),
      );
      expect(renewed).toMatchObject({ renewal_count: 1, renew_blocked_by: 'RENEWAL_LIMIT_REACHED' });
      expect((await events(loan.id, 'renew'))[0]).toMatchObject({
        note: 'Parcel held at customs',
        actorId: librarian.id,
      });
      const [told] = await notes(reader.id);
      expect(told).toMatchObject({ title: 'Loan renewed', type: 'success', link: '/myimam' });
    });

    it('moves a due date with a note, for a loan on loan only; the reader is told in their language', async () => {
      const reader = await patron();
      const loan = await onLoan(reader, 'ar');
      const moved = DeskLoanSchema.parse(
        ok(
          await librarian.client.post(`/api/admin/loans/${loan.id}/due-date`, {
            due_date: '2030-01-15',
            note: 'Reader asked for longer',
          }),
        ),
      );
      expect(moved.due_date).toBe('2030-01-15T23:59:59.000Z');
      expect((await events(loan.id, 'change_due_date'))[0]).toMatchObject({ note: 'Reader asked for longer' });
      const [told] = await notes(reader.id);
      expect(told?.title).toBe('تغيّر موعد الإعادة');
      expect(told?.message).toContain('2030');

      for (const body of [
        { due_date: '2030-02-30', note: 'x' },
        { due_date: '2030-01-15', note: '' },
        { due_date: 'tomorrow', note: 'x' },
      ]) {
        expectError(
          await librarian.client.post(`/api/admin/loans/${loan.id}/due-date`, body),
          422,
          'VALIDATION_FAILED',
        );
      }
      const requested = await walkLoan(reader, librarian, (await book()).id, 'requested');
      expectError(
        await librarian.client.post(`/api/admin/loans/${requested.id}/due-date`, { due_date: '2030-01-15', note: 'x' }),
        409,
        'WRONG_STATE',
      );
      expectError(
        await reader.client.post(`/api/admin/loans/${loan.id}/due-date`, { due_date: '2030-01-15', note: 'x' }),
        403,
        'FORBIDDEN',
      );
    });
  });

  describe('the lending rules', () => {
    it('are validated, changed by admins only, audited with before and after', async () => {
      for (const bad of [
        { renewals_max: 21 },
        { overdue_interval_days: 0 },
        { overdue_notices_max: 11 },
        { renewal_grace_days: -1 },
        { overdue_blocks_borrowing: 'yes' },
      ]) {
        expectError(
          await admin.client.put('/api/admin/lending-settings', { ...defaults, ...bad }),
          422,
          'VALIDATION_FAILED',
        );
      }
      expectError(
        await librarian.client.put('/api/admin/lending-settings', { ...defaults, renewals_max: 5 }),
        403,
        'FORBIDDEN',
      );
      expect(ok(await admin.client.get('/api/admin/lending-settings'))).toEqual(defaults);

      const before = new Date();
      await settings({ renewals_max: 5, reminder_days_before: 0 });
      const [entry] = await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.actionType, 'update_lending_settings'), eq(adminAuditLog.actorId, admin.id)))
        .orderBy(desc(adminAuditLog.createdAt))
        .limit(1);
      expect(entry?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(entry).toMatchObject({
        targetType: 'settings',
        changes: { renewals_max: 5, reminder_days_before: 0 },
        metadata: { previous: { renewals_max: 2, reminder_days_before: 3 } },
      });
      // Saving the same values again records nothing.
      const entries = async () =>
        (await db.select().from(adminAuditLog).where(eq(adminAuditLog.actionType, 'update_lending_settings'))).length;
      const had = await entries();
      await settings({ renewals_max: 5, reminder_days_before: 0 });
      expect(await entries()).toBe(had);
    });

    it('let admins run the notices now; nobody else', async () => {
      expectError(await librarian.client.post('/api/admin/lending-jobs/notices/run', {}), 403, 'FORBIDDEN');
      expect(ok(await admin.client.post('/api/admin/lending-jobs/notices/run', {}))).toEqual({
        reminders: expect.any(Number),
        overdue_notices: expect.any(Number),
        expired_offers: expect.any(Number),
      });
    });
  });

  describe('the notices job (its clock injected: far from the real one, which the server’s own runs use)', () => {
    // The loans of the tests before would be overdue on this clock: each test here sees only its own.
    beforeEach(async () => {
      await db
        .update(checkouts)
        .set({ dueDate: at('2100-01-01T00:00:00Z') })
        .where(eq(checkouts.status, 'on_loan'));
    });

    it('reminds before the due date, then notices from the day after, at the interval, up to a final one', async () => {
      const reader = await patron();
      const loan = await onLoan(reader);
      await setDue(loan.id, at('2040-01-12T10:00:00Z'));
      const run = async (iso: string) => runLendingNotices(job(), at(iso));

      expect(await run('2040-01-08T12:00:00Z')).toMatchObject({ reminders: 0 });
      expect(await run('2040-01-10T12:00:00Z')).toMatchObject({ reminders: 1 });
      expect(await run('2040-01-10T12:05:00Z')).toMatchObject({ reminders: 0 });
      const [reminder] = await notes(reader.id);
      expect(reminder).toMatchObject({ title: 'A book is due soon', type: 'info', link: '/myimam' });
      expect(await mails(reader.email, 'loan_due_soon')).toHaveLength(1);
      expect(await events(loan.id, 'due_reminder')).toHaveLength(1);

      // Past the due time but still its day: not yet.
      expect(await run('2040-01-12T20:00:00Z')).toMatchObject({ overdue_notices: 0 });
      expect(await run('2040-01-13T00:30:00Z')).toMatchObject({ overdue_notices: 1 });
      const [first] = await notes(reader.id);
      expect(first).toMatchObject({ title: 'Overdue book', type: 'warning', eventType: 'checkout_overdue' });
      expect(await run('2040-01-13T05:00:00Z')).toMatchObject({ overdue_notices: 0 });
      expect(await run('2040-01-20T00:29:00Z')).toMatchObject({ overdue_notices: 0 });
      expect(await run('2040-01-20T00:31:00Z')).toMatchObject({ overdue_notices: 1 });
      expect(await run('2040-01-27T01:00:00Z')).toMatchObject({ overdue_notices: 1 });
      const [final] = await notes(reader.id);
      expect(final).toMatchObject({ title: 'Final notice: overdue book', eventType: 'checkout_overdue' });
      expect(await run('2040-03-01T00:00:00Z')).toMatchObject({ overdue_notices: 0 });

      const overdueMail = await mails(reader.email, 'loan_overdue');
      expect(overdueMail).toHaveLength(3);
      expect(overdueMail.filter((mail) => mail.subject.startsWith('Final notice'))).toHaveLength(1);
      expect((await events(loan.id, 'overdue_notice')).map((event) => event.note).sort()).toEqual([
        '1/3',
        '2/3',
        '3/3',
      ]);
      const deskView = DeskLoanSchema.parse(ok(await librarian.client.get(`/api/admin/loans/${loan.id}`)));
      expect(deskView).toMatchObject({ overdue_notices: 3, last_notice_at: '2040-01-27T01:00:00.000Z' });

      // A new due date (the desk renews it) starts a new round.
      ok(await deskRenew(loan.id, { override: true, note: 'Lost in the post, resent' }));
      expect(await loanRow(loan.id)).toMatchObject({ overdueNoticeCount: 0, reminderSentAt: null });
    });

    it('sends nothing from a run that fails half-way, and each notice once when runs overlap', async () => {
      const readers = await Promise.all([patron(), patron(), patron()]);
      const loans = (await Promise.all(readers.flatMap((reader) => [onLoan(reader), onLoan(reader)]))).map(
        (loan) => loan.id,
      );
      await db
        .update(checkouts)
        .set({ dueDate: at('2041-05-01T09:00:00Z') })
        .where(inArray(checkouts.id, loans));
      const now = at('2041-05-03T09:00:00Z');
      const overdueNotes = async () =>
        (
          await db
            .select()
            .from(userNotifications)
            .where(
              and(
                inArray(
                  userNotifications.userId,
                  readers.map((reader) => reader.id),
                ),
                eq(userNotifications.eventType, 'checkout_overdue'),
              ),
            )
        ).length;

      // A run whose transaction fails after taking its loans (the server dies, the database
      // refuses): everything it took is given back.
      const failing: LendingContext = {
        ...job(),
        db: new Proxy(db, {
          get(target, key, receiver) {
            if (key !== 'transaction') return Reflect.get(target, key, receiver);
            return (fn: (tx: unknown) => Promise<unknown>) =>
              target.transaction(async (tx) => {
                await fn(tx);
                throw new Error('the server stopped half-way');
              });
          },
        }) as Database,
      };
      await expect(runLendingNotices(failing, now)).rejects.toThrow('the server stopped half-way');
      expect(await overdueNotes()).toBe(0);
      expect(
        (await db.select().from(checkouts).where(inArray(checkouts.id, loans))).every(
          (row) => row.overdueNoticeCount === 0,
        ),
      ).toBe(true);

      const runs = await Promise.all(Array.from({ length: 4 }, () => runLendingNotices(job(), now)));
      expect(runs.reduce((sum, run) => sum + run.overdue_notices, 0)).toBe(6);
      expect(await overdueNotes()).toBe(6);
      const noticeEvents = await db
        .select()
        .from(loanEvents)
        .where(and(inArray(loanEvents.loanId, loans), eq(loanEvents.action, 'overdue_notice')));
      expect(noticeEvents).toHaveLength(6);
      expect(new Set(noticeEvents.map((event) => event.loanId)).size).toBe(6);
    });
  });
});
