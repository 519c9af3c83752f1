/**
 * The lending service's rules on fake repositories (the real ones are exercised over HTTP in
 * test/lending.test.ts): the order of a request's refusals, a reader's door that never reaches
 * another reader's loan, and what deny, deliver and receive write.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LendingContext } from './lending.service.js';

type Copy = { id: string; bookId: string; status: string; barcode: string; conditionNote: string | null };
type Loan = Record<string, unknown> & {
  id: string;
  userId: string;
  bookId: string;
  status: string;
  copyId: string | null;
};

/** The fake library: what the fake repository reads and writes. */
const state = vi.hoisted(() => ({
  readers: new Map<string, Record<string, unknown>>(),
  books: new Map<string, { id: string; status: string; copiesTotal: number; copiesAvailable: number }>(),
  copies: new Map<string, Copy>(),
  loans: new Map<string, Loan>(),
  events: [] as Array<Record<string, unknown>>,
  settings: undefined as Record<string, unknown> | undefined,
  calls: [] as string[],
}));

vi.mock('./lending.repository.js', () => {
  const log =
    <A extends unknown[], R>(name: string, fn: (...args: A) => R) =>
    (...args: A) => {
      state.calls.push(name);
      return fn(...args);
    };
  const OPEN = ['requested', 'approved', 'shipped', 'on_loan'];
  const ACTIVE = [...OPEN, 'return_shipped'];
  const joined = (loan: Loan | undefined) =>
    loan && {
      ...loan,
      titleEn: 'The Book',
      titleAr: null,
      coverKey: null,
      authors: [],
      barcode: loan.copyId ? (state.copies.get(loan.copyId)?.barcode ?? null) : null,
      patronName: 'Reader',
      patronEmail: String(state.readers.get(loan.userId)?.email ?? ''),
      patronPhone: null,
    };
  return {
    CURRENT_STATUSES: ACTIVE,
    lockReader: log('lockReader', async (_db: unknown, id: string) => state.readers.get(id)),
    findReader: log('findReader', async (_db: unknown, id: string) => state.readers.get(id)),
    findBook: log('findBook', async (_db: unknown, id: string) => state.books.get(id)),
    findBookTitles: log('findBookTitles', async () => ({ titleEn: 'The Book', titleAr: 'الكتاب' })),
    findActiveLoanId: log(
      'findActiveLoanId',
      async (_db: unknown, userId: string, bookId: string) =>
        [...state.loans.values()].find(
          (loan) => loan.userId === userId && loan.bookId === bookId && ACTIVE.includes(loan.status),
        )?.id,
    ),
    countOpenLoans: log(
      'countOpenLoans',
      async (_db: unknown, userId: string) =>
        [...state.loans.values()].filter((loan) => loan.userId === userId && OPEN.includes(loan.status)).length,
    ),
    findLendingSettings: log('findLendingSettings', async () => state.settings),
    findOverdueLoanIds: log('findOverdueLoanIds', async (_db: unknown, userIds: string[], now: Date) => {
      const byReader = new Map<string, string[]>();
      for (const loan of state.loans.values()) {
        const due = loan.dueDate as Date | null;
        if (!userIds.includes(loan.userId) || loan.status !== 'on_loan' || !due || due >= now) continue;
        byReader.set(loan.userId, [...(byReader.get(loan.userId) ?? []), loan.id]);
      }
      return byReader;
    }),
    claimAvailableCopy: log('claimAvailableCopy', async (_db: unknown, bookId: string, status: string) => {
      const copy = [...state.copies.values()].find((one) => one.bookId === bookId && one.status === 'available');
      if (copy) copy.status = status;
      return copy?.id;
    }),
    claimCopy: log('claimCopy', async (_db: unknown, copyId: string, bookId: string, status: string) => {
      const copy = state.copies.get(copyId);
      if (!copy || copy.bookId !== bookId || copy.status !== 'available') return false;
      copy.status = status;
      return true;
    }),
    setCopyStatus: log(
      'setCopyStatus',
      async (_db: unknown, copyId: string, status: string, conditionNote?: string | null) => {
        const copy = state.copies.get(copyId);
        if (!copy) throw new Error(`no copy ${copyId}`);
        copy.status = status;
        if (conditionNote !== undefined) copy.conditionNote = conditionNote;
      },
    ),
    insertLoan: log('insertLoan', async (_db: unknown, values: Record<string, unknown>) => {
      const loan = {
        id: `loan-${state.loans.size + 1}`,
        checkedOutAt: new Date(),
        updatedAt: new Date(),
        ...values,
      } as unknown as Loan;
      state.loans.set(loan.id, loan);
      return loan;
    }),
    insertLoanEvent: log('insertLoanEvent', async (_db: unknown, event: Record<string, unknown>) => {
      state.events.push(event);
    }),
    lockLoan: log('lockLoan', async (_db: unknown, id: string) => {
      const loan = state.loans.get(id);
      return loan && { ...loan };
    }),
    findLoan: log('findLoan', async (_db: unknown, id: string) => joined(state.loans.get(id))),
    updateLoan: log('updateLoan', async (_db: unknown, id: string, values: Record<string, unknown>) => {
      const loan = state.loans.get(id);
      if (!loan) throw new Error(`no loan ${id}`);
      Object.assign(loan, values, { updatedAt: new Date() });
    }),
  };
});
// Waiting lists: nobody waits for anything here (their rules are tested over HTTP in test/holds.test.ts).
vi.mock('./holds.repository.js', () => ({
  countWaiting: vi.fn(async () => new Map<string, number>()),
  findOpenHold: vi.fn(async () => undefined),
  countOpenHolds: vi.fn(async () => 0),
  findHoldOfLoan: vi.fn(async () => undefined),
}));
vi.mock('./holds-allocation.js', () => ({
  serveWaitingList: vi.fn(async () => false),
  closeOfferedHold: vi.fn(async () => {}),
}));
vi.mock('../notifications/notifications.service.js', () => ({ notifyUser: vi.fn(async () => ({})) }));
vi.mock('../mail/outbox.js', () => ({ enqueueEmail: vi.fn(async () => 1) }));
vi.mock('../users/user-activity.repository.js', () => ({ recordUserActivity: vi.fn(async () => {}) }));

