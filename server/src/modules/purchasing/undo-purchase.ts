import { type PurchaseState, purchaseLifecycle } from '@tillbook/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { assertTransition, type LifecycleDocument, lockState, transition } from '../../platform/transition.ts';
import { purchaseInvoice, purchaseInvoiceProduct, returnPurchaseInvoiceProduct } from '../../schema/index.ts';
import { keepInvoiceFigures, reversePostings } from '../accounting/index.ts';
import { bringGoodsBack } from '../inventory/index.ts';
import { purchaseDocument } from './create-purchase.ts';

export const purchaseDoc: LifecycleDocument<PurchaseState> = {
  table: purchaseInvoice,
  state: purchaseInvoice.state,
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
      productVariantId: purchaseInvoiceProduct.productVariantId,
      quantity: sql<number>`${purchaseInvoiceProduct.productQuantity} - coalesce(${returned.quantity}, 0)`.mapWith(Number),
      unitCost: purchaseInvoiceProduct.productUnitPurchasePrice,
    })
    .from(purchaseInvoiceProduct)
    .leftJoin(returned, eq(returned.lineId, purchaseInvoiceProduct.id))
    .where(eq(purchaseInvoiceProduct.invoiceId, invoiceId))
    .orderBy(asc(purchaseInvoiceProduct.productId));
  // out again at the invoice's cost, the average cost taken back (409 insufficient_stock once they are gone)
  await bringGoodsBack(tx, lines, {
    direction: 'out',
    reason: 'purchaseReversal',
    documentType: purchaseDocument,
    documentId: invoiceId,
    userId,
  });
  await reversePostings(tx, {
    types: ['purchase', 'purchaseReturn'],
    relatedId: invoiceId,
    date: await businessDate(tx, clock),
    particulars: () => `Purchase #${undone!.number} deleted: reversal`,
  });
  await keepInvoiceFigures(tx, 'purchase', invoiceId);
}
