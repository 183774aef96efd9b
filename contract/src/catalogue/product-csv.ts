import { z } from 'zod';
import { type ProductCsvColumn, productCsvColumns } from '../product.ts';

/** The CSV columns as the product screens label them (a file may also use these as its header). */
export const productCsvLabels: Record<ProductCsvColumn, string> = {
  name: 'Name',
  sku: 'SKU',
  description: 'Description',
  category: 'Category',
  subCategory: 'Sub-category',
  brand: 'Brand',
  uom: 'Unit',
  uomValue: 'Pack size',
  vat: 'VAT',
  productQuantity: 'Quantity',
  reorderQuantity: 'Reorder level',
  productSalePrice: 'Sale price',
  productPurchasePrice: 'Purchase price',
  variantOf: 'Variant of',
  colour: 'Colour',
  attributeValues: 'Attribute values',
  barcode: 'Barcode',
};

/** A column's label for people; anything else (row, file) as it is. */
export const productCsvLabel = (column: string) => productCsvLabels[column as ProductCsvColumn] ?? column;

/**
 * How an import treats a SKU that already exists: `create` (the default) refuses it, `upsert`
 * updates that product with the columns the file has.
 */
export const productImportModes = ['create', 'upsert'] as const;
export type ProductImportMode = (typeof productImportModes)[number];

/** What an import does with a row: a new product, a change to the product of its SKU, or nothing to change. */
export const productImportActions = ['create', 'update', 'unchanged'] as const;
export type ProductImportAction = (typeof productImportActions)[number];

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
const lineNumber = z.preprocess(
  blankIsAbsent,
  z
    .string({ error: 'must be a line number' })
    .regex(/^\d{1,9}$/, 'must be a line number')
    .transform(Number)
    .optional(),
);

/**
 * `POST product/import` query: `query=preview` checks without writing; `mode` (create or upsert);
 * `fromLine`/`toLine` (the file's line numbers, inclusive) import a slice of the rows.
 */
export const productImportQuery = z
  .object({
    query: z.preprocess(blankIsAbsent, z.enum(['preview'], { error: "must be 'preview'" }).optional()),
    mode: z.preprocess(blankIsAbsent, z.enum(productImportModes, { error: "must be 'create' or 'upsert'" }).optional()),
    fromLine: lineNumber,
    toLine: lineNumber,
  })
  .refine((q) => q.fromLine === undefined || q.toLine === undefined || q.fromLine <= q.toLine, {
    path: ['toLine'],
    message: 'must not be before the first line',
  });

/** Header text → column: the column's name or its label, in any case, spaces, dashes and underscores ignored. */
const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
const headerColumns = new Map<string, ProductCsvColumn>([
  ...productCsvColumns.map((c) => [headerKey(productCsvLabels[c]), c] as const),
  ...productCsvColumns.map((c) => [headerKey(c), c] as const),
]);
export const productCsvColumnOf = (header: string): ProductCsvColumn | undefined => headerColumns.get(headerKey(header));
