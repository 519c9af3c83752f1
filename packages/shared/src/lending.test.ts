import { describe, expect, it } from 'vitest';
import {
  ACTIVE_LOAN_STATUSES,
  availableActions,
  borrowingLimit,
  CLOSED_LOAN_STATUSES,
  checkAction,
  copyStatusAfter,
  daysLeft,
  dueDateFor,
  isOverdue,
  LOAN_ACTIONS,
  LOAN_STATUSES,
  LOAN_TRANSITIONS,
  OPEN_LOAN_STATUSES,
  REQUEST_COPY_STATUS,
} from './lending';

const reader = { role: 'patron', isOwner: true } as const;
const otherReader = { role: 'patron', isOwner: false } as const;
const librarian = { role: 'librarian', isOwner: false } as const;
const admin = { role: 'admin', isOwner: false } as const;

describe('the life of a loan', () => {
  it('goes request → approve → ship → deliver → send back → receive, each by the right person', () => {
    const path: [(typeof LOAN_ACTIONS)[number], { role: 'patron' | 'librarian' | 'admin'; isOwner: boolean }][] = [
      ['approve', librarian],
      ['ship', librarian],
      ['deliver', reader],
      ['send_back', reader],
      ['receive', admin],
    ];
    let status: (typeof LOAN_STATUSES)[number] = 'requested';
    for (const [action, who] of path) {
      const result = checkAction(action, status, who);
      if (!result.ok) throw new Error(`${action} from ${status}: ${result.reason}`);
      status = result.to;
    }
    expect(status).toBe('returned');
  });

  it('ends a request by denial (desk) or cancellation (its reader), only while it is a request', () => {
    expect(checkAction('deny', 'requested', librarian)).toEqual({ ok: true, to: 'denied' });
    expect(checkAction('cancel', 'requested', reader)).toEqual({ ok: true, to: 'cancelled' });
    expect(checkAction('cancel', 'approved', reader)).toEqual({ ok: false, reason: 'WRONG_STATE' });
    expect(checkAction('deny', 'shipped', librarian)).toEqual({ ok: false, reason: 'WRONG_STATE' });
    // The desk denies; it does not cancel a reader's request in their name.
    expect(checkAction('cancel', 'requested', librarian)).toEqual({ ok: false, reason: 'FORBIDDEN' });
  });

  it('refuses a transition replayed twice: the second finds the loan in the next state', () => {
    const first = checkAction('ship', 'approved', librarian);
    expect(first).toEqual({ ok: true, to: 'shipped' });
    expect(checkAction('ship', 'shipped', librarian)).toEqual({ ok: false, reason: 'WRONG_STATE' });
  });

  it('lets the desk receive a loan that simply arrived, and mark one lost on the way or out', () => {
    expect(checkAction('receive', 'on_loan', librarian)).toEqual({ ok: true, to: 'returned' });
    for (const status of ['shipped', 'on_loan', 'return_shipped'] as const) {
      expect(checkAction('mark_lost', status, librarian)).toEqual({ ok: true, to: 'lost' });
    }
    expect(checkAction('mark_lost', 'requested', librarian)).toEqual({ ok: false, reason: 'WRONG_STATE' });
  });

  it('keeps desk actions from readers (FORBIDDEN on their own loan) and hides other loans (NOT_FOUND)', () => {
    for (const action of ['approve', 'deny', 'ship', 'receive', 'mark_lost'] as const) {
      const from = LOAN_TRANSITIONS[action].from[0] ?? 'requested';
      expect(checkAction(action, from, reader)).toEqual({ ok: false, reason: 'FORBIDDEN' });
    }
    for (const action of LOAN_ACTIONS) {
      expect(checkAction(action, 'requested', otherReader)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    }
  });

  it('offers each person the actions they could take now', () => {
    expect(availableActions('requested', reader)).toEqual(['cancel']);
    expect(availableActions('requested', librarian)).toEqual(['approve', 'deny']);
    expect(availableActions('shipped', reader)).toEqual(['deliver']);
    expect(availableActions('shipped', librarian)).toEqual(['deliver', 'mark_lost']);
    expect(availableActions('on_loan', reader)).toEqual(['send_back', 'renew']);
    expect(availableActions('returned', admin)).toEqual([]);
    expect(availableActions('on_loan', otherReader)).toEqual([]);
  });

  it('has no way out of a closed loan, and every state but the first is reached by some action', () => {
    for (const status of CLOSED_LOAN_STATUSES) {
      expect(LOAN_ACTIONS.filter((action) => LOAN_TRANSITIONS[action].from.includes(status))).toEqual([]);
    }
    const reached = new Set(Object.values(LOAN_TRANSITIONS).map((transition) => transition.to));
    expect(LOAN_STATUSES.filter((status) => !reached.has(status))).toEqual(['requested']);
  });

  it('counts requested, approved, shipped and on-loan against the limit; a loan on its way back does not', () => {
    expect([...OPEN_LOAN_STATUSES]).toEqual(['requested', 'approved', 'shipped', 'on_loan']);
    expect(ACTIVE_LOAN_STATUSES).toContain('return_shipped');
    expect(OPEN_LOAN_STATUSES).not.toContain('return_shipped' as never);
  });
});

describe('the copy follows the loan', () => {
  it('is held by the request, sent, lent, sent back, and available again (or damaged, as recorded)', () => {
    expect(REQUEST_COPY_STATUS).toBe('reserved');
    expect(copyStatusAfter('approve')).toBeNull();
    expect(copyStatusAfter('ship')).toBe('in_transit_out');
    expect(copyStatusAfter('deliver')).toBe('on_loan');
    expect(copyStatusAfter('send_back')).toBe('in_transit_back');
    expect(copyStatusAfter('receive')).toBe('available');
    expect(copyStatusAfter('receive', 'damaged')).toBe('damaged');
    expect(copyStatusAfter('mark_lost')).toBe('lost');
    // A denied or cancelled request lets its copy go.
    expect(copyStatusAfter('deny')).toBe('available');
    expect(copyStatusAfter('cancel')).toBe('available');
  });
});

describe('dates', () => {
  it('makes a loan due the loan period after delivery (21 days unless set)', () => {
    const delivered = new Date('2026-11-25T10:00:00Z');
    expect(dueDateFor(delivered).toISOString()).toBe('2026-12-16T10:00:00.000Z');
    expect(dueDateFor(delivered, 14).toISOString()).toBe('2026-12-09T10:00:00.000Z');
  });

  it('counts days left in calendar days of the reader’s time zone, negative when overdue', () => {
    const due = new Date('2026-12-16T10:00:00Z');
    expect(daysLeft(due, new Date('2026-12-15T23:30:00Z'))).toBe(1);
    expect(daysLeft(due, new Date('2026-12-16T23:30:00Z'))).toBe(0);
    expect(daysLeft(due, new Date('2026-12-18T08:00:00Z'))).toBe(-2);
    // 23:30 UTC on the 15th is already the 16th in Baghdad (UTC+3): due today there.
    expect(daysLeft(due, new Date('2026-12-15T23:30:00Z'), 'Asia/Baghdad')).toBe(0);
  });

  it('calls a loan overdue only while it is out on loan past its due date', () => {
    const now = new Date('2026-12-20T00:00:00Z');
    expect(isOverdue({ status: 'on_loan', due_date: '2026-12-16T10:00:00Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'on_loan', due_date: '2026-12-21T10:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'return_shipped', due_date: '2026-12-16T10:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'shipped', due_date: null }, now)).toBe(false);
  });

  it('uses the reader’s own borrowing limit, or the library’s when theirs is unset', () => {
    expect(borrowingLimit(7)).toBe(7);
    expect(borrowingLimit(null)).toBe(3);
    expect(borrowingLimit(undefined, 5)).toBe(5);
    expect(borrowingLimit(0)).toBe(0);
  });
});
