import { type PurchaseReorderLine, type PurchaseRequestState, purchaseRequestCode, purchaseRequestCodePattern } from '@tillbook/contract';
import { and, asc, count, countDistinct, desc, eq, getTableName, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged, rawRows, requireIdsExist } from '../../platform/queries.ts';
import { product, purchaseReorderInvoice } from '../../schema/index.ts';
import { assertDeletable } from './reorder-state.ts';
import { variantsOfLines } from './variant-lines.ts';

/**
 * One field of the product's latest purchase request (the highest line id is the newest request).
 * The product's id is written qualified: a one-table select leaves its own columns unqualified.
 */
const latestRequest = <T extends string>(column: 'reorder_invoice_id' | 'state') =>
  sql<T | null>`(select ${sql.raw(`r.${column}`)} from ${purchaseReorderInvoice} r
    where r.product_id = ${sql.identifier(getTableName(product))}.${sql.identifier(product.id.name)}
      and r.product_variant_id is not distinct from "product"."product_variant_id" order by r.id desc limit 1)`;

/**
 * What is stocked, as rows named like the product's columns (and read as the table `product`, so the list's
 * conditions apply to them): each product without variants, and each variant of a product sold by variants
 * (issue 32), with its SKU, stock, reorder level, cost and price, under its product's id and name.
 */
const stocked = sql`(
  select p.id, null::int as product_variant_id, p.name, p.sku, p.product_thumbnail_image, p.product_quantity, p.reorder_quantity,
    p.product_purchase_price, p.product_sale_price, p.status, p.created_at, p.updated_at
  from product p where not p.has_variants
  union all
  select p.id, v.id, p.name, v.sku, p.product_thumbnail_image, v.product_quantity, v.reorder_quantity,
    v.product_purchase_price, coalesce(v.product_sale_price, p.product_sale_price), p.status and v.status, v.created_at, v.updated_at
  from product_variant v join product p on p.id = v.product_id) as ${product}`;

/**
 * GET reorder-quantity?filters → {getAllReOderList, _count: {id}}: active products at or below their
 * reorder level, by name unless sorted, each with its latest purchase request's code and state.
 */
export async function listReorder(db: DbOrTx, q: ListQuery) {
  const where = whereAll([
    lte(product.productQuantity, product.reorderQuantity),
    ...conventionWhere(q, { status: product.status, search: [product.name, product.sku] }),
  ]);
  // the rows are read from `stocked`, named as the table: drizzle checks a column's table, so each is named in SQL
  const column = <T>(name: string, like: { mapFromDriverValue: (value: unknown) => unknown }) =>
    sql<T>`${sql.raw(`"product"."${name}"`)}`.mapWith(like as never);
  const select = db
    .select({
      id: column<number>('id', product.id),
      productVariantId: sql<number | null>`"product"."product_variant_id"`,
      name: column<string>('name', product.name),
      sku: column<string>('sku', product.sku),
      productThumbnailImage: column<string | null>('product_thumbnail_image', product.productThumbnailImage),
      productQuantity: column<number>('product_quantity', product.productQuantity),
      reorderQuantity: column<number>('reorder_quantity', product.reorderQuantity),
      productPurchasePrice: column<number>('product_purchase_price', product.productPurchasePrice),
      productSalePrice: column<number>('product_sale_price', product.productSalePrice),
      status: column<boolean>('status', product.status),
      createdAt: column<Date>('created_at', product.createdAt),
      updatedAt: column<Date>('updated_at', product.updatedAt),
      requestCode: latestRequest('reorder_invoice_id'),
      requestState: latestRequest<PurchaseRequestState>('state'),
    })
    .from(stocked)
    .where(where)
    .orderBy(...(q.sort ? orderBy(q, product, product.name) : [asc(product.name), asc(product.id), sql`"product"."product_variant_id"`]))
    .$dynamic();
  const [rows, [total]] = await Promise.all([paged(select, q), db.select({ id: count() }).from(stocked).where(where)]);
  return { getAllReOderList: rows, _count: { id: total?.id ?? 0 } };
}

/**
 * Creates a purchase request inside the caller's transaction: one row per line, all sharing a code
 * taken from the purchase_request_number sequence (never "the last one plus one").
 */
