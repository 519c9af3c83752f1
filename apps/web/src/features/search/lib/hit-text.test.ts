import type { SearchHit } from '@maktaba/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { hitAuthors, hitCategory, hitTitles } from './hit-text';

const hit = (overrides: Partial<SearchHit> = {}): SearchHit => ({
  id: '5b0c3c1e-6a43-4c5e-9d6b-1a2b3c4d5e6f',
  external_id: null,
  title: 'Nahj al-Balagha',
  title_ar: 'نهج البلاغة',
  authors: [{ id: '0e5a7a5e-8f1f-4a7c-9d2e-3b4c5d6e7f80', name: 'Al-Sharif al-Radi', name_ar: 'الشريف الرضي' }],
  author_name: null,
  author_name_ar: null,
  category: 'Hadith',
  category_ar: 'الحديث',
  categories: [],
  cover_image: null,
  publication_year: 1990,
  language: 'ar',
  format: 'pdf',
  is_digital: true,
  available: true,
  status: 'approved',
  highlights: {
    title: [[0, 4]],
    title_ar: [[0, 3]],
    authors: [{ name: [[15, 17]], name_ar: [] }],
    snippet: null,
  },
  ...overrides,
});

describe('hit texts', () => {
  it("put the reader's language first, with its own matches", () => {
    expect(hitTitles(hit(), 'en')).toEqual({
      title: { text: 'Nahj al-Balagha', lang: 'en', ranges: [[0, 4]] },
      secondary: { text: 'نهج البلاغة', lang: 'ar', ranges: [[0, 3]] },
    });
    expect(hitTitles(hit(), 'ar').title).toEqual({ text: 'نهج البلاغة', lang: 'ar', ranges: [[0, 3]] });
    expect(hitAuthors(hit(), 'en')).toEqual([
      { text: 'Al-Sharif al-Radi', lang: 'en', ranges: [[15, 17]], key: '0e5a7a5e-8f1f-4a7c-9d2e-3b4c5d6e7f80-0' },
    ]);
    expect(hitCategory(hit(), 'ar')).toEqual({ text: 'الحديث', lang: 'ar' });
  });

  it('fall back to the other language, and show one title once', () => {
    const onlyArabic = hit({ title: null, category: null });
    expect(hitTitles(onlyArabic, 'en')).toEqual({
      title: { text: 'نهج البلاغة', lang: 'ar', ranges: [[0, 3]] },
      secondary: null,
    });
    expect(hitCategory(onlyArabic, 'en')).toEqual({ text: 'الحديث', lang: 'ar' });
    expect(hitTitles(hit({ title_ar: 'Nahj al-Balagha' }), 'ar').secondary).toBeNull();
    expect(hitTitles(hit({ title: ' ', title_ar: null }), 'en').title).toBeNull();
  });

  it("use the book's author line when no author is linked, and nothing when there is none", () => {
    const unlinked = hit({ authors: [], author_name: 'Al-Kulayni', author_name_ar: 'الكليني' });
    expect(hitAuthors(unlinked, 'ar')).toEqual([{ text: 'الكليني', lang: 'ar', ranges: [], key: 'line' }]);
    expect(hitAuthors(hit({ authors: [] }), 'en')).toEqual([]);
  });
});
