import { asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { customer, product, returnSaleInvoice, returnSaleInvoiceProduct, saleInvoice, users } from '../../schema/index.ts';

const ret = returnSaleInvoice;
const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);

/** Return headers with the sale's customer and the user who took the return back. */
function headers(db: DbOrTx) {
  return db
    .select({
      id: ret.id,
      number: sql<number>`${ret.number}`.mapWith(Number),
      saleInvoiceNumber: sql<number>`${saleInvoice.number}`.mapWith(Number),
      status: ret.status,
      createdAt: ret.createdAt,
      updatedAt: ret.updatedAt,
      date: ret.date,
      saleInvoiceId: ret.saleInvoiceId,
      totalAmount: ret.totalAmount,
      tax: ret.tax,
      instantReturnAmount: ret.instantReturnAmount,
      note: ret.note,
      invoiceMemoNo: ret.invoiceMemoNo,
      customer: { id: customer.id, username: customer.username, firstName: customer.firstName, lastName: customer.lastName },
      user: { id: users.id, username: users.username },
    })
    .from(ret)
    .innerJoin(saleInvoice, eq(saleInvoice.id, ret.saleInvoiceId))
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(users, eq(users.id, ret.userId))
    .$dynamic();
}

/** Sale returns matched by `where`, each with its lines: oldest first, or the `newest` n newest first. */
export async function saleReturnsOf(db: DbOrTx, where: SQL | undefined, newest?: number) {
  const matched = headers(db).where(where);
  const found = await (newest === undefined ? matched.orderBy(asc(ret.id)) : matched.orderBy(desc(ret.id)).limit(newest));
  if (!found.length) return [];
  const line = returnSaleInvoiceProduct;
  const lines = await db
    .select({
      id: line.id,
      invoiceId: line.invoiceId,
      saleInvoiceProductId: line.saleInvoiceProductId,
      productId: line.productId,
      productQuantity: line.productQuantity,
      productUnitSalePrice: line.productUnitSalePrice,
      productFinalAmount: line.productFinalAmount,
      tax: line.tax,
      taxAmount: line.taxAmount,
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(line)
    .innerJoin(product, eq(product.id, line.productId))
    .where(
      inArray(
        line.invoiceId,
        found.map((h) => h.id),
      ),
    )
    .orderBy(asc(line.id));
  return found.map((h) => ({ ...h, returnSaleInvoiceProduct: lines.filter((l) => l.invoiceId === h.id) }));
}

/** GET return-sale-invoice/{id}: the return with its lines. */
export async function readSaleReturn(db: DbOrTx, returnId: number) {
  const [found] = await saleReturnsOf(db, eq(ret.id, returnId));
  return found;
}

/** GET return-sale-invoice?filters → {allSaleInvoice, aggregations: {_count, _sum}}, newest first by default. */
export async function listSaleReturns(db: DbOrTx, q: ListQuery<{ saleInvoiceId?: number[]; saleInvoiceNumber?: number[] }>) {
  const where = whereAll([
    ...conventionWhere(q, { status: ret.status, search: [ret.number, ret.note, ret.invoiceMemoNo], date: ret.date }),
    q.filters.saleInvoiceId ? inArray(ret.saleInvoiceId, q.filters.saleInvoiceId) : undefined,
    q.filters.saleInvoiceNumber
      ? inArray(
          ret.saleInvoiceId,
          db.select({ id: saleInvoice.id }).from(saleInvoice).where(inArray(saleInvoice.number, q.filters.saleInvoiceNumber)),
        )
      : undefined,
  ]);
  const rows = await paged(
    headers(db)
      .where(where)
      .orderBy(...orderBy(q, ret, ret.id)),
    q,
  );
  const [sums] = await db
    .select({
      id: count(),
      totalAmount: money(sql`sum(${ret.totalAmount})`),
      tax: money(sql`sum(${ret.tax})`),
      instantReturnAmount: money(sql`sum(${ret.instantReturnAmount})`),
    })
    .from(ret)
    .where(where);
  const { id, ...sum } = sums!;
  return { allSaleInvoice: rows, aggregations: { _count: { id }, _sum: sum } };
}

/** Per line of one sale, the quantity already brought back, as a subquery to join on the line's id. */
export function returnedByLine(db: DbOrTx, saleId: number) {
  return db
    .select({
      lineId: returnSaleInvoiceProduct.saleInvoiceProductId,
      quantity: sql<number>`sum(${returnSaleInvoiceProduct.productQuantity})::int`.as('returned_quantity'),
    })
    .from(returnSaleInvoiceProduct)
    .innerJoin(ret, eq(ret.id, returnSaleInvoiceProduct.invoiceId))
    .where(eq(ret.saleInvoiceId, saleId))
    .groupBy(returnSaleInvoiceProduct.saleInvoiceProductId)
    .as('returned');
}
