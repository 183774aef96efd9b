import { money, type ProductCsvColumn, type ProductImportMode, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { post } from '../accounting/index.ts';
import { moveStock, movingAverage, setAverageCost } from '../inventory/index.ts';
import type { CsvRecord } from './product-csv.ts';
import type { CheckedRow, RowErrors } from './product-import-check.ts';
import { valuesOf } from './product-import-check.ts';
import { assertCodesFree, assertCombinationFree, lockProduct, markHasVariants, productTouched } from './product-variant.ts';

/** What a good variant row writes (issue 32): a new variant of its product, or the existing one's fields, and its stock. */
export interface VariantWrite {
  productSku: string;
  variantId?: number;
  create?: { colorId: number | null; attributeValueIds: number[]; sku: string };
  fields: { barcode?: string | null; productSalePrice?: number | null; reorderQuantity?: number };
  /** The on-hand quantity the file asks for. */
  quantity?: number;
  /** The unit cost of stock the row adds (its purchase price), else the variant's average cost. */
  unitCost?: number;
}

export type CheckedVariantRow = CheckedRow & { variant?: VariantWrite };

const count = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(1_000_000, 'is too large');
const amount = z.preprocess((text) => Number(text), money);

interface Existing {
  id: number;
  product_sku: string;
  sku: string;
  barcode: string | null;
  quantity: number;
  reorder: number;
  price: string | null;
}

const lowered = (list: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(list.map((x) => x.toLowerCase()))}::jsonb))`;

/**
 * The variant rows of a product file (those naming `variantOf`, the SKU of a product existing or made by a row
 * above): a new variant by its colour and attribute values' names, or (upsert) the variant of its SKU updated;
 * its barcode, own price (blank: the product's), reorder level and stock. Checked as the product rows are.
 */
export async function checkVariantRows(
  db: DbOrTx,
  columns: (ProductCsvColumn | null)[],
  records: CsvRecord[],
  mode: ProductImportMode,
  productsAbove: ReadonlyMap<string, number>,
): Promise<CheckedVariantRow[]> {
  if (!records.length) return [];
  const rowsOf = records.map((r) => ({ record: r, values: valuesOf(columns, r) }));
  const skus = rowsOf.flatMap((r) => (r.values.sku ? [r.values.sku] : []));
  const owners = rowsOf.flatMap((r) => (r.values.variantOf ? [r.values.variantOf] : []));
  const [existing, products, colours, values] = await Promise.all([
    rawRows<Existing>(
      db,
      sql`select v.id, p.sku as product_sku, v.sku, v.barcode, v.product_quantity as quantity, v.reorder_quantity as reorder,
          v.product_sale_price::text as price
        from product_variant v join product p on p.id = v.product_id where lower(v.sku) in ${lowered(skus)}`,
    ),
    rawRows<{ sku: string }>(db, sql`select sku from product where lower(sku) in ${lowered([...owners, ...skus])}`),
    rawRows<{ id: number; name: string }>(db, sql`select id, name from colors`),
    rawRows<{ id: number; name: string }>(db, sql`select id, name from product_attribute_value`),
  ]);
  const variantBySku = new Map(existing.map((v) => [v.sku.toLowerCase(), v]));
  const productSkus = new Set(products.map((p) => p.sku.toLowerCase()));
  const named = (list: { id: number; name: string }[], name: string) =>
    list.filter((x) => x.name.trim().toLowerCase() === name.trim().toLowerCase());
  const seen = new Map<string, number>();
  return rowsOf.map(({ record, values: v }) => {
    const errors: RowErrors = {};
    const owner = v.variantOf!;
    const ownerKnown = productSkus.has(owner.toLowerCase()) || (productsAbove.get(owner.toLowerCase()) ?? Infinity) < record.line;
    if (!ownerKnown) errors.variantOf = `no product has the SKU '${owner}'`;
    const sku = v.sku ?? '';
    if (!sku) errors.sku = 'is required';
    const current = variantBySku.get(sku.toLowerCase());
    if (sku && seen.has(sku.toLowerCase())) errors.sku = `repeats line ${seen.get(sku.toLowerCase())} of this file`;
    else if (sku) seen.set(sku.toLowerCase(), record.line);
    if (current && current.product_sku.toLowerCase() !== owner.toLowerCase()) errors.sku = `is a variant of ${current.product_sku}`;
    else if (current && mode === 'create') errors.sku = 'already exists';
    else if (!current && productSkus.has(sku.toLowerCase())) errors.sku = "is a product's SKU";
    const number = <T>(column: ProductCsvColumn, schema: z.ZodType<T>): T | undefined => {
      const text = v[column];
      if (text === undefined || text === '') return undefined;
      const parsed = schema.safeParse(text);
      if (!parsed.success) errors[column] = parsed.error.issues[0]!.message;
      return parsed.success ? parsed.data : undefined;
    };
    const quantity = number('productQuantity', count);
    const reorderQuantity = number('reorderQuantity', count);
    const price = number('productSalePrice', amount);
    const cost = number('productPurchasePrice', amount);
    const fields: VariantWrite['fields'] = {};
    if (v.barcode !== undefined) fields.barcode = v.barcode || null;
    if (v.productSalePrice !== undefined) fields.productSalePrice = price ?? null;
    if (reorderQuantity !== undefined) fields.reorderQuantity = reorderQuantity;
    let create: VariantWrite['create'];
    if (!current) {
      const colour = v.colour ? named(colours, v.colour) : [];
      if (v.colour && colour.length !== 1)
        errors.colour = colour.length ? `'${v.colour}' matches more than one colour` : `no colour named '${v.colour}'`;
      const ids: number[] = [];
      for (const name of (v.attributeValues ?? '')
        .split('/')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const found = named(values, name);
        if (found.length !== 1)
          errors.attributeValues = found.length ? `'${name}' matches more than one value` : `no attribute value named '${name}'`;
        else ids.push(found[0]!.id);
      }
      if (!v.colour && !ids.length) errors.attributeValues ??= 'is required for a new variant, or a colour';
      create = { colorId: colour[0]?.id ?? null, attributeValueIds: ids.sort((a, b) => a - b), sku };
    }
    const row: CheckedVariantRow = { line: record.line, values: v, action: current ? 'update' : 'create' };
    if (Object.keys(errors).length) return { ...row, errors };
    const changes: ProductCsvColumn[] = [];
    if (current) {
      if (fields.barcode !== undefined && fields.barcode !== current.barcode) changes.push('barcode');
      if (fields.productSalePrice !== undefined && fields.productSalePrice !== (current.price === null ? null : Number(current.price)))
        changes.push('productSalePrice');
      if (fields.reorderQuantity !== undefined && fields.reorderQuantity !== Number(current.reorder)) changes.push('reorderQuantity');
      if (quantity !== undefined && quantity !== Number(current.quantity)) changes.push('productQuantity');
    }
    const write: VariantWrite = { productSku: owner, variantId: current?.id, create, fields, quantity, unitCost: cost };
    return { ...row, variant: write, changes, action: current && !changes.length ? 'unchanged' : row.action };
  });
}

/**
 * Writes one good variant row in the caller's transaction, under its product's lock: the variant made (its
 * codes and combination checked again) or its fields written, then its stock moved to the file's quantity
 * (reason `import`, at the row's purchase price for stock added, else its average cost), posted as the product
 * import posts: Dr Inventory / Cr Stock Adjustment for more, the other way for less.
 */
export async function writeVariantRow(tx: DbOrTx, ctx: { userId?: number; clock: Clock }, w: VariantWrite): Promise<void> {
  const [owner] = await rawRows<{ id: number }>(tx, sql`select id from product where lower(sku) = lower(${w.productSku})`);
  if (!owner) throw fieldError('variantOf', 'no longer exists');
  await lockProduct(tx, owner.id);
  let variantId = w.variantId;
  if (w.create) {
    await assertCodesFree(tx, { sku: w.create.sku, barcode: w.fields.barcode });
    await assertCombinationFree(tx, owner.id, w.create.colorId, w.create.attributeValueIds.join(','));
    const [made] = await rawRows<{ id: number }>(
      tx,
      sql`insert into product_variant (product_id, color_id, attribute_value_ids, attribute_key, sku, barcode, product_sale_price, reorder_quantity)
        values (${owner.id}, ${w.create.colorId}, ${`{${w.create.attributeValueIds.join(',')}}`}::int[], ${w.create.attributeValueIds.join(',')},
          ${w.create.sku}, ${w.fields.barcode ?? null}, ${w.fields.productSalePrice ?? null}, ${w.fields.reorderQuantity ?? 0})
        returning id`,
    );
    variantId = Number(made!.id);
    await markHasVariants(tx, owner.id);
  } else if (Object.keys(w.fields).length) {
    if (w.fields.barcode) await assertCodesFree(tx, { barcode: w.fields.barcode }, variantId);
    await tx.execute(sql`update product_variant set
        barcode = ${w.fields.barcode === undefined ? sql`barcode` : w.fields.barcode},
        product_sale_price = ${w.fields.productSalePrice === undefined ? sql`product_sale_price` : w.fields.productSalePrice},
        reorder_quantity = ${w.fields.reorderQuantity === undefined ? sql`reorder_quantity` : w.fields.reorderQuantity},
        updated_at = now()
      where id = ${variantId!}`);
    await productTouched(tx, owner.id);
  }
  if (w.quantity === undefined) return;
  const [now] = await rawRows<{ quantity: number; cost: string }>(
    tx,
    sql`select product_quantity as quantity, product_purchase_price::text as cost from product_variant where id = ${variantId!}`,
  );
  const difference = w.quantity - Number(now!.quantity);
  if (difference === 0) return;
  const unitCost = difference > 0 && w.unitCost !== undefined ? w.unitCost : Number(now!.cost);
  const goods = { productId: owner.id, productVariantId: variantId! };
  await moveStock(tx, {
    ...goods,
    quantity: difference,
    reason: 'import',
    documentType: 'product',
    documentId: owner.id,
    unitCost,
    userId: ctx.userId,
  });
  if (difference > 0)
    await setAverageCost(tx, goods, movingAverage(Number(now!.quantity), toCents(Number(now!.cost)), difference, toCents(unitCost)));
  await post(tx, [
    {
      date: await businessDate(tx, ctx.clock),
      debit: difference > 0 ? 'inventory' : 'stockAdjustment',
      credit: difference > 0 ? 'stockAdjustment' : 'inventory',
      amount: Math.abs(difference) * toCents(unitCost),
      particulars: `Import stock ${w.create?.sku ?? w.productSku}: ${now!.quantity} → ${w.quantity}`,
      type: 'adjustment',
      relatedId: owner.id,
    },
  ]);
}
