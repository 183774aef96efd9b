import { fromCents, type PurchaseState, purchaseLifecycle, toCents } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { assertTransition, type LifecycleDocument, lockState, transition } from '../../platform/transition.ts';
import { product, purchaseInvoice, purchaseInvoiceProduct, returnPurchaseInvoiceProduct, transaction } from '../../schema/index.ts';
import { keepInvoiceFigures, liveEntry, post } from '../accounting/index.ts';
import { averageWithout, moveStock } from '../inventory/index.ts';
import { purchaseDocument } from './create-purchase.ts';

export const purchaseDoc: LifecycleDocument<PurchaseState> = {
  table: purchaseInvoice,
  lifecycle: purchaseLifecycle,
  label: 'Purchase invoice',
};

/**
 * PATCH purchase-invoice/{id} {status}: 'false' undoes the purchase (active → undone, final): the goods
 * still held from it go out again at the invoice's cost (409 insufficient_stock when they were sold or
 * moved out), each product's average cost is taken back, and every ledger row of the invoice (the
 * purchase, its payments and returns) is reversed (a VAT row keeps its rate), dated today in the shop.
 * 'true' on an active invoice changes nothing; on an undone one it is refused (409 invalid_transition).
 */
export async function setPurchaseStatus(tx: DbOrTx, invoiceId: number, status: 'true' | 'false', userId: number, clock: Clock) {
  if (status === 'true') {
    const state = await lockState(tx, purchaseDoc, invoiceId);
    if (state !== 'active') assertTransition(purchaseDoc, invoiceId, state, 'active');
    return;
  }
  await transition(tx, purchaseDoc, invoiceId, 'undone', { status: false });
  // the reversal names the purchase by its number (the row is there: transition locked it)
  const [undone] = await tx.select({ number: purchaseInvoice.number }).from(purchaseInvoice).where(eq(purchaseInvoice.id, invoiceId));
  const returned = tx
    .select({
      lineId: returnPurchaseInvoiceProduct.purchaseInvoiceProductId,
      quantity: sql<number>`sum(${returnPurchaseInvoiceProduct.productQuantity})::int`.as('quantity'),
    })
    .from(returnPurchaseInvoiceProduct)
    .groupBy(returnPurchaseInvoiceProduct.purchaseInvoiceProductId)
    .as('returned');
  const lines = await tx
    .select({
      productId: purchaseInvoiceProduct.productId,
      quantity: sql<number>`${purchaseInvoiceProduct.productQuantity} - coalesce(${returned.quantity}, 0)`.mapWith(Number),
      unitCost: purchaseInvoiceProduct.productUnitPurchasePrice,
    })
    .from(purchaseInvoiceProduct)
    .leftJoin(returned, eq(returned.lineId, purchaseInvoiceProduct.id))
    .where(eq(purchaseInvoiceProduct.invoiceId, invoiceId))
    .orderBy(asc(purchaseInvoiceProduct.productId));
  const held = lines.filter((l) => l.quantity > 0);
  const products = held.length
    ? await tx
        .select({ id: product.id, quantity: product.productQuantity, cost: product.productPurchasePrice })
        .from(product)
        .where(
          inArray(
            product.id,
            held.map((l) => l.productId),
          ),
        )
        .orderBy(asc(product.id))
        .for('update')
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const line of held) {
    const before = byId.get(line.productId)!;
    await moveStock(tx, {
      productId: line.productId,
      quantity: -line.quantity,
      reason: 'purchaseReversal',
      documentType: purchaseDocument,
      documentId: invoiceId,
      unitCost: line.unitCost,
      userId,
    });
    const cost = averageWithout(before.quantity, toCents(before.cost), line.quantity, toCents(line.unitCost));
    await tx
      .update(product)
      .set({ productPurchasePrice: fromCents(cost) })
      .where(eq(product.id, line.productId));
  }
  const rows = await tx
    .select({
      debitId: transaction.debitId,
      creditId: transaction.creditId,
      amount: transaction.amount,
      type: transaction.type,
      vatRate: transaction.vatRate,
    })
    .from(transaction)
    .where(and(eq(transaction.relatedId, String(invoiceId)), inArray(transaction.type, ['purchase', 'purchaseReturn']), liveEntry()))
    .orderBy(asc(transaction.id));
  const today = await businessDate(tx, clock);
  await post(
    tx,
    rows.map((r) => ({
      date: today,
      debit: { subAccountId: r.creditId },
      credit: { subAccountId: r.debitId },
      amount: toCents(r.amount),
      particulars: `Purchase #${undone!.number} deleted: reversal`,
      type: r.type,
      relatedId: invoiceId,
      ...(r.vatRate === null ? {} : { vatRate: r.vatRate }),
    })),
  );
  await keepInvoiceFigures(tx, 'purchase', invoiceId);
}
