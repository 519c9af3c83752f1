import { describe, expect, it } from 'vitest';
import { deathYears } from './death-years';

describe('deathYears', () => {
  it('gives both years when known, in the reader digits', () => {
    expect(deathYears(329, 941, 'en')).toEqual({
      key: 'catalogue.author.diedBoth',
      values: { hijri: '329', ce: '941' },
    });
    const arabic = (year: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(year);
    expect(deathYears(1111, 1699, 'ar')?.values).toEqual({ hijri: arabic(1111), ce: arabic(1699) });
  });

  it('gives the one year known, or nothing', () => {
    expect(deathYears(460, null, 'en')).toEqual({ key: 'catalogue.author.diedHijri', values: { hijri: '460' } });
    expect(deathYears(null, 1067, 'en')).toEqual({ key: 'catalogue.author.diedCe', values: { ce: '1067' } });
    expect(deathYears(null, null, 'en')).toBeNull();
  });
});
