import { customerName, fromCents, invoiceBill, paymentStatus, type SaleState, toCents } from '@tillbook/contract';
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
import { saleGraphByDay, saleTotalsByDay } from './sale-list-totals.ts';

const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);

const salesperson = alias(users, 'salesperson');

/** The list's conditions: completed (and, when asked for status false, deleted) sales, never held or cancelled ones. */
function listWhere(q: ListQuery, extra: SQL[]): SQL | undefined {
  const filters = q.filters as { customerId?: number[]; salePersonId?: number[] };
  return whereAll([
    inArray(saleInvoice.state, ['completed', 'deleted']),
    ...conventionWhere(q, {
      status: saleInvoice.status,
      // a till's receipt reference (issue 33) finds the sale its receipt printed
      search: [saleInvoice.note, saleInvoice.number, saleInvoice.receiptReference],
      date: saleInvoice.date,
    }),
    filters.customerId ? inArray(saleInvoice.customerId, filters.customerId) : undefined,
    filters.salePersonId ? inArray(saleInvoice.userId, filters.salePersonId) : undefined,
    ...extra,
  ]);
}

const headerSelect = {
  id: saleInvoice.id,
  number: saleInvoice.number,
  date: saleInvoice.date,
  state: saleInvoice.state,
  status: saleInvoice.status,
  customerId: saleInvoice.customerId,
  userId: saleInvoice.userId,
  totalAmount: saleInvoice.totalAmount,
  totalTaxAmount: saleInvoice.totalTaxAmount,
  totalDiscountAmount: saleInvoice.totalDiscountAmount,
  saleDiscount: saleInvoice.saleDiscount,
  profit: saleInvoice.profit,
  note: saleInvoice.note,
  invoiceMemoNo: saleInvoice.invoiceMemoNo,
  dueDate: saleInvoice.dueDate,
  termsAndConditions: saleInvoice.termsAndConditions,
  address: saleInvoice.address,
  orderStatus: saleInvoice.orderStatus,
  createdAt: saleInvoice.createdAt,
  updatedAt: saleInvoice.updatedAt,
  customer: { id: customer.id, username: customer.username, firstName: customer.firstName, lastName: customer.lastName },
  user: { id: salesperson.id, username: salesperson.username },
  paidAmount: saleInvoice.paidAmount,
  dueAmount: saleInvoice.dueAmount,
  returnAmount: saleInvoice.returnAmount,
  instantPaidReturnAmount: saleInvoice.instantPaidReturnAmount,
  receiptReference: saleInvoice.receiptReference,
  soldAt: saleInvoice.soldAt,
  late: saleInvoice.late,
};

/** A header row with its payment status, derived by the contract's one rule, and the reference's hold flag. */
const withPaymentStatus = <R extends { state: SaleState; paidAmount: number; dueAmount: number; instantPaidReturnAmount: number }>(
  row: R,
) => ({
  ...row,
  isHold: row.state === 'held',
  paymentStatus: paymentStatus({ ...row, undone: row.state === 'deleted' || row.state === 'cancelled', held: row.state === 'held' }),
});

/**
 * GET sale-invoice?filters → {getAllSaleInvoice, totalSaleInvoice, aggregations}: paid, due and returns
 * are the ones kept on each sale (keepInvoiceFigures), so neither the page nor its sums read the ledger;
 * the count, sums and graph of a list filtered only by status and dates come from the per-day totals
 * (sale-list-totals.ts). `query=info` gives the aggregations over all time and no rows; with `graph`
 * the list adds graphData, its range's completed sales per day.
 */
export async function listSales(db: DbOrTx, query: ListQuery, extra: SQL[] = [], options: { graph?: boolean } = {}) {
  const info = query.mode === 'info';
  const q = info ? { ...query, startDate: undefined, endDate: undefined } : query;
  const filters = q.filters as { customerId?: number[]; salePersonId?: number[] };
  const filtered = extra.length > 0 || filters.customerId !== undefined || filters.salePersonId !== undefined;
  const where = listWhere(q, extra);
  const select = db
    .select(headerSelect)
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .where(where)
    .orderBy(
      q.order === 'asc'
        ? asc(q.sort === 'date' ? saleInvoice.date : saleInvoice.id)
        : desc(q.sort === 'date' ? saleInvoice.date : saleInvoice.id),
      desc(saleInvoice.id),
    )
    .$dynamic();
  const [rows, sums] = await Promise.all([
    paged(select, q),
    (async () => (await saleTotalsByDay(db, q, filtered)) ?? (await sumSales(db, where)))(),
  ]);
  const { count: n, ...sum } = sums;
  const answer = {
    getAllSaleInvoice: info ? [] : rows.map(withPaymentStatus),
    totalSaleInvoice: n,
    aggregations: { _count: { id: n }, _sum: sum },
  };
  if (info || !options.graph) return answer;
  const graphData =
    (await saleGraphByDay(db, q, filtered)) ??
    (await db
      .select({ date: saleInvoice.date, count: count(), totalAmount: money(sql`sum(${saleInvoice.totalAmount})`) })
      .from(saleInvoice)
      .where(and(where, eq(saleInvoice.state, 'completed')))
      .groupBy(saleInvoice.date)
      .orderBy(asc(saleInvoice.date)));
  return { ...answer, graphData };
}

