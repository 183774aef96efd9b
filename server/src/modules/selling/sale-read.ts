import { fromCents, type SaleState, toCents } from '@tillbook/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import {
  customer,
  product,
  returnSaleInvoice,
  saleInvoice,
  saleInvoiceProduct,
  subAccount,
  transaction,
  users,
} from '../../schema/index.ts';
import { liveEntry } from '../accounting/index.ts';
import { returnedByLine, saleReturnsOf } from './return-read.ts';

const ar = sql`(select id from sub_account where system_key = 'accountsReceivable')`;

/**
 * Per sale (relatedId), what the ledger holds against Accounts Receivable (reference 3.4); deleted
 * payments left out. `only` restricts it to one sale, so reading one sale sums only its own entries
 * (the join on the id cast to text does not reach inside the grouped ledger).
 */
function ledgerFigures(db: DbOrTx, only?: number) {
  const t = transaction;
  const sum = (type: string, side: SQL) => sql<string>`sum(${t.amount}) filter (where ${t.type} = ${type} and ${side} = ${ar})`;
  return db
    .select({
      relatedId: t.relatedId,
      total: sum('sale', sql`${t.debitId}`).as('l_total'),
      paid: sum('sale', sql`${t.creditId}`).as('l_paid'),
      returned: sum('saleReturn', sql`${t.creditId}`).as('l_returned'),
      refunded: sum('saleReturn', sql`${t.debitId}`).as('l_refunded'),
    })
    .from(t)
    .where(and(inArray(t.type, ['sale', 'saleReturn']), liveEntry(), only === undefined ? undefined : eq(t.relatedId, String(only))))
    .groupBy(t.relatedId)
    .as('ledger');
}
type Ledger = ReturnType<typeof ledgerFigures>;

const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);
/** Only a completed sale owes or is owed anything; a deleted one's entries cancel out. */
const ifCompleted = (expression: SQL) => sql`case when ${saleInvoice.state} = 'completed' then coalesce(${expression}, 0) else 0 end`;

function derivedOf(l: Ledger) {
  const total = ifCompleted(sql`${l.total}`);
  const paid = ifCompleted(sql`${l.paid}`);
  const returned = ifCompleted(sql`${l.returned}`);
  const refunded = ifCompleted(sql`${l.refunded}`);
  return { total, paid, returned, refunded, due: sql`(${total} - ${returned} - ${paid} + ${refunded})` };
}

const salesperson = alias(users, 'salesperson');

/** The list's conditions: completed (and, when asked for status false, deleted) sales, never held or cancelled ones. */
function listWhere(q: ListQuery, extra: SQL[]): SQL | undefined {
  const filters = q.filters as { customerId?: number[]; salePersonId?: number[] };
  return whereAll([
    inArray(saleInvoice.state, ['completed', 'deleted']),
    ...conventionWhere(q, {
      status: saleInvoice.status,
      search: [saleInvoice.note, sql`${saleInvoice.id}` as never],
      date: saleInvoice.date,
    }),
    filters.customerId ? inArray(saleInvoice.customerId, filters.customerId) : undefined,
    filters.salePersonId ? inArray(saleInvoice.userId, filters.salePersonId) : undefined,
    ...extra,
  ]);
}

function headerSelect(l: Ledger) {
  const d = derivedOf(l);
  return {
    id: saleInvoice.id,
    date: saleInvoice.date,
    state: saleInvoice.state,
    status: saleInvoice.status,
    customerId: saleInvoice.customerId,
    userId: saleInvoice.userId,
    totalAmount: saleInvoice.totalAmount,
    totalTaxAmount: saleInvoice.totalTaxAmount,
    totalDiscountAmount: saleInvoice.totalDiscountAmount,
    profit: saleInvoice.profit,
    note: saleInvoice.note,
    createdAt: saleInvoice.createdAt,
    updatedAt: saleInvoice.updatedAt,
    customer: { id: customer.id, username: customer.username, firstName: customer.firstName, lastName: customer.lastName },
    user: { id: salesperson.id, username: salesperson.username },
    paidAmount: money(d.paid),
    dueAmount: money(d.due),
    returnAmount: money(d.returned),
    instantPaidReturnAmount: money(d.refunded),
  };
}

/**
 * GET sale-invoice?filters → {getAllSaleInvoice, totalSaleInvoice, aggregations}: paid, due and returns
 * from the ledger. `query=info` gives the aggregations over all time and no rows; with `graph` the
 * list adds graphData, its range's completed sales per day.
 */
export async function listSales(db: DbOrTx, query: ListQuery, extra: SQL[] = [], options: { graph?: boolean } = {}) {
  const info = query.mode === 'info';
  const q = info ? { ...query, startDate: undefined, endDate: undefined } : query;
  const l = ledgerFigures(db);
  const where = listWhere(q, extra);
  const select = db
    .select(headerSelect(l))
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .leftJoin(l, eq(l.relatedId, sql`${saleInvoice.id}::text`))
    .where(where)
    .orderBy(
      q.order === 'asc'
        ? asc(q.sort === 'date' ? saleInvoice.date : saleInvoice.id)
        : desc(q.sort === 'date' ? saleInvoice.date : saleInvoice.id),
      desc(saleInvoice.id),
    )
    .$dynamic();
  const d = derivedOf(l);
  const [rows, [sums]] = await Promise.all([
    paged(select, q),
    db
      .select({
        count: count(),
        totalAmount: money(sql`sum(${saleInvoice.totalAmount})`),
        totalTaxAmount: money(sql`sum(${saleInvoice.totalTaxAmount})`),
        totalDiscountAmount: money(sql`sum(${saleInvoice.totalDiscountAmount})`),
        profit: money(sql`sum(${saleInvoice.profit})`),
        paidAmount: money(sql`sum(${d.paid})`),
        dueAmount: money(sql`sum(${d.due})`),
        totalReturnAmount: money(sql`sum(${d.returned})`),
        instantPaidReturnAmount: money(sql`sum(${d.refunded})`),
      })
      .from(saleInvoice)
      .leftJoin(l, eq(l.relatedId, sql`${saleInvoice.id}::text`))
      .where(where),
  ]);
  const { count: n, ...sum } = sums!;
  const answer = { getAllSaleInvoice: info ? [] : rows, totalSaleInvoice: n, aggregations: { _count: { id: n }, _sum: sum } };
  if (info || !options.graph) return answer;
  const graphData = await db
    .select({ date: saleInvoice.date, count: count(), totalAmount: money(sql`sum(${saleInvoice.totalAmount})`) })
    .from(saleInvoice)
    .where(and(where, eq(saleInvoice.state, 'completed')))
    .groupBy(saleInvoice.date)
    .orderBy(asc(saleInvoice.date));
  return { ...answer, graphData };
}