export async function createPurchaseRequest(tx: DbOrTx, lines: PurchaseReorderLine[], fieldPrefix: string): Promise<string> {
  await requireIdsExist(
    tx,
    product.id,
    lines.map((l, index) => [`${fieldPrefix}${index}.productId`, l.productId] as const),
  );
  const owners = await tx
    .select({ id: product.id, name: product.name, hasVariants: product.hasVariants })
    .from(product)
    .where(
      inArray(
        product.id,
        lines.map((l) => l.productId),
      ),
    );
  await variantsOfLines(tx, lines, new Map(owners.map((o) => [o.id, o])), (index) => `${fieldPrefix}${index}.productVariantId`);
  const [next] = await rawRows<{ n: number }>(tx, sql`select nextval('purchase_request_number')::int as n`);
  const code = purchaseRequestCode(Number(next!.n));
  await tx.insert(purchaseReorderInvoice).values(
    lines.map((l) => ({
      reorderInvoiceId: code,
      productId: l.productId,
      productVariantId: l.productVariantId ?? null,
      productQuantity: l.productQuantity,
    })),
  );
  return code;
}

/** GET purchase-reorder-invoice?filters: the requests (rows grouped by code), newest first. */
export async function listPurchaseRequests(db: DbOrTx, q: ListQuery) {
  const r = purchaseReorderInvoice;
  const where = whereAll(conventionWhere(q, { status: r.status, search: [r.reorderInvoiceId], date: r.createdAt }));
  const createdAt = sql<Date>`min(${r.createdAt})`;
  const select = db
    .select({
      reorderInvoiceId: r.reorderInvoiceId,
      createdAt: createdAt.mapWith(r.createdAt),
      updatedAt: sql<Date>`max(${r.updatedAt})`.mapWith(r.updatedAt),
      status: sql<boolean>`bool_and(${r.status})`.mapWith(Boolean),
      state: r.state,
      purchaseInvoiceId: r.purchaseInvoiceId,
      lineCount: count(),
    })
    .from(r)
    .where(where)
    // state and invoice are the request's: every line carries the same ones
    .groupBy(r.reorderInvoiceId, r.state, r.purchaseInvoiceId)
    .orderBy(q.order === 'asc' ? asc(createdAt) : desc(createdAt), q.order === 'asc' ? asc(r.reorderInvoiceId) : desc(r.reorderInvoiceId))
    .$dynamic();
  const [rows, [total]] = await Promise.all([
    paged(select, q),
    db
      .select({ n: countDistinct(r.reorderInvoiceId) })
      .from(r)
      .where(where),
  ]);
  return { getAllPurchaseReorderInvoice: rows, totalReorderInvoice: total?.n ?? 0 };
}

/** GET purchase-reorder-invoice/{code}: the request with its lines and each product's stock. */
export async function readPurchaseRequest(db: DbOrTx, code: string) {
  if (!purchaseRequestCodePattern.test(code)) throw notFound(`Purchase request ${code}`);
  const r = purchaseReorderInvoice;
  const rows = await db
    .select({
      id: r.id,
      reorderInvoiceId: r.reorderInvoiceId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      status: r.status,
      state: r.state,
      purchaseInvoiceId: r.purchaseInvoiceId,
      productId: r.productId,
      productVariantId: r.productVariantId,
      reorderProductQuantity: r.productQuantity,
      product: {
        id: product.id,
        name: product.name,
        sku: product.sku,
        productQuantity: product.productQuantity,
        reorderQuantity: product.reorderQuantity,
        productPurchasePrice: product.productPurchasePrice,
        productVatId: product.productVatId,
      },
    })
    .from(r)
    .innerJoin(product, eq(product.id, r.productId))
    .where(eq(r.reorderInvoiceId, code))
    .orderBy(asc(r.id));
  const [first] = rows;
  if (!first) throw notFound(`Purchase request ${code}`);
  return {
    reorderInvoiceId: code,
    createdAt: first.createdAt,
    updatedAt: rows.reduce((latest, row) => (row.updatedAt > latest ? row.updatedAt : latest), first.updatedAt),
    status: rows.every((row) => row.status),
    state: first.state,
    purchaseInvoiceId: first.purchaseInvoiceId,
    // each line is a row of its own: its id, status and times, and the request's code
    productList: rows.map(({ state: _state, purchaseInvoiceId: _invoice, ...line }) => line),
  };
}

/** DELETE purchase-reorder-invoice/{code}: hard delete of every line of a request not received. */
export async function deletePurchaseRequest(tx: DbOrTx, code: string) {
  await assertDeletable(tx, code);
  const r = purchaseReorderInvoice;
  const deleted = await tx
    .delete(r)
    .where(and(eq(r.reorderInvoiceId, code)))
    .returning({ id: r.id });
  if (deleted.length === 0) throw notFound(`Purchase request ${code}`);
  return { reorderInvoiceId: code, count: deleted.length };
}
