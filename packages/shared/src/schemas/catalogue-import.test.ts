import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '../search-text.js';
import { openitiAyn, validateImportRow } from './catalogue-import.js';

const valid = (row: unknown) => {
  const result = validateImportRow(row);
  if (!result.ok) throw new Error(`rejected: ${JSON.stringify(result.rejection)}`);
  return result.record;
};
const rejection = (row: unknown) => {
  const result = validateImportRow(row);
  if (result.ok) throw new Error('accepted');
  return result.rejection;
};

describe('validateImportRow', () => {
  it('writes the ʿayn of an OpenITI title and author, which their URIs write as "c", and nothing else', () => {
    const record = valid({
      id: 'openiti:0400IbnCaliHarrani.TuhafCuqul',
      title: 'Tuhaf Cuqul',
      title_ar: 'تحف العقول',
      author: 'Ibn Cali Harrani',
      description: 'Edition: الثانية',
    });
    expect(record.title).toBe('Tuhaf ʿUqul');
    expect(record.authors[0]?.name).toBe('Ibn ʿAli Harrani');
    expect(record.title_ar).toBe('تحف العقول');
    expect(record.description).toBe('Edition: الثانية');
    expect(openitiAyn('Wasail Shica')).toBe('Wasail Shiʿa');
    expect(openitiAyn('Thawab Acmal')).toBe('Thawab Aʿmal');
    expect(openitiAyn('Jacfar Sadiq')).toBe('Jaʿfar Sadiq');
    // Another source's Latin keeps its c.
    expect(valid({ id: 'thaqalayn:Al-Kafi', title: 'Al-Kāfi (The Sufficient)' }).title).toBe(
      'Al-Kāfi (The Sufficient)',
    );
    expect(valid({ id: 'csv:1', title: 'Commentary', author: 'Cali' }).authors[0]?.name).toBe('Cali');
  });

  it('gives OpenITI titles the words readers type: the ʿayn sign is dropped by search', () => {
    expect(normalizeSearchText(openitiAyn('Wasail Shica'))).toBe('wasail shia');
    expect(normalizeSearchText("Shi'a")).toBe('shia');
    expect(normalizeSearchText(openitiAyn('Tuhaf Cuqul'))).toBe('tuhaf uqul');
  });

  it('reads CSV text values as numbers, booleans and lower-case codes; blanks are absent', () => {
    const record = valid({
      id: ' csv:1 ',
      title: 'Kitab',
      title_ar: '',
      language: ' AR ',
      publication_year: '1987',
      is_digital: 'Yes',
      copies_total: '4',
      copies_available: '',
      format: 'PDF',
    });
    expect(record).toMatchObject({
      id: 'csv:1',
      title: 'Kitab',
      title_ar: null,
      language: 'ar',
      publication_year: 1987,
      is_digital: true,
      copies_total: 4,
      // Not said: every copy held can be lent.
      copies_available: null,
      format: 'pdf',
    });
  });

  it('gathers the authors: the author pair first, then the list, each name by its script', () => {
    const record = valid({
      id: 'a',
      title_ar: 'كتاب',
      author: 'al-Mufid',
      author_ar: 'الشيخ المفيد',
      author_death_hijri: 413,
      authors: 'al-Tusi; الشريف المرتضى',
    });
    expect(record.authors).toEqual([
      { name: 'al-Mufid', name_ar: 'الشيخ المفيد', death_hijri: 413 },
      { name: 'al-Tusi', name_ar: null, death_hijri: null },
      { name: null, name_ar: 'الشريف المرتضى', death_hijri: null },
    ]);
    expect(valid({ id: 'b', title: 'x', authors: [{ name: 'A', death_hijri: 10 }] }).authors).toEqual([
      { name: 'A', name_ar: null, death_hijri: 10 },
    ]);
  });

  it('rejects with a reason key and its params', () => {
    expect(rejection([1, 2])).toEqual({ reason: 'import.reasons.notAnObject' });
    expect(rejection({ title: 'x' })).toEqual({ reason: 'import.reasons.missingId', params: { field: 'id' } });
    expect(rejection({ id: 'x' })).toEqual({ reason: 'import.reasons.missingTitle', params: { field: 'title' } });
    expect(rejection({ id: 'x', title: 'x', language: 'xx' })).toEqual({
      reason: 'import.reasons.unknownLanguage',
      params: { field: 'language', value: 'xx' },
    });
    expect(rejection({ id: 'x', title: 'x'.repeat(501) })).toEqual({
      reason: 'import.reasons.tooLong',
      params: { field: 'title', max: 500 },
    });
    expect(rejection({ id: 'x', title: 'x', copies_total: 1, copies_available: 2 }).reason).toBe(
      'import.reasons.copiesAvailable',
    );
    expect(rejection({ id: 'x', title: 'x', publication_year: 'soon' })).toEqual({
      reason: 'import.reasons.notANumber',
      params: { field: 'publication_year', value: 'soon' },
    });
  });

  it('accepts only plausible years', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(valid({ id: 'x', title: 'x', publication_year: nextYear }).publication_year).toBe(nextYear);
    expect(rejection({ id: 'x', title: 'x', publication_year: nextYear + 1 }).reason).toBe(
      'import.reasons.implausibleYear',
    );
    expect(rejection({ id: 'x', title: 'x', publication_year: 0 }).reason).toBe('import.reasons.implausibleYear');
    expect(rejection({ id: 'x', title: 'x', author: 'A', author_death_hijri: 1600 }).reason).toBe(
      'import.reasons.implausibleYear',
    );
  });
});
