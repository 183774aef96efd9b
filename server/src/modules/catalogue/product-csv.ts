/**
 * A small CSV reader and writer (RFC 4180): comma separated, fields optionally in double quotes,
 * a quote inside a quoted field doubled, commas and line breaks allowed inside quotes, records
 * ended by CRLF or LF, an optional UTF-8 byte order mark at the start.
 */

export interface CsvRecord {
  /** Line of the file (1-based) the record starts on. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const BOM = '\uFEFF';

/**
 * Reads CSV text into records with their starting line numbers. Lines that are entirely empty are
 * skipped (their numbers still count). Throws {@link CsvSyntaxError} naming the line for a quote
 * left open or text after a closing quote.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;
  let i = 0;
  const n = text.length;
  let inQuotes = false;
  // true right after a closing quote: only a comma or a line end may follow
  let afterQuote = false;
  // true when the current field was started (any character, or quotes)
  let started = false;

  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !started)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    started = false;
    afterQuote = false;
  };

  while (i < n) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        afterQuote = true;
        i++;
        continue;
      }
      if (ch === '\r' && text[i + 1] === '\n') {
        field += '\r\n';
        line++;
        i += 2;
        continue;
      }
      if (ch === '\n' || ch === '\r') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
      started = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (afterQuote) throw new CsvSyntaxError(line, 'text after a closing quote; a quote inside a quoted field must be doubled ("")');
    if (ch === '"' && field === '') {
      inQuotes = true;
      started = true;
      quoteLine = line;
      i++;
      continue;
    }
    field += ch;
    started = true;
    i++;
  }
  if (inQuotes) throw new CsvSyntaxError(quoteLine, 'a quoted field is never closed');
  if (started || fields.length || field !== '') endRecord();
  return records;
}

/** One field as CSV: quoted when it holds a comma, quote, line break or leading/trailing space. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: CRLF line ends, a byte order mark so spreadsheets read it as UTF-8. */
export function writeCsv(rows: (string | number | null | undefined)[][]): string {
  return `${BOM}${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab/CR) as a formula. Export text cells
 * with a leading apostrophe in that case; import takes it off again.
 */
const formulaStart = /^[=+\-@\t\r]/;
export const guardFormula = (text: string | null | undefined) => (text && formulaStart.test(text) ? `'${text}` : (text ?? ''));
export const unguardFormula = (text: string) => (text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text);