/** One sale's header with its customer, salesperson and ledger figures, when it is in one of the states. */
async function saleHeader(db: DbOrTx, invoiceId: number, states: SaleState[]) {
  const l = ledgerFigures(db, invoiceId);
  const [header] = await db
    .select(headerSelect(l))
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .leftJoin(l, eq(l.relatedId, sql`${saleInvoice.id}::text`))
    .where(and(eq(saleInvoice.id, invoiceId), inArray(saleInvoice.state, states)));
  return header;
}

/** GET sale-invoice/{id}: the sale with its lines, the ledger's figures, PAID/UNPAID and its entries. */
export async function readSale(db: DbOrTx, invoiceId: number) {
  const header = await saleHeader(db, invoiceId, ['completed', 'deleted']);
  if (!header) return undefined;
  const lines = await saleLines(db, invoiceId);
  const debit = alias(subAccount, 'debit');
  const credit = alias(subAccount, 'credit');
  const transactions = await db
    .select({
      id: transaction.id,
      status: transaction.status,
      createdAt: transaction.createdAt,
      updatedAt: transaction.updatedAt,
      date: transaction.date,
      debitId: transaction.debitId,
      creditId: transaction.creditId,
      debit: debit.name,
      credit: credit.name,
      amount: transaction.amount,
      particulars: transaction.particulars,
      type: transaction.type,
    })
    .from(transaction)
    .innerJoin(debit, eq(debit.id, transaction.debitId))
    .innerJoin(credit, eq(credit.id, transaction.creditId))
    .where(and(eq(transaction.relatedId, String(invoiceId)), inArray(transaction.type, ['sale', 'saleReturn']), liveEntry()))
    .orderBy(asc(transaction.id));
  const totalWithVat = fromCents(
    toCents(header.dueAmount) + toCents(header.paidAmount) + toCents(header.returnAmount) - toCents(header.instantPaidReturnAmount),
  );
  return {
    status: header.dueAmount > 0 ? ('UNPAID' as const) : ('PAID' as const),
    totalAmount: totalWithVat,
    totalPaidAmount: header.paidAmount,
    totalReturnAmount: header.returnAmount,
    instantPaidReturnAmount: header.instantPaidReturnAmount,
    dueAmount: header.dueAmount,
    singleSaleInvoice: { ...header, saleInvoiceProduct: lines },
    returnSaleInvoice: await saleReturnsOf(db, eq(returnSaleInvoice.saleInvoiceId, invoiceId)),
    transactions,
  };
}

/** A sale's lines, each with the quantity already brought back. */
export function saleLines(db: DbOrTx, invoiceId: number) {
  const line = saleInvoiceProduct;
  const returned = returnedByLine(db, invoiceId);
  return db
    .select({
      id: line.id,
      invoiceId: line.invoiceId,
      productId: line.productId,
      productQuantity: line.productQuantity,
      productUnitSalePrice: line.productUnitSalePrice,
      productDiscount: line.productDiscount,
      productFinalAmount: line.productFinalAmount,
      tax: line.tax,
      taxAmount: line.taxAmount,
      returnedQuantity: sql<number>`coalesce(${returned.quantity}, 0)::int`.mapWith(Number),
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(line)
    .innerJoin(product, eq(product.id, line.productId))
    .leftJoin(returned, eq(returned.lineId, line.id))
    .where(eq(line.invoiceId, invoiceId))
    .orderBy(asc(line.id));
}

/** GET sale-invoice/hold?filters → {allHoldInvoice, _count}: the parked carts, newest first. */
export async function listHeld(db: DbOrTx, q: ListQuery) {
  const l = ledgerFigures(db);
  const where = whereAll([
    eq(saleInvoice.state, 'held'),
    ...conventionWhere({ ...q, statuses: null }, { search: [saleInvoice.note], date: saleInvoice.date }),
  ]);
  const select = db
    .select(headerSelect(l))
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .leftJoin(l, eq(l.relatedId, sql`${saleInvoice.id}::text`))
    .where(where)
    .orderBy(q.order === 'asc' ? asc(saleInvoice.id) : desc(saleInvoice.id))
    .$dynamic();
  const [rows, [total]] = await Promise.all([paged(select, q), db.select({ id: count() }).from(saleInvoice).where(where)]);
  return { allHoldInvoice: rows, _count: { id: total?.id ?? 0 } };
}

/** GET sale-invoice/hold/{id}: a held sale with its lines, to resume it at the till. */
export async function readHeld(db: DbOrTx, invoiceId: number) {
  const header = await saleHeader(db, invoiceId, ['held']);
  if (!header) return undefined;
  return { ...header, saleInvoiceProduct: await saleLines(db, invoiceId) };
}