const { enqueueEmail } = await import('../mail/outbox.js');
const { notifyUser } = await import('../notifications/notifications.service.js');
const { requestLoan, transition, readerTransition, getOwnLoan } = await import('./lending.service.js');

const NOW = new Date('2026-03-01T10:00:00Z');
const DAY_MS = 86_400_000;
const READER: Actor = { id: 'reader-1', email: 'reader@example.org', role: 'patron', sessionId: 's1' };
const OTHER: Actor = { id: 'reader-2', email: 'other@example.org', role: 'patron', sessionId: 's2' };
const LIBRARIAN: Actor = { id: 'librarian-1', email: 'desk@example.org', role: 'librarian', sessionId: 's3' };
const BOOK = 'book-1';

/** A database whose transactions just run their callback on a fake transaction handle. */
const fakeDb = { transaction: async <T>(fn: (tx: unknown) => Promise<T>) => fn({}) } as unknown as Database;
const wakeMailer = vi.fn();
const ctx: LendingContext = { db: fakeDb, wakeMailer, publicUrl: 'https://library.example', now: () => NOW };

function reader(id: string, overrides: Record<string, unknown> = {}) {
  state.readers.set(id, {
    id,
    email: `${id}@example.org`,
    displayName: 'Reader',
    status: 'active',
    borrowingLimit: null,
    phoneNumber: null,
    addressLine1: '12 Main St',
    addressLine2: null,
    city: 'Cairo',
    stateProvince: 'Cairo',
    postalCode: '11511',
    country: 'Egypt',
    ...overrides,
  });
}
function copy(id: string, bookId = BOOK, status = 'available') {
  state.copies.set(id, { id, bookId, status, barcode: `MK-${id}`, conditionNote: null });
}
function loan(id: string, userId: string, status: string, copyId: string | null = 'copy-1') {
  const row = {
    id,
    userId,
    bookId: BOOK,
    status,
    copyId,
    locale: 'en',
    shippingAddress: {},
    checkedOutAt: NOW,
    updatedAt: NOW,
    dueDate: null,
    returnedAt: null,
    approvedAt: null,
    deniedAt: null,
    denialReason: null,
    cancelledAt: null,
    shippedAt: null,
    carrier: null,
    trackingNumber: null,
    deliveredAt: null,
    returnShippedAt: null,
    returnCarrier: null,
    returnTrackingNumber: null,
    returnCondition: null,
    lostAt: null,
    renewalCount: 0,
    reminderSentAt: null,
    overdueNoticeCount: 0,
    lastOverdueNoticeAt: null,
  };
  state.loans.set(id, row);
  return row;
}
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
const setReader = (values: Record<string, unknown>) => Object.assign(state.readers.get(READER.id) ?? {}, values);
const ask = (actor = READER) => requestLoan(ctx, actor, { book_id: BOOK, locale: 'en' });

