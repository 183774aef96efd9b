import { type PurchaseState, paymentStatus } from '@tillbook/contract';
import { asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, paging, unpagedWithin, whereAll } from '../../platform/list-query.ts';
import {
  product,
  purchaseInvoice,
  purchaseInvoiceProduct,
  returnPurchaseInvoice,
  returnPurchaseInvoiceProduct,
  supplier,
  transaction,
} from '../../schema/index.ts';
import { entriesWhere, liveEntry } from '../accounting/index.ts';
import { derivedColumns, moneyOf, sumDerived, summedColumns } from './balances.ts';
import { purchaseTotalsByDay } from './purchase-list-totals.ts';
import { purchasePage } from './purchase-page.ts';

const inv = purchaseInvoice;

/** Headers with their supplier and their kept figures, as a dynamic select. */
export function headerSelect(db: DbOrTx) {
  return db
    .select({
      id: inv.id,
      number: sql<number>`${inv.number}`.mapWith(Number),
      status: inv.status,
      createdAt: inv.createdAt,
      updatedAt: inv.updatedAt,
      state: inv.state,
      date: inv.date,
      supplierId: inv.supplierId,
      note: inv.note,
      supplierMemoNo: inv.supplierMemoNo,
      invoiceMemoNo: inv.invoiceMemoNo,
      totalAmount: inv.totalAmount,
      totalTax: inv.totalTax,
      ...derivedColumns,
      supplier: { id: supplier.id, name: supplier.name, phone: supplier.phone },
    })
    .from(inv)
    .innerJoin(supplier, eq(supplier.id, inv.supplierId))
    .$dynamic();
}

/** A header row with its payment status, derived by the contract's one rule. */
export const withPaymentStatus = <
  R extends { state: PurchaseState; paidAmount: number; dueAmount: number; instantPaidReturnAmount: number },
>(
  row: R,
) => ({ ...row, paymentStatus: paymentStatus({ ...row, undone: row.state === 'undone' }) });

type Filters = { supplierId?: number[] };

/**
 * GET purchase-invoice?filters → {getAllPurchaseInvoice, totalPurchaseInvoice, aggregations}: the figures
 * kept on each invoice; the count and sums from the per-day totals unless searched or by supplier.
 */
export async function listPurchases(db: DbOrTx, q: ListQuery<Filters>) {
  const where = whereAll([
    ...conventionWhere(q, { status: inv.status, search: [inv.number, inv.supplierMemoNo, inv.invoiceMemoNo, inv.note], date: inv.date }),
    q.filters.supplierId ? inArray(inv.supplierId, q.filters.supplierId) : undefined,
  ]);
  const { limit, offset } = paging(q);
  const [rows, total] = await Promise.all([
    purchasePage(db, where, orderBy(q, inv, inv.id), limit, offset).then((page) => unpagedWithin(q, page)),
    (async () =>
      (await purchaseTotalsByDay(db, q)) ??
      (
        await db
          .select({ n: count(), exTax: moneyOf(sql`sum(${inv.totalAmount})`), ...summedColumns })
          .from(inv)
          .where(where)
      )[0])(),
  ]);
  const sums = sumDerived([total!]);
  return {
    getAllPurchaseInvoice: rows.map(withPaymentStatus),
    totalPurchaseInvoice: total!.n,
    aggregations: {
      _count: { id: total!.n },
      _sum: {
        totalAmount: total!.exTax,
        paidAmount: sums.totalPaidAmount,
        dueAmount: sums.dueAmount,
        totalReturnAmount: sums.totalReturnAmount,
        instantPaidReturnAmount: sums.instantPaidReturnAmount,
      },
    },
  };
}

/** Purchase return headers with their number and their purchase's, as a dynamic select. */
export function returnHeaderSelect(db: DbOrTx) {
  return db
    .select({
      ...getTableColumns(returnPurchaseInvoice),
      // a committed return always has its number (taken in the transaction that wrote it)
      number: sql<number>`${returnPurchaseInvoice.number}`.mapWith(Number),
      purchaseInvoiceNumber: sql<number>`${inv.number}`.mapWith(Number),
    })
    .from(returnPurchaseInvoice)
    .innerJoin(inv, eq(inv.id, returnPurchaseInvoice.purchaseInvoiceId))
    .$dynamic();
}

