import { describe, expect, it } from 'vitest';
import { dueText, readerActions, renewRefusal, showsDueDate, statusTone } from './loan-view';

describe('the time left on a loan', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('counts whole calendar days to the due date, then says due today, then overdue', () => {
    expect(dueText('2026-11-28T09:00:00Z', now, 'UTC')).toEqual({ key: 'loans.due.daysLeft', count: 3 });
    expect(dueText('2026-11-26T00:30:00Z', now, 'UTC')).toEqual({ key: 'loans.due.daysLeft', count: 1 });
    expect(dueText('2026-11-25T23:00:00Z', now, 'UTC')).toEqual({ key: 'loans.due.today', count: 0 });
    expect(dueText('2026-11-23T12:00:00Z', now, 'UTC')).toEqual({ key: 'loans.due.overdueBy', count: 2 });
  });

  it("counts in the reader's own time zone", () => {
    // 22:30 UTC on the 25th is already the 26th in Baghdad (UTC+3): a book due at 20:00 UTC on the 26th is due today there, tomorrow in London.
    const late = new Date('2026-11-25T22:30:00Z');
    expect(dueText('2026-11-26T20:00:00Z', late, 'Asia/Baghdad')).toEqual({ key: 'loans.due.today', count: 0 });
    expect(dueText('2026-11-26T20:00:00Z', late, 'Europe/London')).toEqual({ key: 'loans.due.daysLeft', count: 1 });
  });

  it('shows the due date only while the reader has the book or is sending it back', () => {
    const due = '2026-12-01T00:00:00Z';
    expect(showsDueDate({ status: 'on_loan', due_date: due })).toBe(true);
    expect(showsDueDate({ status: 'return_shipped', due_date: due })).toBe(true);
    expect(showsDueDate({ status: 'returned', due_date: due })).toBe(false);
    expect(showsDueDate({ status: 'shipped', due_date: null })).toBe(false);
  });
});

describe("the reader's buttons", () => {
  it("offers only the reader's own actions the server allows, in a fixed order", () => {
    expect(readerActions({ actions: ['cancel'] })).toEqual(['cancel']);
    expect(readerActions({ actions: ['deliver'] })).toEqual(['deliver']);
    expect(readerActions({ actions: ['send_back'] })).toEqual(['send_back']);
    expect(readerActions({ actions: [] })).toEqual([]);
    // A librarian borrowing for themselves sees the desk's actions elsewhere, not on their own card.
    expect(readerActions({ actions: ['approve', 'deny', 'cancel'] })).toEqual(['cancel']);
    expect(readerActions({ actions: ['send_back', 'receive', 'mark_lost'] })).toEqual(['send_back']);
  });

  it('offers Renew only when the library would grant it, and says why not otherwise', () => {
    expect(readerActions({ actions: ['send_back', 'renew'], renew_blocked_by: null })).toEqual(['renew', 'send_back']);
    expect(readerActions({ actions: ['send_back', 'renew'], renew_blocked_by: 'RENEWAL_LIMIT_REACHED' })).toEqual([
      'send_back',
    ]);
    expect(renewRefusal({ actions: ['send_back', 'renew'], renew_blocked_by: 'OVERDUE_LOANS' })).toBe('OVERDUE_LOANS');
    expect(renewRefusal({ actions: ['send_back', 'renew'], renew_blocked_by: null })).toBeNull();
    // A loan that cannot be renewed in its state at all has nothing to explain.
    expect(renewRefusal({ actions: [], renew_blocked_by: 'RENEWAL_TOO_LATE' })).toBeNull();
  });

  it('colours an overdue loan as a problem whatever its state', () => {
    expect(statusTone('on_loan', true)).toBe('danger');
    expect(statusTone('on_loan', false)).toBe('primary');
    expect(statusTone('requested', false)).toBe('warning');
    expect(statusTone('returned', false)).toBe('muted');
    expect(statusTone('denied', false)).toBe('danger');
  });
});
