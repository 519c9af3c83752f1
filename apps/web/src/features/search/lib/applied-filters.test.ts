import type { Language } from '@maktaba/shared/constants';
import { catalogues } from '@maktaba/shared/i18n/index';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatYear } from '../../../lib/format';
import { appliedFilters, yearsText } from './applied-filters';
import { EMPTY_FACETS, type FacetMemory, rememberFacets } from './facet-options';
import { parseSearchState } from './search-state';

const i18n = i18next.createInstance();
const translate: Record<Language, TFunction> = {} as Record<Language, TFunction>;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: catalogues.en }, ar: { translation: catalogues.ar } },
    interpolation: { escapeValue: false },
  });
  translate.en = i18n.getFixedT('en');
  translate.ar = i18n.getFixedT('ar');
});

const parse = (query: string) => parseSearchState(new URLSearchParams(query));
const AUTHOR = '5b0c3a52-1c53-4c47-9a7f-3f7f9d0b9e11';

function memoryWithAuthor(): FacetMemory {
  return rememberFacets(new Map(), {
    ...EMPTY_FACETS,
    author: [{ value: AUTHOR, count: 3, label: 'Al-Kulayni', label_ar: 'الكليني' }],
    category: [{ value: 'hadith', count: 28, label: 'Hadith', label_ar: 'الحديث' }],
  });
}

describe('appliedFilters', () => {
  it('names each filter and value in the reader language, in the panel order', () => {
    const state = parse(
      `q=kafi&author=${AUTHOR}&category=hadith&language=ar&available=true&is_digital=false&type=book`,
    );
    const chips = appliedFilters(state, 'en', translate.en, memoryWithAuthor());
    expect(chips.map(({ filter, value }) => [filter, value])).toEqual([
      ['Category', 'Hadith'],
      ['Author', 'Al-Kulayni'],
      ['Language', 'Arabic'],
      ['Available now', undefined],
      ['Edition', 'Print'],
      ['Search in', 'Book titles'],
    ]);
    const arabic = appliedFilters(state, 'ar', translate.ar, memoryWithAuthor());
    expect(arabic.map(({ filter, value }) => [filter, value]).slice(0, 3)).toEqual([
      ['التصنيف', 'الحديث'],
      ['المؤلف', 'الكليني'],
      ['اللغة', 'العربية'],
    ]);
  });

  it('removes one value of a repeatable filter, keeps the words and starts at page one', () => {
    const state = parse('q=kafi&category=hadith&category=tafsir&page=3');
    const [hadith, tafsir] = appliedFilters(state, 'en', translate.en);
    expect(hadith?.without).toMatchObject({ q: 'kafi', category: ['tafsir'], page: 1 });
    expect(tafsir?.without).toMatchObject({ category: ['hadith'] });
    // A value no answer has named yet is shown by its code rather than dropped.
    expect(tafsir?.value).toBe('tafsir');
  });

  it('removes a single filter', () => {
    const [chip] = appliedFilters(parse('publisher=Ansariyan&sort=title'), 'en', translate.en);
    expect(chip).toMatchObject({ filter: 'Publisher', value: 'Ansariyan' });
    expect(chip?.without).toMatchObject({ publisher: undefined, sort: 'title', page: 1 });
  });

  it('has no chips without filters', () => {
    expect(appliedFilters(parse('q=kafi&sort=title&page=2'), 'en', translate.en)).toEqual([]);
  });
});

describe('yearsText', () => {
  it('writes a year, a range and open ends in words and the reader digits', () => {
    expect(yearsText('1990', 'en', translate.en)).toBe('1990');
    expect(yearsText('1990-2000', 'en', translate.en)).toBe('1990 to 2000');
    expect(yearsText('1990-', 'en', translate.en)).toBe('From 1990');
    expect(yearsText('-2000', 'en', translate.en)).toBe('Up to 2000');
    const arabic = (year: number) => formatYear(year, 'ar');
    expect(yearsText('1990-2000', 'ar', translate.ar)).toBe(`من ${arabic(1990)} إلى ${arabic(2000)}`);
  });
});
