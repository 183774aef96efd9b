import { type OrderStatus, orderLabels } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { cartOrder } from '../../schema/index.ts';

/**
 * "Mark shipped" may carry the courier's tracking number: kept on the order (the shopper's order page shows
 * it). Any other move refuses one, 400 naming the field; a move without one keeps what the order has.
 */
export async function keepTrackingNumber(tx: DbOrTx, orderId: number, to: OrderStatus, trackingNumber: string | null | undefined) {
  if (trackingNumber == null) return;
  if (to !== 'SHIPPED') throw fieldError('trackingNumber', 'is given only when the order is marked shipped', orderLabels);
  await tx.update(cartOrder).set({ trackingNumber }).where(eq(cartOrder.id, orderId));
}
