/** One line of a statement's CSV: texts and numbers as they should read in a spreadsheet. */
export type CsvRow = readonly (string | number | null | undefined)[];

/** A cell quoted when it holds a comma, a quote or a line break (RFC 4180); a number as written. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : value;
  // a cell a spreadsheet would read as a formula is kept as text
  const safe = /^[=+\-@]/.test(text) && typeof value !== 'number' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text of some rows: cells separated by commas, lines ended by CRLF. */
export function toCsv(rows: readonly CsvRow[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A download's file name: the statement's name and the day it was made, e.g. trial-balance-2026-11-22.csv. */
export const csvFileName = (name: string, day: string) => `${name}-${day}.csv`;