/** The count and sums of the sales a filtered list matches (a customer's, a salesperson's, a search), from their kept figures. */
async function sumSales(db: DbOrTx, where: SQL | undefined) {
  const [sums] = await db
    .select({
      count: count(),
      totalAmount: money(sql`sum(${saleInvoice.totalAmount})`),
      totalTaxAmount: money(sql`sum(${saleInvoice.totalTaxAmount})`),
      totalDiscountAmount: money(sql`sum(${saleInvoice.totalDiscountAmount})`),
      profit: money(sql`sum(${saleInvoice.profit})`),
      paidAmount: money(sql`sum(${saleInvoice.paidAmount})`),
      dueAmount: money(sql`sum(${saleInvoice.dueAmount})`),
      totalReturnAmount: money(sql`sum(${saleInvoice.returnAmount})`),
      instantPaidReturnAmount: money(sql`sum(${saleInvoice.instantPaidReturnAmount})`),
    })
    .from(saleInvoice)
    .where(where);
  return sums!;
}

/** One sale's header with its customer, salesperson and kept figures, when it is in one of the states. */
async function saleHeader(db: DbOrTx, invoiceId: number, states: SaleState[]) {
  const [header] = await db
    .select(headerSelect)
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .where(and(eq(saleInvoice.id, invoiceId), inArray(saleInvoice.state, states)));
  return header && withPaymentStatus(header);
}

/** GET sale-invoice/{id}: the sale with its lines, its kept figures, the reference's PAID/UNPAID and its entries. */
export async function readSale(db: DbOrTx, invoiceId: number) {
  const header = await saleHeader(db, invoiceId, ['completed', 'deleted']);
  if (!header) return undefined;
  const [lines, [buyer]] = await Promise.all([
    saleLines(db, invoiceId),
    db.select({ address: customer.address }).from(customer).where(eq(customer.id, header.customerId)),
  ]);
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
    bill: invoiceBill({
      lines: lines.map((l) => ({ quantity: l.productQuantity, unitNet: l.productUnitSalePrice, vatPercent: l.tax })),
      vatRoundedPer: 'line',
      total: fromCents(toCents(header.totalAmount) + toCents(header.totalTaxAmount)),
      vat: header.totalTaxAmount,
    }),
    billTo: { name: customerName(header.customer), address: header.address ?? buyer?.address ?? null },
    singleSaleInvoice: { ...header, saleInvoiceProduct: lines },
    returnSaleInvoice: await saleReturnsOf(db, eq(returnSaleInvoice.saleInvoiceId, invoiceId)),
    transactions,
  };
}

/** GET sale-invoice/number/{number}: the sale with that invoice number, as readSale answers it. */
export async function readSaleByNumber(db: DbOrTx, number: number) {
  const [row] = await db.select({ id: saleInvoice.id }).from(saleInvoice).where(eq(saleInvoice.number, number));
  return row ? readSale(db, row.id) : undefined;
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
      productVariantId: line.productVariantId,
      productQuantity: line.productQuantity,
      productUnitSalePrice: line.productUnitSalePrice,
      productDiscount: line.productDiscount,
      saleDiscount: line.saleDiscount,
      productFinalAmount: line.productFinalAmount,
      tax: line.tax,
      taxAmount: line.taxAmount,
      returnedQuantity: sql<number>`coalesce(${returned.quantity}, 0)::int`.mapWith(Number),
      oversold: line.oversold,
      product: { id: product.id, name: product.name, sku: product.sku },
      variant: sql<{
        id: number;
        sku: string;
      } | null>`(select json_build_object('id', v.id, 'sku', v.sku) from product_variant v where v.id = ${line.productVariantId})`,
    })
    .from(line)
    .innerJoin(product, eq(product.id, line.productId))
    .leftJoin(returned, eq(returned.lineId, line.id))
    .where(eq(line.invoiceId, invoiceId))
    .orderBy(asc(line.id));
}

/** GET sale-invoice/hold?filters → {allHoldInvoice, _count}: the parked carts, newest first. */
export async function listHeld(db: DbOrTx, q: ListQuery) {
  const where = whereAll([
    eq(saleInvoice.state, 'held'),
    ...conventionWhere({ ...q, statuses: null }, { search: [saleInvoice.note], date: saleInvoice.date }),
  ]);
  const select = db
    .select(headerSelect)
    .from(saleInvoice)
    .innerJoin(customer, eq(customer.id, saleInvoice.customerId))
    .innerJoin(salesperson, eq(salesperson.id, saleInvoice.userId))
    .where(where)
    .orderBy(q.order === 'asc' ? asc(saleInvoice.id) : desc(saleInvoice.id))
    .$dynamic();
  const [rows, [total]] = await Promise.all([paged(select, q), db.select({ id: count() }).from(saleInvoice).where(where)]);
  return { allHoldInvoice: rows.map(withPaymentStatus), _count: { id: total?.id ?? 0 } };
}

/** GET sale-invoice/hold/{id}: a held sale with its lines, to resume it at the till. */
export async function readHeld(db: DbOrTx, invoiceId: number) {
  const header = await saleHeader(db, invoiceId, ['held']);
  if (!header) return undefined;
  return { ...header, saleInvoiceProduct: await saleLines(db, invoiceId) };
}
