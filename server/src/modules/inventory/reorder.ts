import { purchaseRequestCode, purchaseRequestCodePattern, type PurchaseReorderLine } from '@tillbook/contract';
import { and, asc, count, countDistinct, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { conventionWhere, orderBy, paging, whereAll, type ListQuery } from '../../platform/list-query.ts';
import { toWireList } from '../../platform/wire.ts';
import { product, purchaseReorderInvoice } from '../../schema/index.ts';

/** GET reorder-quantity?filters → {getAllReOderList, _count: {id}}: active products at or below their reorder level, by name unless sorted. */
export async function listReorder(db: DbOrTx, q: ListQuery) {
  const where = whereAll([
    lte(product.productQuantity, product.reorderQuantity),
    ...conventionWhere(q, { status: product.status, search: [product.name, product.sku] }),
  ]);
  const rows = await db
    .select({
      id: product.id,
      name: product.name,
      sku: product.sku,
      productThumbnailImage: product.productThumbnailImage,
      productQuantity: product.productQuantity,
      reorderQuantity: product.reorderQuantity,
      productPurchasePrice: product.productPurchasePrice,
      productSalePrice: product.productSalePrice,
      status: product.status,
    })
    .from(product)
    .where(where)
    .orderBy(...(q.sort ? orderBy(q, product, product.name) : [asc(product.name), asc(product.id)]))
    .limit(paging(q).limit ?? 1_000_000)
    .offset(paging(q).offset);
  const [total] = await db.select({ id: count() }).from(product).where(where);
  return { getAllReOderList: toWireList(rows), _count: { id: total?.id ?? 0 } };
}

/**
 * Creates a purchase request inside the caller's transaction: one row per line, all sharing a code
 * taken from the purchase_request_number sequence (never "the last one plus one").
 */
export async function createPurchaseRequest(tx: DbOrTx, lines: PurchaseReorderLine[], fieldPrefix: string): Promise<string> {
  const found = await tx.select({ id: product.id }).from(product).where(inArray(product.id, lines.map((l) => l.productId)));
  const known = new Set(found.map((p) => p.id));
  const missing: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (!known.has(line.productId)) missing[`${fieldPrefix}${index}.productId`] = 'does not exist';
  });
  const [first] = Object.keys(missing);
  if (first) throw badRequest(`${first} does not exist`, missing);
  const result = await tx.execute(sql`select nextval('purchase_request_number')::int as n`);
  const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const code = purchaseRequestCode(Number(n));
  await tx.insert(purchaseReorderInvoice).values(lines.map((l) => ({ reorderInvoiceId: code, productId: l.productId, productQuantity: l.productQuantity })));
  return code;
}

/** GET purchase-reorder-invoice?filters: the requests (rows grouped by code), newest first. */
export async function listPurchaseRequests(db: DbOrTx, q: ListQuery) {
  const r = purchaseReorderInvoice;
  const where = whereAll(conventionWhere(q, { status: r.status, search: [r.reorderInvoiceId], date: r.createdAt }));
  const createdAt = sql<Date>`min(${r.createdAt})`;
  const rows = await db
    .select({
      reorderInvoiceId: r.reorderInvoiceId,
      createdAt: createdAt.mapWith(r.createdAt),
      updatedAt: sql<Date>`max(${r.updatedAt})`.mapWith(r.updatedAt),
      status: sql<boolean>`bool_and(${r.status})`.mapWith(Boolean),
      lineCount: count(),
    })
    .from(r)
    .where(where)
    .groupBy(r.reorderInvoiceId)
    .orderBy(q.order === 'asc' ? asc(createdAt) : desc(createdAt), q.order === 'asc' ? asc(r.reorderInvoiceId) : desc(r.reorderInvoiceId))
    .limit(paging(q).limit ?? 1_000_000)
    .offset(paging(q).offset);
  const [total] = await db.select({ n: countDistinct(r.reorderInvoiceId) }).from(r).where(where);
  return { getAllPurchaseReorderInvoice: toWireList(rows), totalReorderInvoice: total?.n ?? 0 };
}

/** GET purchase-reorder-invoice/{code}: the request with its lines and each product's stock. */
export async function readPurchaseRequest(db: DbOrTx, code: string) {
  if (!purchaseRequestCodePattern.test(code)) throw notFound(`Purchase request ${code}`);
  const r = purchaseReorderInvoice;
  const rows = await db
    .select({
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      status: r.status,
      productId: r.productId,
      reorderProductQuantity: r.productQuantity,
      product: { id: product.id, name: product.name, sku: product.sku, productQuantity: product.productQuantity, reorderQuantity: product.reorderQuantity },
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
    status: rows.every((row) => row.status) ? 'true' : 'false',
    productList: rows.map(({ productId, reorderProductQuantity, product: p }) => ({ productId, reorderProductQuantity, product: p })),
  };
}

/** DELETE purchase-reorder-invoice/{code}: hard delete of every line of the request. */
export async function deletePurchaseRequest(db: DbOrTx, code: string) {
  if (!purchaseRequestCodePattern.test(code)) throw notFound(`Purchase request ${code}`);
  const r = purchaseReorderInvoice;
  const deleted = await db.delete(r).where(and(eq(r.reorderInvoiceId, code))).returning({ id: r.id });
  if (deleted.length === 0) throw notFound(`Purchase request ${code}`);
  return { reorderInvoiceId: code, count: deleted.length };
}
