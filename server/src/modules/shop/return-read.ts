import { fromCents, type ReturnStatus, type ReturnType, returnStatuses, toCents } from '@tillbook/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { colors, customer, product, returnCartOrder, returnCartOrderProduct } from '../../schema/index.ts';
import { imageUrls } from '../catalogue/index.ts';
import { linesOf, orderHeader } from './order-read.ts';
import { nextReturnStatuses } from './return-doc.ts';
import { shopperSearch } from './shopper-search.ts';

const r = returnCartOrder;
const moneySum = (column: SQL | PgColumn) => sql<number>`coalesce(sum(${column}), 0)::numeric(14,2)::text`.mapWith(Number);
const quantity = sql<number>`(select coalesce(sum(l.product_quantity), 0)::int from return_cart_order_product l
  where l.return_cart_order_id = ${r.id})`.mapWith(Number);

/** Return headers with the shopper. */
function headers(db: DbOrTx) {
  return db
    .select({
      id: r.id,
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      date: r.date,
      cartOrderId: r.cartOrderId,
      customerId: r.customerId,
      customer: {
        id: customer.id,
        username: sql<string>`coalesce(${customer.username}, ${customer.email}, '')`,
        email: customer.email,
        phone: customer.phone,
      },
      returnType: r.returnType,
      returnCartOrderStatus: r.returnCartOrderStatus,
      totalAmount: r.totalAmount,
      totalVatAmount: r.totalVatAmount,
      totalDiscountAmount: r.totalDiscountAmount,
      couponAmount: r.couponAmount,
      cost: r.cost,
      note: r.note,
      resendCartOrderId: r.resendCartOrderId,
      totalQuantity: quantity,
    })
    .from(r)
    .innerJoin(customer, eq(customer.id, r.customerId))
    .$dynamic();
}

export type ReturnFilters = {
  returnCartOrderStatus?: ReturnStatus;
  returnType?: ReturnType;
  cartOrderId?: number[];
  customerId?: number[];
};

/** The list's conditions: the convention (status flag, search by return or order id or the shopper, dates), the filters; a shopper's own only. */
function listWhere(q: ListQuery<ReturnFilters>, ownerId: number | undefined, withStatus: boolean): SQL | undefined {
  const search = shopperSearch(q.key, (n) => sql`(${r.id} = ${n} or ${r.cartOrderId} = ${n})`);
  return whereAll([
    ...conventionWhere({ ...q, key: undefined }, { status: r.status, date: r.date }),
    search,
    ownerId === undefined ? undefined : eq(r.customerId, ownerId),
    withStatus && q.filters.returnCartOrderStatus ? eq(r.returnCartOrderStatus, q.filters.returnCartOrderStatus) : undefined,
    q.filters.returnType ? eq(r.returnType, q.filters.returnType) : undefined,
    q.filters.cartOrderId ? inArray(r.cartOrderId, q.filters.cartOrderId) : undefined,
    q.filters.customerId ? inArray(r.customerId, q.filters.customerId) : undefined,
  ]);
}

/**
 * GET return-cart-order?filters → {getAllReturnCartOrder, totalReturnCartOrder, aggregations}: the page,
 * the sums over the filters (the return-order report's `_sum`) and the count per status without the
 * status filter (the tabs); `ownerId`: a shopper's own returns only.
 */
