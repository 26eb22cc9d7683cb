/**
 * CSV exports (issue 17): UTF-8 with a byte-order mark so spreadsheet programs read accents right; in pt-BR `;`
 * separators (a comma is the decimal mark there) and dd/mm/aaaa dates, in en-US `,` and the ISO date. One way to build
 * and to download a CSV for every export of the app.
 */
import type { Locale } from './i18n.ts';
import { downloadFile } from './download-file.ts';

export type CsvCell = string | number | null | undefined;

/** The separator a spreadsheet program of that language expects. */
export const csvSeparator = (locale: Locale): string => (locale === 'pt-BR' ? ';' : ',');

/** A YYYY-MM-DD day as a CSV date of that language: dd/mm/aaaa in pt-BR, unchanged in en-US. */
export function csvDate(isoDate: string, locale: Locale): string {
  if (locale !== 'pt-BR') return isoDate;
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** A number as a CSV cell of that language (decimal comma in pt-BR). */
export function csvNumber(value: number, locale: Locale): string {
  const text = String(value);
  return locale === 'pt-BR' ? text.replace('.', ',') : text;
}

function cell(value: CsvCell, separator: string): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell a spreadsheet would run as a formula (=, +, -, @ first) is kept as text: a child's name is never code.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const quoted = text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r');
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte-order mark, then one line per row, CRLF between lines (RFC 4180). */
export function toCsv(rows: readonly (readonly CsvCell[])[], locale: Locale): string {
  const separator = csvSeparator(locale);
  return `\uFEFF${rows.map((row) => row.map((value) => cell(value, separator)).join(separator)).join('\r\n')}\r\n`;
}

/** Offers the file to the user as a download (works offline: nothing leaves the device). */
export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[], locale: Locale): void {
  downloadFile(new Blob([toCsv(rows, locale)], { type: 'text/csv;charset=utf-8' }), fileName);
}
