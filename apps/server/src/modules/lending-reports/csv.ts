/**
 * CSV files for spreadsheets (RFC 4180): CRLF line ends, a field quoted when it holds a comma, a
 * quote or a line break (quotes doubled), a UTF-8 byte-order mark so spreadsheet programs read
 * Arabic as UTF-8, and text that would start a formula (`=`, `+`, `-`, `@`, tab, carriage return)
 * prefixed with `'` so it is shown, never evaluated. Numbers are the server's own and pass as they are.
 */

export type CsvValue = string | number | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the byte-order mark, the header row, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** `attachment; filename="maktaba-<report>-<YYYY-MM-DD>.csv"` for the day `now` falls on (UTC). */
export function csvDisposition(report: string, now: Date): string {
  return `attachment; filename="maktaba-${report}-${now.toISOString().slice(0, 10)}.csv"`;
}