export async function listReturns(db: DbOrTx, q: ListQuery<ReturnFilters>, ownerId?: number) {
  const where = listWhere(q, ownerId, true);
  const rows = await paged(
    headers(db)
      .where(where)
      .orderBy(...orderBy(q, r, r.id)),
    q,
  );
  const [sums] = await db
    .select({
      count: count(),
      totalAmount: moneySum(r.totalAmount),
      totalVatAmount: moneySum(r.totalVatAmount),
      totalDiscountAmount: moneySum(r.totalDiscountAmount),
      couponAmount: moneySum(r.couponAmount),
      totalQuantity: sql<number>`coalesce(sum(${quantity}), 0)::int`.mapWith(Number),
      cost: moneySum(r.cost),
    })
    .from(r)
    .innerJoin(customer, eq(customer.id, r.customerId))
    .where(where);
  const perStatus = await db
    .select({ returnCartOrderStatus: r.returnCartOrderStatus, n: count() })
    .from(r)
    .innerJoin(customer, eq(customer.id, r.customerId))
    .where(listWhere(q, ownerId, false))
    .groupBy(r.returnCartOrderStatus);
  const byStatus = Object.fromEntries(returnStatuses.map((s) => [s, perStatus.find((p) => p.returnCartOrderStatus === s)?.n ?? 0]));
  const { count: total, ...sum } = sums!;
  return { getAllReturnCartOrder: rows, totalReturnCartOrder: total, aggregations: { _count: { id: total }, _sum: sum, byStatus } };
}

/** The lines of a return with their product and colour. */
async function returnLines(db: DbOrTx, returnId: number) {
  const l = returnCartOrderProduct;
  const rows = await db
    .select({
      id: l.id,
      returnCartOrderId: l.returnCartOrderId,
      cartOrderProductId: l.cartOrderProductId,
      productId: l.productId,
      productQuantity: l.productQuantity,
      productSalePrice: l.productSalePrice,
      productVat: l.productVat,
      discountType: l.discountType,
      discount: l.discount,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      vatAmount: l.vatAmount,
      couponShare: l.couponShare,
      unitCost: l.unitCost,
      colorId: l.colorId,
      colorName: colors.name,
      product: { id: product.id, name: product.name, productThumbnailImage: product.productThumbnailImage },
    })
    .from(l)
    .innerJoin(product, eq(product.id, l.productId))
    .leftJoin(colors, eq(colors.id, l.colorId))
    .where(eq(l.returnCartOrderId, returnId))
    .orderBy(asc(l.id));
  return rows.map(({ colorName, ...row }) => ({
    ...row,
    product: { ...row.product, productThumbnailImage: imageUrls(row.product.productThumbnailImage).thumbnailUrl },
    colors: row.colorId && colorName ? { id: row.colorId, name: colorName } : null,
  }));
}

/** GET return-cart-order/{id}: the return, its lines, its order with the order's lines, and the statuses it may take next by hand. */
export async function readReturn(db: DbOrTx, returnId: number, ownerId?: number) {
  const [header] = await headers(db).where(and(eq(r.id, returnId), ownerId === undefined ? undefined : eq(r.customerId, ownerId)));
  if (!header) return undefined;
  const [lines, order, orderLines, transactions] = await Promise.all([
    returnLines(db, returnId),
    orderHeader(db, header.cartOrderId),
    linesOf(db, header.cartOrderId),
    ownerId === undefined ? returnEntries(db, header.cartOrderId, returnId) : Promise.resolve([]),
  ]);
  const productAmount = fromCents(lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0));
  return {
    singleReturnCartOrder: {
      ...header,
      productAmount,
      returnCartOrderProduct: lines,
      cartOrder: { ...order!, cartOrderProduct: orderLines },
    },
    nextStatuses: nextReturnStatuses(header.returnCartOrderStatus, header.returnType),
    transactions,
  };
}

/**
 * A return's ledger entries: its order's entries of type orderReturn that name it (return-postings.ts
 * writes "Web order #<order>: return #<return>: ..."), and the replacement's payment by it.
 */
async function returnEntries(db: DbOrTx, orderId: number, returnId: number) {
  const rows = await db.execute(sql`select t.id, t.date::text as date, d.name as debit, c.name as credit, t.amount::float8 as amount,
      t.particulars, t.type from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
      where t.type = 'orderReturn' and t.related_id = ${String(orderId)}
        and starts_with(t.particulars, ${`Web order #${orderId}: return #${returnId}:`}) order by t.id`);
  return (
    rows as unknown as {
      rows: { id: number; date: string; debit: string; credit: string; amount: number; particulars: string; type: string }[];
    }
  ).rows;
}
