import { type Cents, fromCents, toCents } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { product } from '../../schema/index.ts';

/**
 * Moving-average cost in cents, half up: (onHand × oldCost + qty × unitCost) / (onHand + qty). Stock
 * below zero (a till allowed to oversell) holds no value, so it counts as none on hand.
 */
export function movingAverage(onHand: number, oldCost: Cents, quantity: number, unitCost: Cents): Cents {
  const held = Math.max(0, onHand);
  const total = held + quantity;
  if (total <= 0) return unitCost;
  return Math.floor((held * oldCost + quantity * unitCost) / total + 0.5);
}

/** The cost before goods came in, once they go back: (onHand × cost − qty × unitCost) / (onHand − qty); unchanged when nothing stays. */
export function averageWithout(onHand: number, cost: Cents, quantity: number, unitCost: Cents): Cents {
  const left = onHand - quantity;
  if (left <= 0) return cost;
  return Math.max(0, Math.floor((onHand * cost - quantity * unitCost) / left + 0.5));
}

/**
 * Goods that come back into stock (a sale return, an undone sale) at the cost they left at: the
 * product's average cost takes them in. Called right after their moveStock, which holds the product's
 * row lock; `onHandBefore` is the quantity before that move.
 */
export async function takeInAtCost(tx: DbOrTx, productId: number, onHandBefore: number, quantity: number, unitCost: Cents): Promise<void> {
  const [row] = await tx.select({ cost: product.productPurchasePrice }).from(product).where(eq(product.id, productId));
  const cost = movingAverage(onHandBefore, toCents(row!.cost), quantity, unitCost);
  await tx
    .update(product)
    .set({ productPurchasePrice: fromCents(cost) })
    .where(eq(product.id, productId));
}
