import type { SaleOrderStatus } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { lockState } from '../../platform/transition.ts';
import { saleInvoice } from '../../schema/index.ts';
import { saleDoc } from './sale-doc.ts';

/**
 * PATCH sale-invoice/order {invoiceId, orderStatus}: sets a completed sale's order status, PENDING
 * (the goods are still to reach the customer) or RECEIVED (reference 3.6). It moves no stock and posts
 * nothing; a held, cancelled or undone sale has no order to follow (409).
 */
export async function setOrderStatus(tx: DbOrTx, invoiceId: number, orderStatus: SaleOrderStatus): Promise<void> {
  const state = await lockState(tx, saleDoc, invoiceId);
  if (state !== 'completed')
    throw conflict(`Sale invoice ${invoiceId} is ${state}; only a completed sale has an order status`, { invoiceId: `is ${state}` });
  await tx.update(saleInvoice).set({ orderStatus }).where(eq(saleInvoice.id, invoiceId));
}
