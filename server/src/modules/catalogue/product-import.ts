import {
  type ProductCsvColumn,
  type ProductImportMode,
  type ProductImportSummary,
  productCsvColumnOf,
  productCsvColumns,
  type productImportQuery,
} from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, fromDatabase } from '../../platform/errors.ts';
import { caller } from '../../platform/route.ts';
import { createProduct } from './create-product.ts';
import { type CsvRecord, CsvSyntaxError, parseCsv } from './product-csv.ts';
import { checkRows, fieldColumn, type RowErrors } from './product-import-check.ts';
import { updateImportedProduct } from './product-import-update.ts';
import { type CheckedVariantRow, checkVariantRows, writeVariantRow } from './product-import-variants.ts';

/** Most data rows one file may hold. */
export const maxImportRows = 5000;

/** Columns a file must have: a new product needs a name; an update finds its product by SKU alone. */
const requiredColumns: Record<ProductImportMode, ProductCsvColumn[]> = { create: ['name', 'sku'], upsert: ['sku'] };

/** The CSV text of the request: a multipart file field `file`, or JSON {csv: text}. */
export async function readCsvText(ctx: AppContext, req: FastifyRequest): Promise<string> {
  let data: Buffer | string;
  if (req.isMultipart()) {
    const { fields, files } = await ctx.files.readMultipart(req);
    const stray = files.find((f) => f.field !== 'file');
    if (stray)
      throw badRequest(`Unexpected file field ${stray.field}; send the CSV as the field file`, { [stray.field]: 'is not expected' });
    if (files.length > 1) throw badRequest('Send one CSV file', { file: 'must be one file' });
    const file = files[0];
    if (!file && typeof fields.csv !== 'string') throw badRequest('file is required: choose a CSV file', { file: 'is required' });
    data = file ? file.data : fields.csv!;
  } else {
    const body = req.body as { csv?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.csv !== 'string')
      throw badRequest('Send a CSV file as the form field file, or JSON {csv: text}', { file: 'is required' });
    data = body.csv;
  }
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (size > ctx.files.maxBytes)
    throw new AppError('payload_too_large', `The file is larger than ${Math.round(ctx.files.maxBytes / 1024)} KB`);
  let text: string;
  try {
    text = typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest('The file must be UTF-8 text (save it as "CSV UTF-8")', { file: 'must be UTF-8 text' });
  }
  if (text.includes('\u0000')) throw badRequest('The file is not a CSV text file', { file: 'is not a CSV text file' });
  return text;
}

/** Header and data records, with the header checked: 400 for an empty file or missing/unknown columns. */
export function readTable(text: string, mode: ProductImportMode): { columns: (ProductCsvColumn | null)[]; records: CsvRecord[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || header.fields.every((f) => f.trim() === '')) throw badRequest('The file is empty', { file: 'is empty' });
  const columns = header.fields.map((f) => productCsvColumnOf(f) ?? null);
  const unknown = header.fields.filter((f, i) => columns[i] === null && f.trim() !== '');
  if (unknown.length) {
    throw badRequest(`Unknown columns: ${unknown.join(', ')}. Known columns: ${productCsvColumns.join(', ')}`, {
      file: `has unknown columns: ${unknown.join(', ')}`,
    });
  }
  const twice = columns.filter((c, i) => c && columns.indexOf(c) !== i);
  if (twice.length)
    throw badRequest(`Columns given twice: ${[...new Set(twice)].join(', ')}`, { file: `has columns given twice: ${twice.join(', ')}` });
  const missing = requiredColumns[mode].filter((c) => !columns.includes(c));
  if (missing.length)
    throw badRequest(`Missing required columns: ${missing.join(', ')}`, { file: `is missing the columns ${missing.join(', ')}` });
  if (rows.length === 0) throw badRequest('The file has a header but no product rows', { file: 'has no product rows' });
  if (rows.length > maxImportRows) {
    throw new AppError('payload_too_large', `The file has ${rows.length} product rows; import at most ${maxImportRows} at a time`);
  }
  return { columns, records: rows };
}

