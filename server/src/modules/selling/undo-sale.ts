import { asc, eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { assertTransition, lockState, transition } from '../../platform/transition.ts';
import { saleInvoice, saleInvoiceProduct } from '../../schema/index.ts';
import { keepInvoiceFigures, reversePostings } from '../accounting/index.ts';
import { bringGoodsBack } from '../inventory/index.ts';
import { drawerSessionsOf } from '../till/index.ts';
import { returnedByLine } from './return-read.ts';
import { saleDoc, saleDocument } from './sale-doc.ts';

/**
 * PATCH sale-invoice/{id} {status}: 'false' undoes a completed sale (completed → deleted): the goods
 * still out (sold minus returned) come back at the cost they left at (the average cost takes them in), and every posting of the sale
 * and of its returns (payments taken later and refunds included; a deleted payment and its reversal
 * already cancel) is reversed, dated today, in one transaction. 'true' asks for it to stay completed.
 * The row lock makes a second undo wait and then find it deleted: 409 invalid_transition.
 */
export async function setSaleStatus(tx: DbOrTx, invoiceId: number, status: 'true' | 'false', userId: number, clock: Clock): Promise<void> {
  if (status === 'true') {
    const state = await lockState(tx, saleDoc, invoiceId);
    if (state !== 'completed') assertTransition(saleDoc, invoiceId, state, 'completed');
    return;
  }
  await transition(tx, saleDoc, invoiceId, 'deleted', { status: false });
  // money that went through a till's drawer goes back through it, in the till's open session
  const sessionOfDrawer = await drawerSessionsOf(tx, invoiceId);
  // the reversal names the sale by its invoice number (the row is there: transition locked it)
  const [undone] = await tx.select({ number: saleInvoice.number }).from(saleInvoice).where(eq(saleInvoice.id, invoiceId));
  const returned = returnedByLine(tx, invoiceId);
  const lines = await tx
    .select({
      productId: saleInvoiceProduct.productId,
      productVariantId: saleInvoiceProduct.productVariantId,
      quantity: sql<number>`${saleInvoiceProduct.productQuantity} - coalesce(${returned.quantity}, 0)`.mapWith(Number),
      unitCost: saleInvoiceProduct.unitCost,
    })
    .from(saleInvoiceProduct)
    .leftJoin(returned, eq(returned.lineId, saleInvoiceProduct.id))
    .where(eq(saleInvoiceProduct.invoiceId, invoiceId))
    .orderBy(asc(saleInvoiceProduct.productId));
  await bringGoodsBack(tx, lines, { direction: 'in', reason: 'saleReturn', documentType: saleDocument, documentId: invoiceId, userId });
  // every entry the sale and its returns hold, net per type, account pair and VAT rate, posted back
  await reversePostings(tx, {
    types: ['sale', 'saleReturn'],
    relatedId: invoiceId,
    date: await businessDate(tx, clock),
    particulars: (type) => (type === 'sale' ? `Reversal of sale #${undone!.number}` : `Reversal of the returns of sale #${undone!.number}`),
    sessionOfDrawer,
  });
  await keepInvoiceFigures(tx, 'sale', invoiceId);
}
