import { describe, expect, it } from 'vitest';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';
import { testBook } from '../../../lib/test-books';
import { bookAuthor, bookTitle } from './localized-text';

const book = testBook;

describe('pickLocalized', () => {
  it("prefers the reader's language and says which language the text is in", () => {
    expect(pickLocalized('Al-Kafi', 'الكافي', 'en')).toEqual({ text: 'Al-Kafi', lang: 'en' });
    expect(pickLocalized('Al-Kafi', 'الكافي', 'ar')).toEqual({ text: 'الكافي', lang: 'ar' });
  });

  it('falls back to the other language when the first is missing or blank', () => {
    expect(pickLocalized(null, 'الكافي', 'en')).toEqual({ text: 'الكافي', lang: 'ar' });
    expect(pickLocalized('Al-Kafi', '   ', 'ar')).toEqual({ text: 'Al-Kafi', lang: 'en' });
  });

  it('is null when neither exists', () => {
    expect(pickLocalized(null, '', 'en')).toBeNull();
  });
});

describe('pickSecondary', () => {
  it('is the other language, only when it exists and differs', () => {
    expect(pickSecondary('Al-Kafi', 'الكافي', 'en')).toEqual({ text: 'الكافي', lang: 'ar' });
    expect(pickSecondary('Al-Kafi', 'الكافي', 'ar')).toEqual({ text: 'Al-Kafi', lang: 'en' });
    expect(pickSecondary('Al-Kafi', null, 'ar')).toBeNull();
    expect(pickSecondary('Same', 'Same', 'en')).toBeNull();
  });
});

describe('bookTitle and bookAuthor', () => {
  it('title follows the language with fallback', () => {
    expect(bookTitle(book({ title: 'Nahj al-Balagha', title_ar: 'نهج البلاغة' }), 'ar')?.text).toBe('نهج البلاغة');
    expect(bookTitle(book({ title_ar: 'نهج البلاغة' }), 'en')?.text).toBe('نهج البلاغة');
    expect(bookTitle(book({}), 'en')).toBeNull();
  });

  it('author_name falls back to author, and author_name_ar to author_ar', () => {
    expect(bookAuthor(book({ author: 'al-Kulayni' }), 'en')).toEqual({ text: 'al-Kulayni', lang: 'en' });
    expect(bookAuthor(book({ author_ar: 'الكليني' }), 'ar')).toEqual({ text: 'الكليني', lang: 'ar' });
    expect(bookAuthor(book({ author_name: 'A', author: 'B' }), 'en')?.text).toBe('A');
  });

  it('then joins the linked authors, and is null when there is no name at all', () => {
    const authors = [
      { id: '00000000-0000-4000-8000-000000000002', name: 'al-Tusi', name_ar: 'الطوسي' },
      { id: '00000000-0000-4000-8000-000000000003', name: null, name_ar: 'الحلي' },
    ];
    expect(bookAuthor(book({ authors }), 'ar')?.text).toBe('الطوسي، الحلي');
    expect(bookAuthor(book({ authors }), 'en')?.text).toBe('al-Tusi, الحلي');
    expect(bookAuthor(book({}), 'en')).toBeNull();
  });
});
