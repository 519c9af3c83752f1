import { toShelfType } from '@maktaba/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { pageCount, parsePage } from './paging';

describe('paging', () => {
  it('reads the page from the address, 1 for anything else', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(162, 24)).toBe(7);
  });

  it('an unknown shelf type is the recently added shelf (reader-area §4.5)', () => {
    expect(toShelfType('popular')).toBe('popular');
    expect(toShelfType('favourites')).toBe('recent');
    expect(toShelfType(undefined)).toBe('recent');
  });
});
