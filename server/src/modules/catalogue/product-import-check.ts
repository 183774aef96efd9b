import {
  type ProductCsvColumn,
  type ProductImportAction,
  type ProductImportMode,
  type ProductInput,
  productInput,
} from '@tillbook/contract';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { product, productBrand, productCategory, productSubCategory, productVat, uom } from '../../schema/index.ts';
import { type CsvRecord, unguardFormula } from './product-csv.ts';

/** Columns of free text (a leading apostrophe guarding a formula is taken off). */
const textColumns = new Set<ProductCsvColumn>(['name', 'sku', 'description', 'category', 'subCategory', 'brand', 'uom', 'vat']);
/** Product fields that are filled from a column of another name. */
export const fieldColumn: Record<string, ProductCsvColumn> = {
  productSubCategoryId: 'subCategory',
  productBrandId: 'brand',
  uomId: 'uom',
  productVatId: 'vat',
};
/** Columns of plain values, checked by the product's own rules. */
const valueColumns = [
  'name',
  'sku',
  'description',
  'uomValue',
  'productQuantity',
  'reorderQuantity',
  'productSalePrice',
  'productPurchasePrice',
] as const;
/** Reference columns an update may clear with an empty cell, and the product field each fills. */
const referenceColumns = { subCategory: 'productSubCategoryId', brand: 'productBrandId', uom: 'uomId', vat: 'productVatId' } as const;
type ReferenceColumn = keyof typeof referenceColumns;
/** Every check on an update row, without the columns that are never required. */
const updateInput = productInput.partial();

export type RowErrors = Record<string, string>;

/** The columns an update writes (product fields), and the on-hand quantity the file asks for. */
export interface ProductChange {
  productId: number;
  sku: string;
  columns: Partial<{
    name: string;
    description: string | null;
    productSubCategoryId: number | null;
    productBrandId: number | null;
    uomId: number | null;
    uomValue: number | null;
    productVatId: number | null;
    reorderQuantity: number;
    productSalePrice: number;
    productPurchasePrice: number;
  }>;
  quantity?: number;
}

