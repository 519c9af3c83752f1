import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDisposition, toCsv } from './csv.js';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Riyad al-Salihin')).toBe('Riyad al-Salihin');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Fiqh, vol. 1')).toBe('"Fiqh, vol. 1"');
    expect(csvCell('The "Forty"')).toBe('"The ""Forty"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text that a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 613 555 0143')).toBe("'+1 613 555 0143");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps Arabic text intact', () => {
    expect(csvCell('رياض الصالحين')).toBe('رياض الصالحين');
    expect(csvCell('الأربعون، النووية')).toBe('الأربعون، النووية');
  });
});

describe('toCsv', () => {
  it('writes a byte-order mark, a header row and CRLF-ended rows', () => {
    const csv = toCsv(
      ['month', 'requests'],
      [
        ['2026-01', 3],
        ['2026-02', 0],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('month,requests\r\n2026-01,3\r\n2026-02,0\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe(`${CSV_BOM}a,b\r\n`);
  });
});

describe('csvDisposition', () => {
  it('names the file after the report and the UTC day', () => {
    expect(csvDisposition('most-requested', new Date('2026-03-01T23:30:00Z'))).toBe(
      'attachment; filename="maktaba-most-requested-2026-03-01.csv"',
    );
  });
});
