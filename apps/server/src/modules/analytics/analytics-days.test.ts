import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isoWeekStart,
  monthsBetween,
  p75,
  pagePattern,
  resolvePeriod,
} from './analytics-days.js';

describe('analytics days', () => {
  it('walks UTC days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysBetween('2026-01-02', '2026-01-01')).toEqual([]);
    expect(daysBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
  });

  it("finds the Monday of a day's ISO week, across months and years", () => {
    expect(isoWeekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(isoWeekStart('2026-11-29')).toBe('2026-11-23'); // its Sunday
    expect(isoWeekStart('2026-11-30')).toBe('2026-11-30');
    expect(isoWeekStart('2026-03-01')).toBe('2026-02-23');
    expect(isoWeekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('lists the months a period touches', () => {
    expect(monthsBetween('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-05-03', '2026-05-20')).toEqual(['2026-05']);
  });

  it('defaults to the last 30 days ending today', () => {
    const now = new Date('2026-03-10T23:59:00Z');
    expect(resolvePeriod({}, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(daysBetween('2026-02-09', '2026-03-10')).toHaveLength(30);
    expect(resolvePeriod({ to: '2026-01-30' }, now)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(resolvePeriod({ from: '2026-01-01' }, now)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(resolvePeriod({ from: '2026-01-01', to: '2026-01-01' }, now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });

  it('computes p75 as percentile_cont(0.75) does', () => {
    expect(p75([])).toBeNull();
    expect(p75([7])).toBe(7);
    expect(p75([1, 2, 3, 4])).toBe(3.25);
    expect(p75([100, 200, 300, 400, 500])).toBe(400);
    expect(p75([0.3, 0.1, 0.2])).toBeCloseTo(0.25, 10);
  });

  it('groups ids out of page paths', () => {
    expect(pagePattern('/book/3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe('/book/:id');
    expect(pagePattern('/circles/12/posts/34')).toBe('/circles/:id/posts/:id');
    expect(pagePattern('/search')).toBe('/search');
    expect(pagePattern('/')).toBe('/');
    expect(pagePattern('/books/')).toBe('/books');
  });
});
