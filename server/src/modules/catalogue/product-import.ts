import { type ProductCsvColumn, type ProductInput, productCsvColumns, productInput } from '@tillbook/contract';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, badRequest, fromDatabase } from '../../platform/errors.ts';
import { caller } from '../../platform/route.ts';
import { product, productBrand, productCategory, productSubCategory, productVat, uom } from '../../schema/index.ts';
import { createProduct } from './create-product.ts';
import { type CsvRecord, CsvSyntaxError, parseCsv, unguardFormula } from './product-csv.ts';

/** Most data rows one file may hold. */
export const maxImportRows = 5000;

const requiredColumns: ProductCsvColumn[] = ['name', 'sku'];
/** Columns of free text (a leading apostrophe guarding a formula is taken off). */
const textColumns = new Set<ProductCsvColumn>(['name', 'sku', 'description', 'category', 'subCategory', 'brand', 'uom', 'vat']);
/** Product fields that are filled from a column of another name. */
const fieldColumn: Record<string, ProductCsvColumn> = {
  productSubCategoryId: 'subCategory',
  productBrandId: 'brand',
  uomId: 'uom',
  productVatId: 'vat',
};

export type RowErrors = Record<string, string>;
export interface CheckedRow {
  line: number;
  values: Partial<Record<ProductCsvColumn, string>>;
  errors?: RowErrors;
  input?: ProductInput;
  fieldCount?: number;
}

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
export function readTable(text: string): { columns: (ProductCsvColumn | null)[]; records: CsvRecord[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || header.fields.every((f) => f.trim() === '')) throw badRequest('The file is empty', { file: 'is empty' });
  const known = new Map(productCsvColumns.map((c) => [c.toLowerCase(), c]));
  const columns = header.fields.map(
    (f) =>
      known.get(
        f
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, ''),
      ) ?? null,
  );
  const unknown = header.fields.filter((f, i) => columns[i] === null && f.trim() !== '');
  if (unknown.length) {
    throw badRequest(`Unknown columns: ${unknown.join(', ')}. Known columns: ${productCsvColumns.join(', ')}`, {
      file: `has unknown columns: ${unknown.join(', ')}`,
    });
  }
  const twice = columns.filter((c, i) => c && columns.indexOf(c) !== i);
  if (twice.length)
    throw badRequest(`Columns given twice: ${[...new Set(twice)].join(', ')}`, { file: `has columns given twice: ${twice.join(', ')}` });
  const missing = requiredColumns.filter((c) => !columns.includes(c));
  if (missing.length)
    throw badRequest(`Missing required columns: ${missing.join(', ')}`, { file: `is missing the columns ${missing.join(', ')}` });
  if (rows.length === 0) throw badRequest('The file has a header but no product rows', { file: 'has no product rows' });
  if (rows.length > maxImportRows) {
    throw new AppError('payload_too_large', `The file has ${rows.length} product rows; import at most ${maxImportRows} at a time`);
  }
  return { columns, records: rows };
}

interface NamedRow {
  id: number;
  name: string;
  categoryId?: number;
}
type Lookup = Map<string, NamedRow[]>;
const lookup = (rows: NamedRow[]): Lookup => {
  const map: Lookup = new Map();
  for (const r of rows) {
    const key = r.name.trim().toLowerCase();
    map.set(key, [...(map.get(key) ?? []), r]);
  }
  return map;
};

/** Names → ids of the references a row may name, loaded once per file. */
async function loadReferences(db: DbOrTx) {
  const [categories, subCategories, brands, units, vats] = await Promise.all([
    db.select({ id: productCategory.id, name: productCategory.name }).from(productCategory),
    db
      .select({ id: productSubCategory.id, name: productSubCategory.name, categoryId: productSubCategory.productCategoryId })
      .from(productSubCategory),
    db.select({ id: productBrand.id, name: productBrand.name }).from(productBrand),
    db.select({ id: uom.id, name: uom.name }).from(uom),
    db.select({ id: productVat.id, name: productVat.title }).from(productVat),
  ]);
  return { category: lookup(categories), subCategory: lookup(subCategories), brand: lookup(brands), uom: lookup(units), vat: lookup(vats) };
}

/** Lower-cased SKUs of existing products among those given. */
async function existingSkus(db: DbOrTx, skus: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    if (!chunk.length) continue;
    const rows = await db
      .select({ v: sql<string>`lower(${product.sku})` })
      .from(product)
      .where(inArray(sql`lower(${product.sku})`, chunk));
    for (const r of rows) found.add(r.v);
  }
  return found;
}

/**
 * Checks every row: its values against the product's rules, its names against the references,
 * its SKU against existing products and the rows above it in the file (names need not be unique).
 */
