import { describe, expect, it } from 'vitest';
import { catalogues, flattenKeys, getByPath } from './index.js';

/** Values that are legitimately the same in both languages (names, language labels, placeholders only). */
const SAME_IN_BOTH = new Set(['footer.switchToArabic', 'footer.switchToEnglish']);

const enKeys = flattenKeys(catalogues.en).sort();
const arKeys = flattenKeys(catalogues.ar).sort();

describe('i18n catalogues', () => {
  it('have the same keys in English and Arabic', () => {
    expect(arKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !arKeys.includes(key))).toEqual([]);
  });

  it('have no empty values', () => {
    for (const lang of ['en', 'ar'] as const) {
      const empty = flattenKeys(catalogues[lang]).filter((key) => {
        const value = getByPath(catalogues[lang], key);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it('translate every Arabic value (no English copied across)', () => {
    const copied = enKeys.filter((key) => {
      if (SAME_IN_BOTH.has(key)) return false;
      const en = getByPath(catalogues.en, key);
      return typeof en === 'string' && /[a-z]{3}/i.test(en) && en === getByPath(catalogues.ar, key);
    });
    expect(copied).toEqual([]);
  });

  it('write Arabic values in Arabic script', () => {
    const latinOnly = arKeys.filter((key) => {
      if (SAME_IN_BOTH.has(key)) return false;
      const value = getByPath(catalogues.ar, key);
      return typeof value === 'string' && /[a-z]{3}/i.test(value) && !/[\u0600-\u06FF]/.test(value);
    });
    expect(latinOnly).toEqual([]);
  });

  it('keep the same interpolation placeholders in both languages', () => {
    const placeholders = (value: unknown) =>
      typeof value === 'string' ? [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort() : [];
    const mismatched = enKeys.filter(
      (key) =>
        JSON.stringify(placeholders(getByPath(catalogues.en, key))) !==
        JSON.stringify(placeholders(getByPath(catalogues.ar, key))),
    );
    expect(mismatched).toEqual([]);
  });
});
