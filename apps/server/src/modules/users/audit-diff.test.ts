import { describe, expect, it } from 'vitest';
import { changedFields, filledFields } from './audit-diff.js';

describe('audit diff', () => {
  it('keeps only the fields whose value changed, with their value before', () => {
    expect(
      changedFields(
        { title: 'Nahj', year: 1990, authors: ['A', 'B'], note: null },
        { title: 'Nahj', year: 1991, authors: ['A', 'B'], note: undefined },
      ),
    ).toEqual({ changes: { year: 1991 }, previous: { year: 1990 } });
    expect(changedFields({ authors: ['A'] }, { authors: ['B', 'A'] })).toEqual({
      changes: { authors: ['B', 'A'] },
      previous: { authors: ['A'] },
    });
    expect(changedFields({ title: 'Same' }, { title: 'Same' }).changes).toEqual({});
  });

  it('describes a new record by the fields it has', () => {
    expect(filledFields({ title: 'Nahj', title_ar: null, authors: [], copies: 0, digital: false })).toEqual({
      title: 'Nahj',
      copies: 0,
      digital: false,
    });
  });
});
