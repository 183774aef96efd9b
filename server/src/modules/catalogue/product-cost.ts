import { costChangeDocument, formatMoney, toCents } from '@tillbook/contract';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { post } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';

export interface CostChange {
  productId: number;
  sku: string;
  onHand: number;
  /** The product sells by variants: `onHand` is its stock not shared out to them, revalued as its own. */
  unshared?: boolean;
  oldCost: number;
  newCost: number;
  userId?: number;
  clock: Clock;
}

/**
 * An owner's edit of the purchase price (the average unit cost), inside the caller's transaction
 * and before the product row takes the new cost. The stock on hand is revalued: it goes out at the
 * old cost and back in at the new one (two movements, reason `adjustment`, document `costChange`),
 * and the difference is posted between Inventory and Stock Adjustment. On-hand stock is unchanged,
 * and the Inventory account still equals the movements at cost. With no stock on hand only the
 * cost changes: later movements are valued at it.
 */
export async function revalueStock(tx: DbOrTx, change: CostChange): Promise<void> {
  const { productId, onHand, oldCost, newCost, userId, unshared } = change;
  const difference = toCents(newCost) - toCents(oldCost);
  if (difference === 0 || onHand <= 0) return;
  const document = { reason: 'adjustment', documentType: costChangeDocument, documentId: productId, userId, unshared } as const;
  await moveStock(tx, { productId, quantity: -onHand, unitCost: oldCost, ...document });
  await moveStock(tx, { productId, quantity: onHand, unitCost: newCost, ...document });
  await post(tx, [
    {
      date: await businessDate(tx, change.clock),
      debit: 'inventory',
      credit: 'stockAdjustment',
      amount: onHand * difference,
      particulars: `Purchase price of ${change.sku} changed from ${formatMoney(toCents(oldCost))} to ${formatMoney(toCents(newCost))}: ${onHand} on hand revalued`,
      type: 'adjustment',
      relatedId: productId,
    },
  ]);
}