beforeEach(() => {
  state.readers.clear();
  state.books.clear();
  state.copies.clear();
  state.loans.clear();
  state.events.length = 0;
  state.calls.length = 0;
  state.settings = undefined;
  vi.clearAllMocks();
  state.books.set(BOOK, { id: BOOK, status: 'approved', copiesTotal: 1, copiesAvailable: 1 });
});

describe('a request', () => {
  it('checks its rules in order: account, address, one per book, the limit, a free copy', async () => {
    // Everything wrong at once: each fix reveals the next rule.
    reader(READER.id, { status: 'suspended', addressLine1: null, borrowingLimit: 1 });
    loan('held', READER.id, 'requested', null);
    state.books.set('book-2', { id: 'book-2', status: 'approved', copiesTotal: 1, copiesAvailable: 1 });
    state.loans.set('other-book', { ...loan('other-book', READER.id, 'on_loan', null), bookId: 'book-2' });

    expect((await refusal(ask())).code).toBe('ACCOUNT_DISABLED');
    expect(state.calls).toEqual(['lockReader']);

    setReader({ status: 'active' });
    expect((await refusal(ask())).code).toBe('ADDRESS_REQUIRED');
    expect(state.calls).not.toContain('findActiveLoanId');

    setReader({ addressLine1: '12 Main St' });
    expect((await refusal(ask())).code).toBe('ALREADY_REQUESTED');

    state.loans.delete('held');
    state.calls.length = 0;
    const limit = await refusal(ask());
    expect(limit.code).toBe('BORROWING_LIMIT_REACHED');
    expect(limit.details).toEqual({ limit: 1 });
    expect(state.calls).not.toContain('claimAvailableCopy');

    // The library's default applies when the reader has no limit of their own.
    setReader({ borrowingLimit: null });
    state.settings = { default_borrowing_limit: 1 };
    expect((await refusal(ask())).details).toEqual({ limit: 1 });
    state.settings = undefined;

    expect((await refusal(ask())).code).toBe('NO_COPY_AVAILABLE');
    expect(state.calls).not.toContain('insertLoan');

    copy('copy-1');
    const made = await ask();
    expect(made).toMatchObject({ status: 'requested', copy: { id: 'copy-1' } });
    expect(made.shipping_address).toMatchObject({ address_line_1: '12 Main St', city: 'Cairo', country: 'Egypt' });
    expect(state.copies.get('copy-1')?.status).toBe('reserved');
    expect(state.events).toEqual([
      expect.objectContaining({ action: 'request', from: null, to: 'requested', actorId: READER.id }),
    ]);
  });

  it('refuses a book that is not published, before anything is held', async () => {
    reader(READER.id);
    copy('copy-1');
    state.books.set(BOOK, { id: BOOK, status: 'draft', copiesTotal: 1, copiesAvailable: 1 });
    expect((await refusal(ask())).code).toBe('NOT_FOUND');
    expect(state.copies.get('copy-1')?.status).toBe('available');
  });
});