export async function checkRows(db: DbOrTx, columns: (ProductCsvColumn | null)[], records: CsvRecord[]): Promise<CheckedRow[]> {
  const refs = await loadReferences(db);
  const rows: CheckedRow[] = records.map((record) => {
    const values: Partial<Record<ProductCsvColumn, string>> = {};
    columns.forEach((column, i) => {
      if (!column) return;
      const raw = (record.fields[i] ?? '').trim();
      values[column] = textColumns.has(column) ? unguardFormula(raw) : raw;
    });
    return { line: record.line, values, fieldCount: record.fields.length };
  });
  const skus = [...new Set(rows.map((r) => r.values.sku?.toLowerCase()).filter((v): v is string => !!v))];
  const existing = { sku: await existingSkus(db, skus) };
  const seen = { sku: new Map<string, number>() };

  for (const row of rows) {
    const errors: RowErrors = {};
    const v = row.values;
    if ((row.fieldCount ?? 0) > columns.length) errors.row = `has ${row.fieldCount} fields but the header has ${columns.length}`;
    const resolve = (column: 'category' | 'subCategory' | 'brand' | 'uom' | 'vat'): NamedRow | undefined => {
      const name = v[column];
      if (!name) return undefined;
      const matches = refs[column].get(name.toLowerCase()) ?? [];
      if (matches.length === 0) errors[column] = `no ${column === 'vat' ? 'VAT' : column} named '${name}'`;
      else if (matches.length > 1) errors[column] = `'${name}' matches more than one ${column}`;
      return matches.length === 1 ? matches[0] : undefined;
    };
    const category = resolve('category');
    const subCategory = resolve('subCategory');
    if (v.category && !v.subCategory) errors.subCategory ??= 'is required when category is given (a product belongs to a sub-category)';
    if (category && subCategory && subCategory.categoryId !== category.id)
      errors.subCategory = `'${v.subCategory}' is not in the category '${v.category}'`;
    const brand = resolve('brand');
    const unit = resolve('uom');
    const vat = resolve('vat');

    const candidate: Record<string, unknown> = {};
    for (const column of [
      'name',
      'sku',
      'description',
      'uomValue',
      'productQuantity',
      'reorderQuantity',
      'productSalePrice',
      'productPurchasePrice',
    ] as const) {
      if (v[column] !== undefined && v[column] !== '') candidate[column] = v[column];
    }
    if (subCategory) candidate.productSubCategoryId = subCategory.id;
    if (brand) candidate.productBrandId = brand.id;
    if (unit) candidate.uomId = unit.id;
    if (vat) candidate.productVatId = vat.id;
    const parsed = productInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors[fieldColumn[field] ?? field] ??= issue.message;
      }
    }
    for (const field of ['sku'] as const) {
      const key = v[field]?.toLowerCase();
      if (!key || errors[field]) continue;
      if (existing[field].has(key)) errors[field] = 'already exists';
      else if (seen[field].has(key)) errors[field] = `repeats line ${seen[field].get(key)} of this file`;
      else seen[field].set(key, row.line);
    }
    if (Object.keys(errors).length) row.errors = errors;
    else row.input = parsed.data;
  }
  return rows;
}

/** The field texts of an error a row's create raised, or undefined for an unexpected one. */
function rowErrorsOf(error: unknown): RowErrors | undefined {
  const known = error instanceof AppError ? error : fromDatabase(error);
  if (!known) return undefined;
  const fields: RowErrors = {};
  for (const [field, text] of Object.entries(known.fields ?? { row: known.message })) fields[fieldColumn[field] ?? field] = text;
  return fields;
}

/**
 * POST /product/import: `?query=preview` checks every row and writes nothing; otherwise each good
 * row is created in its own transaction, so a bad row never stops a good one. `fromLine`/`toLine`
 * (file line numbers, inclusive) limit the import to a slice of the rows, so a screen can send the
 * file in slices and show progress; rows outside the slice are neither created nor reported.
 */
export async function productImportRoute(ctx: AppContext, req: FastifyRequest) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const mode = query.query;
  if (mode !== undefined && mode !== '' && mode !== 'preview')
    throw badRequest("query must be 'preview' or absent", { query: "must be 'preview'" });
  const lineParam = (name: 'fromLine' | 'toLine') => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value))
      throw badRequest(`${name} must be a line number`, { [name]: 'must be a line number' });
    return Number(value);
  };
  // the screen's progress bar imports the file in slices of lines: the whole file is checked, only these rows are created
  const fromLine = lineParam('fromLine') ?? 2;
  const toLine = lineParam('toLine') ?? Number.MAX_SAFE_INTEGER;
  if (fromLine > toLine) throw badRequest('toLine must not be before fromLine', { toLine: 'must not be before fromLine' });
  const text = await readCsvText(ctx, req);
  const { columns, records } = readTable(text);
  const rows = await checkRows(ctx.db, columns, records);
  if (mode === 'preview') {
    const bad = rows.filter((r) => r.errors).length;
    return {
      rows: rows.map((r) => ({ line: r.line, ok: !r.errors, ...(r.errors ? { errors: r.errors } : {}), values: r.values })),
      good: rows.length - bad,
      bad,
    };
  }
  const userId = caller(req).id;
  let imported = 0;
  const failed: { line: number; errors: RowErrors }[] = [];
  for (const row of rows) {
    if (row.line < fromLine || row.line > toLine) continue;
    if (!row.input) {
      failed.push({ line: row.line, errors: row.errors! });
      continue;
    }
    const input = row.input;
    try {
      await ctx.db.transaction((tx) => createProduct(tx, { userId, clock: ctx.config.clock }, input));
      imported++;
    } catch (error) {
      const errors = rowErrorsOf(error);
      if (!errors) req.log.error({ err: error, line: row.line }, 'product import row failed');
      failed.push({ line: row.line, errors: errors ?? { row: 'could not be saved; it has been logged' } });
    }
  }
  return { imported, failed };
}
