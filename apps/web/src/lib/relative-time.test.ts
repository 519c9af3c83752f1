import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('formatRelativeTime', () => {
  it('says now for the last minute', () => {
    expect(formatRelativeTime(ago(20_000), NOW, 'en')).toBe('now');
  });

  it('uses the largest whole unit', () => {
    expect(formatRelativeTime(ago(5 * 60_000), NOW, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 60 * 60_000 + 59 * 60_000), NOW, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 60 * 60_000), NOW, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 24 * 60 * 60_000), NOW, 'en')).toBe('2 weeks ago');
  });

  it('speaks the reader language', () => {
    // CLDR writes Arabic with Western or Arabic-Indic digits depending on its version.
    expect(formatRelativeTime(ago(5 * 60_000), NOW, 'ar')).toMatch(/^قبل [5٥] دقائق$/);
  });
});