describe('the reader’s door', () => {
  it('never reaches another reader’s loan (404), nor changes it', async () => {
    reader(READER.id);
    reader(OTHER.id);
    copy('copy-1', BOOK, 'in_transit_out');
    loan('loan-1', READER.id, 'shipped');
    for (const action of ['cancel', 'deliver', 'send_back'] as const) {
      expect((await refusal(readerTransition(ctx, OTHER, 'loan-1', action, {}))).code).toBe('NOT_FOUND');
    }
    // Staff coming through the reader's door are no different.
    expect((await refusal(transition(ctx, LIBRARIAN, 'loan-1', 'deliver', {}, false))).code).toBe('NOT_FOUND');
    expect((await refusal(getOwnLoan(ctx, OTHER, 'loan-1'))).code).toBe('NOT_FOUND');
    expect(state.calls).not.toContain('updateLoan');
    expect(state.loans.get('loan-1')?.status).toBe('shipped');
    expect(state.copies.get('copy-1')?.status).toBe('in_transit_out');
    // The owner may.
    expect((await readerTransition(ctx, READER, 'loan-1', 'deliver', {})).status).toBe('on_loan');
  });

  it('refuses a desk action on the reader’s own loan, and a replay, writing nothing', async () => {
    reader(READER.id);
    copy('copy-1', BOOK, 'reserved');
    loan('loan-1', READER.id, 'requested');
    expect((await refusal(transition(ctx, READER, 'loan-1', 'approve', {}, false))).code).toBe('FORBIDDEN');
    expect((await refusal(readerTransition(ctx, READER, 'loan-1', 'deliver', {}))).code).toBe('WRONG_STATE');
    expect(state.calls).not.toContain('updateLoan');
    expect(state.events).toEqual([]);
    expect(notifyUser).not.toHaveBeenCalled();
    expect(enqueueEmail).not.toHaveBeenCalled();
    expect(wakeMailer).not.toHaveBeenCalled();
  });
});

