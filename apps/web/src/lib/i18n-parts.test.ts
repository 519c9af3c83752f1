import ar from '@maktaba/shared/i18n/ar.json';
import en from '@maktaba/shared/i18n/en.json';
import { flattenKeys } from '@maktaba/shared/i18n/index';
import { describe, expect, it } from 'vitest';
import { catalogueSplit, FIRST_PAGE_KEYS } from '../../i18n-parts';

describe.each([
  ['en', en],
  ['ar', ar],
])('the two parts of the %s catalogue', (_language, catalogue) => {
  const first = flattenKeys(catalogueSplit(catalogue, FIRST_PAGE_KEYS, true));
  const rest = flattenKeys(catalogueSplit(catalogue, FIRST_PAGE_KEYS, false));

  it('hold every key once', () => {
    expect([...first, ...rest].sort()).toEqual(flattenKeys(catalogue).sort());
  });

  it('put each named section or part, with its plural forms, in the first', () => {
    for (const entry of FIRST_PAGE_KEYS) {
      expect(first.some((key) => key.startsWith(`${entry}.`) || key === entry || key.startsWith(`${entry}_`))).toBe(
        true,
      );
    }
    expect(first).toContain('collections.count_other');
    expect(rest).not.toContain('collections.count_other');
    expect(rest).toContain('collections.page.browse');
  });
});