/** The field texts of an error a row's create raised, or undefined for an unexpected one. */
function rowErrorsOf(error: unknown): RowErrors | undefined {
  const known = error instanceof AppError ? error : fromDatabase(error);
  if (!known) return undefined;
  const fields: RowErrors = {};
  for (const [field, text] of Object.entries(known.fields ?? { row: known.message })) fields[fieldColumn[field] ?? field] = text;
  return fields;
}

/** Writes one good row in its own transaction: the product created, or the product of its SKU updated, or a variant's row. */
async function writeRow(ctx: AppContext, req: FastifyRequest, row: CheckedVariantRow): Promise<void> {
  const writer = { userId: caller(req).id, clock: ctx.config.clock };
  const { db } = req;
  if (row.variant) {
    const variant = row.variant;
    await db.transaction((tx) => writeVariantRow(tx, writer, variant));
  } else if (row.input) {
    const input = row.input;
    await db.transaction((tx) => createProduct(tx, writer, input));
  } else if (row.change) {
    const change = row.change;
    await db.transaction((tx) => updateImportedProduct(tx, writer, change));
  }
}

/**
 * POST /product/import: `?query=preview` checks every row and writes nothing; otherwise each good
 * row is written in its own transaction, so a bad row never stops a good one and a failed row
 * writes nothing. `mode=upsert` updates the product of an existing SKU with the file's columns
 * (create-only otherwise). `fromLine`/`toLine` (file line numbers, inclusive) limit the import to
 * a slice of the rows, so a screen can send the file in slices and show progress; rows outside the
 * slice are neither written nor reported.
 */
export async function productImportRoute(ctx: AppContext, req: FastifyRequest, query: z.output<typeof productImportQuery>) {
  const fromLine = query.fromLine ?? 2;
  const toLine = query.toLine ?? Number.MAX_SAFE_INTEGER;
  const text = await readCsvText(ctx, req);
  const mode = query.mode ?? 'create';
  const { columns, records } = readTable(text, mode);
  // a row naming `variantOf` is a variant's (issue 32); the others are products', checked as before
  const variantColumn = columns.indexOf('variantOf');
  const isVariant = (r: CsvRecord) => variantColumn >= 0 && (r.fields[variantColumn] ?? '').trim() !== '';
  const productRows = await checkRows(
    ctx.db,
    columns,
    records.filter((r) => !isVariant(r)),
    mode,
  );
  const madeAbove = new Map(productRows.filter((r) => r.input).map((r) => [r.input!.sku.toLowerCase(), r.line]));
  const variantRows = await checkVariantRows(ctx.db, columns, records.filter(isVariant), mode, madeAbove);
  const rows: CheckedVariantRow[] = [...productRows, ...variantRows].sort((a, b) => a.line - b.line);
  if (query.query === 'preview') {
    const bad = rows.filter((r) => r.errors).length;
    return {
      rows: rows.map((r) => ({
        line: r.line,
        ok: !r.errors,
        action: r.action,
        ...(r.changes ? { changes: r.changes } : {}),
        ...(r.errors ? { errors: r.errors } : {}),
        values: r.values,
      })),
      good: rows.length - bad,
      bad,
    };
  }
  const summary: ProductImportSummary = { imported: 0, created: 0, updated: 0, unchanged: 0, failed: [] };
  for (const row of rows) {
    if (row.line < fromLine || row.line > toLine) continue;
    if (row.errors) {
      summary.failed.push({ line: row.line, errors: row.errors });
      continue;
    }
    try {
      if (row.action !== 'unchanged') await writeRow(ctx, req, row);
      summary.imported++;
      summary[row.action === 'create' ? 'created' : row.action === 'update' ? 'updated' : 'unchanged']++;
    } catch (error) {
      const errors = rowErrorsOf(error);
      if (!errors) req.log.error({ err: error, line: row.line }, 'product import row failed');
      summary.failed.push({ line: row.line, errors: errors ?? { row: 'could not be saved; it has been logged' } });
    }
  }
  return summary;
}
