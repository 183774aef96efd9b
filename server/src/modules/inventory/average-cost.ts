import { type Cents, fromCents, toCents } from '@tillbook/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { product, productVariant } from '../../schema/index.ts';

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

/** Goods of one product, or of one of its variants (whose average cost is the variant's own). */
export interface Goods {
  productId: number;
  productVariantId?: number | null;
}

/** The average costs (cents) of these goods, keyed `productId/variantId`; read under the rows' locks (after their move). */
export async function averageCosts(tx: DbOrTx, goods: readonly Goods[]): Promise<Map<string, Cents>> {
  const productIds = goods.filter((g) => g.productVariantId == null).map((g) => g.productId);
  const variantIds = goods.flatMap((g) => (g.productVariantId == null ? [] : [g.productVariantId]));
  const costs = new Map<string, Cents>();
  if (productIds.length)
    for (const r of await tx
      .select({ id: product.id, cost: product.productPurchasePrice })
      .from(product)
      .where(inArray(product.id, productIds)))
      costs.set(goodsKey({ productId: r.id }), toCents(r.cost));
  if (variantIds.length)
    for (const r of await tx
      .select({ id: productVariant.id, productId: productVariant.productId, cost: productVariant.productPurchasePrice })
      .from(productVariant)
      .where(inArray(productVariant.id, variantIds)))
      costs.set(goodsKey({ productId: r.productId, productVariantId: r.id }), toCents(r.cost));
  return costs;
}

export const goodsKey = (g: Goods) => `${g.productId}/${g.productVariantId ?? ''}`;

/** Sets the goods' average cost: the variant's when one is named, else the product's. */
export async function setAverageCost(tx: DbOrTx, goods: Goods, cost: Cents): Promise<void> {
  if (goods.productVariantId != null)
    await tx
      .update(productVariant)
      .set({ productPurchasePrice: fromCents(cost) })
      .where(eq(productVariant.id, goods.productVariantId));
  else
    await tx
      .update(product)
      .set({ productPurchasePrice: fromCents(cost) })
      .where(eq(product.id, goods.productId));
}

/**
 * Goods that come back into stock (a sale return, an undone sale) at the cost they left at: the
 * average cost (the variant's, else the product's) takes them in. Called right after their moveStock,
 * which holds the row's lock; `onHandBefore` is the quantity before that move.
 */
export async function takeInAtCost(tx: DbOrTx, goods: Goods, onHandBefore: number, quantity: number, unitCost: Cents): Promise<void> {
  const cost = (await averageCosts(tx, [goods])).get(goodsKey(goods))!;
  await setAverageCost(tx, goods, movingAverage(onHandBefore, cost, quantity, unitCost));
}