describe('the desk', () => {
  beforeEach(() => {
    reader(READER.id);
  });

  it('denies with the reason stored, the copy let go, the reader told with the reason', async () => {
    copy('copy-1', BOOK, 'reserved');
    loan('loan-1', READER.id, 'requested');
    const { loan: after, mailed } = await transition(
      ctx,
      LIBRARIAN,
      'loan-1',
      'deny',
      { reason: 'Kept for the reading room' },
      true,
    );
    expect(after).toMatchObject({ status: 'denied', denialReason: 'Kept for the reading room', deniedAt: NOW });
    expect(state.copies.get('copy-1')?.status).toBe('available');
    expect(state.events).toEqual([
      expect.objectContaining({ action: 'deny', from: 'requested', to: 'denied', note: 'Kept for the reading room' }),
    ]);
    expect(notifyUser).toHaveBeenCalledWith(
      {},
      expect.objectContaining({
        userId: READER.id,
        type: 'info',
        eventType: 'book_request_denied',
        message: expect.stringContaining('Kept for the reading room'),
      }),
    );
    expect(enqueueEmail).toHaveBeenCalledWith(
      {},
      expect.objectContaining({
        to: `${READER.id}@example.org`,
        template: 'loan_denied',
        data: expect.objectContaining({ reason: 'Kept for the reading room' }),
      }),
    );
    expect(mailed).toBe(true);
    expect(wakeMailer).toHaveBeenCalledTimes(1);
  });

  it('sets the due date from the loan-period setting on delivery', async () => {
    state.settings = { loan_period_days: 10 };
    copy('copy-1', BOOK, 'in_transit_out');
    loan('loan-1', READER.id, 'shipped');
    const { loan: after } = await transition(ctx, LIBRARIAN, 'loan-1', 'deliver', {}, true);
    expect(after.deliveredAt).toEqual(NOW);
    expect(after.dueDate).toEqual(new Date(NOW.getTime() + 10 * DAY_MS));
    expect(state.copies.get('copy-1')?.status).toBe('on_loan');

    // Without a setting, the default 21 days.
    state.settings = undefined;
    copy('copy-2', BOOK, 'in_transit_out');
    loan('loan-2', READER.id, 'shipped', 'copy-2');
    const { loan: second } = await transition(ctx, READER, 'loan-2', 'deliver', {}, false);
    expect(second.dueDate).toEqual(new Date(NOW.getTime() + 21 * DAY_MS));
  });

  it('receives a damaged copy as damaged, with the note; a good one as available', async () => {
    copy('copy-1', BOOK, 'in_transit_back');
    loan('loan-1', READER.id, 'return_shipped');
    const { loan: after } = await transition(
      ctx,
      LIBRARIAN,
      'loan-1',
      'receive',
      { condition: 'damaged', note: 'Torn spine' },
      true,
    );
    expect(after).toMatchObject({ status: 'returned', returnCondition: 'damaged', returnedAt: NOW });
    expect(state.copies.get('copy-1')).toMatchObject({ status: 'damaged', conditionNote: 'Torn spine' });

    copy('copy-2', BOOK, 'on_loan');
    loan('loan-2', READER.id, 'on_loan', 'copy-2');
    await transition(ctx, LIBRARIAN, 'loan-2', 'receive', { condition: 'good', note: 'Fine' }, true);
    expect(state.copies.get('copy-2')).toMatchObject({ status: 'available', conditionNote: null });
  });

  it('approves with another copy of the same book: takes it first, then lets the held one go', async () => {
    copy('copy-1', BOOK, 'reserved');
    copy('copy-2');
    copy('elsewhere', 'book-2');
    loan('loan-1', READER.id, 'requested');
    expect((await refusal(transition(ctx, LIBRARIAN, 'loan-1', 'approve', { copy_id: 'elsewhere' }, true))).code).toBe(
      'NO_COPY_AVAILABLE',
    );
    expect(state.copies.get('copy-1')?.status).toBe('reserved');
    const { loan: after } = await transition(ctx, LIBRARIAN, 'loan-1', 'approve', { copy_id: 'copy-2' }, true);
    expect(after).toMatchObject({ status: 'approved', copyId: 'copy-2' });
    expect(state.copies.get('copy-1')?.status).toBe('available');
    expect(state.copies.get('copy-2')?.status).toBe('reserved');
  });

  it('wakes the mailer only after the transaction, and not when it fails', async () => {
    copy('copy-1', BOOK, 'reserved');
    loan('loan-1', READER.id, 'requested');
    vi.mocked(enqueueEmail).mockRejectedValueOnce(new Error('outbox unavailable'));
    await expect(transition(ctx, LIBRARIAN, 'loan-1', 'approve', {}, true)).rejects.toThrow('outbox unavailable');
    expect(wakeMailer).not.toHaveBeenCalled();
  });
});

