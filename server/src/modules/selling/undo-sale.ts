import { asc, eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { assertTransition, lockState, transition } from '../../platform/transition.ts';
import { saleInvoiceProduct } from '../../schema/index.ts';
import { post } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';
import { saleDoc, saleDocument } from './sale-doc.ts';

/**
 * PATCH sale-invoice/{id} {status}: 'false' undoes a completed sale (completed → deleted): the goods
 * come back at the cost they left at, and every posting of the sale (payments taken later included)
 * is reversed, dated today, in one transaction. 'true' asks for it to stay completed. The row lock
 * makes a second undo wait and then find it deleted: 409 invalid_transition.
 */
export async function setSaleStatus(tx: DbOrTx, invoiceId: number, status: 'true' | 'false', userId: number, clock: Clock): Promise<void> {
  if (status === 'true') {
    const state = await lockState(tx, saleDoc, invoiceId);
    if (state !== 'completed') assertTransition(saleDoc, invoiceId, state, 'completed');
    return;
  }
  await transition(tx, saleDoc, invoiceId, 'deleted', { status: false });
  const lines = await tx
    .select({
      productId: saleInvoiceProduct.productId,
      quantity: saleInvoiceProduct.productQuantity,
      unitCost: saleInvoiceProduct.unitCost,
    })
    .from(saleInvoiceProduct)
    .where(eq(saleInvoiceProduct.invoiceId, invoiceId))
    .orderBy(asc(saleInvoiceProduct.productId));
  for (const line of lines) {
    await moveStock(tx, {
      productId: line.productId,
      quantity: line.quantity,
      reason: 'saleReturn',
      documentType: saleDocument,
      documentId: invoiceId,
      unitCost: line.unitCost,
      userId,
    });
  }
  // every entry the sale holds, net per account pair, posted back
  const entries = await rawRows<{ debit_id: number; credit_id: number; cents: number }>(
    tx,
    sql`select debit_id, credit_id, round(sum(amount) * 100)::int as cents from "transaction"
      where type = 'sale' and related_id = ${String(invoiceId)} group by debit_id, credit_id order by debit_id, credit_id`,
  );
  const today = await businessDate(tx, clock);
  await post(
    tx,
    entries.map((e) => ({
      date: today,
      debit: { subAccountId: e.credit_id },
      credit: { subAccountId: e.debit_id },
      amount: Number(e.cents),
      particulars: `Reversal of sale #${invoiceId}`,
      type: 'sale' as const,
      relatedId: invoiceId,
    })),
  );
}
