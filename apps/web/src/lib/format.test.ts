import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPercent, formatRelativeTime, formatYear, numberFormat } from './format';

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

describe('number formats', () => {
  it('builds one formatter per language and options', () => {
    expect(numberFormat('ar')).toBe(numberFormat('ar'));
    expect(numberFormat('ar')).not.toBe(numberFormat('en'));
    expect(numberFormat('en', { useGrouping: false })).not.toBe(numberFormat('en'));
  });

  it('writes years without a separator, floors percentages and picks a size unit', () => {
    expect(formatYear(1999, 'en')).toBe('1999');
    expect(formatPercent(0.999, 'en')).toBe('99%');
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
  });
});