describe('a renewal', () => {
  const due = (days: number) => new Date(NOW.getTime() + days * DAY_MS);
  function onLoan(id: string, dueInDays: number, values: Record<string, unknown> = {}) {
    copy(`copy-${id}`, BOOK, 'on_loan');
    return Object.assign(loan(id, READER.id, 'on_loan', `copy-${id}`), { dueDate: due(dueInDays) }, values);
  }
  beforeEach(() => {
    reader(READER.id);
  });

  it('adds a loan period to the due date, counts it, logs it, and restarts the notices', async () => {
    state.settings = { loan_period_days: 14 };
    onLoan('loan-1', 2, { reminderSentAt: NOW, overdueNoticeCount: 0 });
    const after = await readerTransition(ctx, READER, 'loan-1', 'renew', {});
    expect(after).toMatchObject({ status: 'on_loan', renewal_count: 1, renewals_max: 2, renew_blocked_by: null });
    expect(after.due_date).toBe(due(16).toISOString());
    expect(state.loans.get('loan-1')).toMatchObject({ renewalCount: 1, reminderSentAt: null, overdueNoticeCount: 0 });
    expect(state.events).toEqual([expect.objectContaining({ action: 'renew', from: 'on_loan', to: 'on_loan' })]);
    // The reader sees the new date at once: no notification for their own renewal.
    expect(notifyUser).not.toHaveBeenCalled();
  });

  it('refuses past the library’s number of renewals, changing nothing', async () => {
    state.settings = { renewals_max: 1 };
    onLoan('loan-1', 2, { renewalCount: 1 });
    const error = await refusal(readerTransition(ctx, READER, 'loan-1', 'renew', {}));
    expect(error.code).toBe('RENEWAL_LIMIT_REACHED');
    expect(error.details).toEqual({ renewals: 1, renewals_max: 1 });
    expect(state.calls).not.toContain('updateLoan');
    expect((await getOwnLoan(ctx, READER, 'loan-1')).renew_blocked_by).toBe('RENEWAL_LIMIT_REACHED');
  });

  it('renews an overdue loan within the grace period from today, and refuses it after', async () => {
    state.settings = { renewal_grace_days: 3, loan_period_days: 21 };
    onLoan('loan-1', -2);
    const renewed = await readerTransition(ctx, READER, 'loan-1', 'renew', {});
    expect(renewed.due_date).toBe(due(21).toISOString());
    onLoan('loan-2', -4);
    expect((await refusal(readerTransition(ctx, READER, 'loan-2', 'renew', {}))).code).toBe('RENEWAL_TOO_LATE');
  });

  it('refuses while another of the reader’s loans is overdue, when the library says so', async () => {
    onLoan('late', -10);
    onLoan('loan-1', 5);
    expect((await refusal(readerTransition(ctx, READER, 'loan-1', 'renew', {}))).code).toBe('OVERDUE_LOANS');
    // …and a new request too, before the limit is even counted.
    state.books.set('book-2', { id: 'book-2', status: 'approved', copiesTotal: 1, copiesAvailable: 1 });
    copy('copy-free', 'book-2');
    state.calls.length = 0;
    expect((await refusal(requestLoan(ctx, READER, { book_id: 'book-2', locale: 'en' }))).code).toBe('OVERDUE_LOANS');
    expect(state.calls).not.toContain('countOpenLoans');
    state.settings = { overdue_blocks_borrowing: false };
    expect((await readerTransition(ctx, READER, 'loan-1', 'renew', {})).renewal_count).toBe(1);
  });

  it('lets the desk override the rules with a note, and tells the reader; a reader cannot override', async () => {
    state.settings = { renewals_max: 0 };
    onLoan('loan-1', 1);
    expect((await refusal(transition(ctx, READER, 'loan-1', 'renew', { override: true }, false))).code).toBe(
      'RENEWAL_LIMIT_REACHED',
    );
    expect((await refusal(transition(ctx, LIBRARIAN, 'loan-1', 'renew', {}, true))).code).toBe('RENEWAL_LIMIT_REACHED');
    const { loan: after } = await transition(
      ctx,
      LIBRARIAN,
      'loan-1',
      'renew',
      { override: true, note: 'Parcel held at customs' },
      true,
    );
    expect(after).toMatchObject({ renewalCount: 1, dueDate: due(22) });
    expect(state.events).toEqual([expect.objectContaining({ action: 'renew', note: 'Parcel held at customs' })]);
    expect(notifyUser).toHaveBeenCalledWith({}, expect.objectContaining({ userId: READER.id, type: 'success' }));
  });

  it('is not offered on a loan that is not on loan', async () => {
    copy('copy-1', BOOK, 'in_transit_back');
    loan('loan-1', READER.id, 'return_shipped');
    expect((await refusal(readerTransition(ctx, READER, 'loan-1', 'renew', {}))).code).toBe('WRONG_STATE');
  });
});