export interface CheckedRow {
  line: number;
  values: Partial<Record<ProductCsvColumn, string>>;
  action: ProductImportAction;
  /** Columns whose value differs from the product's (an update). */
  changes?: ProductCsvColumn[];
  errors?: RowErrors;
  /** A good row to create. */
  input?: ProductInput;
  /** A good row that updates the product of its SKU. */
  change?: ProductChange;
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

/** The columns of existing products an update compares with, for a chunk of lower-cased SKUs. */
const selectExisting = (db: DbOrTx, skus: string[]) =>
  db
    .select({
      id: product.id,
      sku: product.sku,
      name: product.name,
      description: product.description,
      productSubCategoryId: product.productSubCategoryId,
      productBrandId: product.productBrandId,
      uomId: product.uomId,
      uomValue: product.uomValue,
      productVatId: product.productVatId,
      productQuantity: product.productQuantity,
      reorderQuantity: product.reorderQuantity,
      productSalePrice: product.productSalePrice,
      productPurchasePrice: product.productPurchasePrice,
    })
    .from(product)
    .where(inArray(sql`lower(${product.sku})`, skus));
type ExistingProduct = Awaited<ReturnType<typeof selectExisting>>[number];

/** Existing products among the given lower-cased SKUs, by lower-cased SKU. */
async function existingProducts(db: DbOrTx, skus: string[]): Promise<Map<string, ExistingProduct>> {
  const found = new Map<string, ExistingProduct>();
  for (let i = 0; i < skus.length; i += 1000) {
    const chunk = skus.slice(i, i + 1000);
    if (chunk.length) for (const r of await selectExisting(db, chunk)) found.set(r.sku.toLowerCase(), r);
  }
  return found;
}

/** The field values of one row, as text, by column. */
export function valuesOf(columns: (ProductCsvColumn | null)[], record: CsvRecord): Partial<Record<ProductCsvColumn, string>> {
  const values: Partial<Record<ProductCsvColumn, string>> = {};
  columns.forEach((column, i) => {
    if (!column) return;
    const raw = (record.fields[i] ?? '').trim();
    values[column] = textColumns.has(column) ? unguardFormula(raw) : raw;
  });
  return values;
}

/** What an update row writes: the present columns, an empty cell clearing only what may be empty. */
function changeOf(
  existing: ExistingProduct,
  values: Partial<Record<ProductCsvColumn, string>>,
  parsed: Partial<ProductInput>,
  references: Partial<Record<ReferenceColumn, number | null>>,
): { change: ProductChange; changes: ProductCsvColumn[] } {
  const change: ProductChange = { productId: existing.id, sku: existing.sku, columns: {} };
  const changes: ProductCsvColumn[] = [];
  const write = <K extends keyof ProductChange['columns']>(column: ProductCsvColumn, field: K, value: ProductChange['columns'][K]) => {
    change.columns[field] = value;
    if (existing[field] !== value) changes.push(column);
  };
  for (const column of ['name', 'reorderQuantity', 'productSalePrice', 'productPurchasePrice'] as const) {
    const value = parsed[column];
    if (value !== undefined) write(column, column, value);
  }
  if (values.description !== undefined) write('description', 'description', parsed.description ?? null);
  if (values.uomValue !== undefined) write('uomValue', 'uomValue', parsed.uomValue ?? null);
  for (const column of Object.keys(referenceColumns) as ReferenceColumn[]) {
    if (column in references) write(column, referenceColumns[column], references[column] ?? null);
  }
  if (parsed.productQuantity !== undefined) {
    change.quantity = parsed.productQuantity;
    if (parsed.productQuantity !== existing.productQuantity) changes.push('productQuantity');
  }
  return { change, changes };
}

/**
 * Checks every row: its values against the product's rules, its names against the references, its
 * SKU against the rows above it in the file and against existing products (names need not be
 * unique). In `create` mode an existing SKU is refused; in `upsert` mode the row updates that
 * product with the columns the file has.
 */
export async function checkRows(
  db: DbOrTx,
  columns: (ProductCsvColumn | null)[],
  records: CsvRecord[],
  mode: ProductImportMode,
): Promise<CheckedRow[]> {
  const refs = await loadReferences(db);
  const present = new Set(columns.filter((c): c is ProductCsvColumn => c !== null));
  const skus = [...new Set(records.map((r) => valuesOf(columns, r).sku?.toLowerCase()).filter((v): v is string => !!v))];
  const existing = await existingProducts(db, skus);
  const seen = new Map<string, number>();

  return records.map((record) => {
    const values = valuesOf(columns, record);
    const errors: RowErrors = {};
    const sku = values.sku?.toLowerCase();
    const current = sku && mode === 'upsert' ? existing.get(sku) : undefined;
    if (record.fields.length > columns.length) errors.row = `has ${record.fields.length} fields but the header has ${columns.length}`;

    const resolve = (column: 'category' | 'subCategory' | 'brand' | 'uom' | 'vat', within?: NamedRow): NamedRow | undefined => {
      const name = values[column];
      if (!name) return undefined;
      const all = refs[column].get(name.toLowerCase()) ?? [];
      const matches = within ? all.filter((m) => m.categoryId === within.id) : all;
      if (all.length === 0) errors[column] = `no ${column === 'vat' ? 'VAT' : column} named '${name}'`;
      else if (matches.length === 0) errors[column] = `'${name}' is not in the category '${values.category}'`;
      else if (matches.length > 1) errors[column] = `'${name}' matches more than one ${column}`;
      return matches.length === 1 ? matches[0] : undefined;
    };
    const category = resolve('category');
    const subCategory = resolve('subCategory', category);
    if (values.category && !values.subCategory)
      errors.subCategory ??= 'is required when category is given (a product belongs to a sub-category)';
    const brand = resolve('brand');
    const unit = resolve('uom');
    const vat = resolve('vat');

    const candidate: Record<string, unknown> = {};
    for (const column of valueColumns) if (values[column]) candidate[column] = values[column];
    if (subCategory) candidate.productSubCategoryId = subCategory.id;
    if (brand) candidate.productBrandId = brand.id;
    if (unit) candidate.uomId = unit.id;
    if (vat) candidate.productVatId = vat.id;
    const parsed = (current ? updateInput : productInput).safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors[fieldColumn[field] ?? field] ??= issue.message;
      }
    }
    if (sku && !errors.sku) {
      if (seen.has(sku)) errors.sku = `repeats line ${seen.get(sku)} of this file`;
      else if (mode === 'create' && existing.has(sku)) errors.sku = 'already exists';
      seen.set(sku, seen.get(sku) ?? record.line);
    }

    const row: CheckedRow = { line: record.line, values, action: current ? 'update' : 'create' };
    if (Object.keys(errors).length || !parsed.success) {
      row.errors = errors;
      return row;
    }
    if (!current) {
      row.input = parsed.data as ProductInput;
      return row;
    }
    const references: Partial<Record<ReferenceColumn, number | null>> = {};
    for (const column of Object.keys(referenceColumns) as ReferenceColumn[]) {
      if (present.has(column)) references[column] = ({ subCategory, brand, uom: unit, vat }[column]?.id ?? null) as number | null;
    }
    const { change, changes } = changeOf(current, values, parsed.data, references);
    row.change = change;
    row.changes = changes;
    if (changes.length === 0) row.action = 'unchanged';
    return row;
  });
}
