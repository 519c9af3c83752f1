import { describe, expect, it } from 'vitest';
import { auditChanges, auditValue } from './audit-diff';

describe('auditChanges', () => {
  it('pairs a new value with previous_<field>', () => {
    expect(auditChanges({ changes: { role: 'librarian' }, metadata: { previous_role: 'patron' } })).toEqual([
      { field: 'role', before: 'patron', after: 'librarian' },
    ]);
  });

  it('pairs new values with a previous object, and leaves unknown befores out', () => {
    expect(
      auditChanges({
        changes: { display_name: 'B', borrowing_limit: 3 },
        metadata: { previous: { display_name: 'A' } },
      }),
    ).toEqual([
      { field: 'display_name', before: 'A', after: 'B' },
      { field: 'borrowing_limit', after: 3 },
    ]);
  });

  it('writes empty values as a dash', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue(5)).toBe('5');
    expect(auditValue([])).toBe('—');
  });

  it('joins a list in the reader’s language and cuts a long text short', () => {
    expect(auditValue(['Al-Radi', 'Al-Saduq'], 'en')).toBe('Al-Radi, Al-Saduq');
    expect(auditValue(['الرضي', 'الصدوق'], 'ar')).toBe('الرضي والصدوق');
    const long = auditValue('a'.repeat(500));
    expect(long.length).toBeLessThan(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