/** A purchase return's header and lines. */
export async function returnsOf(db: DbOrTx, where: SQL) {
  const headers = await returnHeaderSelect(db).where(where).orderBy(asc(returnPurchaseInvoice.id));
  if (!headers.length) return [];
  const lines = await db
    .select({
      id: returnPurchaseInvoiceProduct.id,
      invoiceId: returnPurchaseInvoiceProduct.invoiceId,
      purchaseInvoiceProductId: returnPurchaseInvoiceProduct.purchaseInvoiceProductId,
      productId: returnPurchaseInvoiceProduct.productId,
      productQuantity: returnPurchaseInvoiceProduct.productQuantity,
      productUnitPurchasePrice: returnPurchaseInvoiceProduct.productUnitPurchasePrice,
      productFinalAmount: returnPurchaseInvoiceProduct.productFinalAmount,
      tax: returnPurchaseInvoiceProduct.tax,
      taxAmount: returnPurchaseInvoiceProduct.taxAmount,
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(returnPurchaseInvoiceProduct)
    .innerJoin(product, eq(product.id, returnPurchaseInvoiceProduct.productId))
    .where(
      inArray(
        returnPurchaseInvoiceProduct.invoiceId,
        headers.map((h) => h.id),
      ),
    )
    .orderBy(asc(returnPurchaseInvoiceProduct.id));
  return headers.map((h) => ({ ...h, returnPurchaseInvoiceProduct: lines.filter((l) => l.invoiceId === h.id) }));
}

/** GET purchase-invoice/{id}: the invoice with lines, returns, ledger rows and derived figures. */
export async function readPurchase(db: DbOrTx, invoiceId: number) {
  const [header] = await headerSelect(db).where(eq(inv.id, invoiceId));
  if (!header) return undefined;
  const returned = db
    .select({
      lineId: returnPurchaseInvoiceProduct.purchaseInvoiceProductId,
      quantity: sql<number>`sum(${returnPurchaseInvoiceProduct.productQuantity})::int`.mapWith(Number).as('quantity'),
    })
    .from(returnPurchaseInvoiceProduct)
    .groupBy(returnPurchaseInvoiceProduct.purchaseInvoiceProductId)
    .as('returned');
  const lines = await db
    .select({
      id: purchaseInvoiceProduct.id,
      invoiceId: purchaseInvoiceProduct.invoiceId,
      productId: purchaseInvoiceProduct.productId,
      productQuantity: purchaseInvoiceProduct.productQuantity,
      productUnitPurchasePrice: purchaseInvoiceProduct.productUnitPurchasePrice,
      productUnitSalePrice: purchaseInvoiceProduct.productUnitSalePrice,
      productFinalAmount: purchaseInvoiceProduct.productFinalAmount,
      tax: purchaseInvoiceProduct.tax,
      taxAmount: purchaseInvoiceProduct.taxAmount,
      returnedQuantity: sql<number>`coalesce(${returned.quantity}, 0)::int`.mapWith(Number),
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(purchaseInvoiceProduct)
    .innerJoin(product, eq(product.id, purchaseInvoiceProduct.productId))
    .leftJoin(returned, eq(returned.lineId, purchaseInvoiceProduct.id))
    .where(eq(purchaseInvoiceProduct.invoiceId, invoiceId))
    .orderBy(asc(purchaseInvoiceProduct.id));
  const derived = sumDerived([header]);
  const transactions = await entriesWhere(
    db,
    sql`${transaction.relatedId} = ${String(invoiceId)} and ${transaction.type} in ('purchase', 'purchaseReturn') and ${liveEntry()}`,
  ).orderBy(asc(transaction.id));
  return {
    status: derived.dueAmount <= 0 ? ('PAID' as const) : ('UNPAID' as const),
    ...derived,
    singlePurchaseInvoice: { ...withPaymentStatus(header), purchaseInvoiceProduct: lines },
    returnPurchaseInvoice: await returnsOf(db, eq(returnPurchaseInvoice.purchaseInvoiceId, invoiceId)),
    transactions,
  };
}
