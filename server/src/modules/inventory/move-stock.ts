import type { StockReason } from '@tillbook/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { product, stockMovement } from '../../schema/index.ts';

export type { StockReason };

export interface StockMove {
  productId: number;
  /** Signed: positive adds stock, negative takes it. */
  quantity: number;
  reason: StockReason;
  documentType?: string;
  documentId?: string | number;
  /** Unit cost the movement is valued at (default: the product's current average cost). */
  unitCost?: number;
  userId?: number;
  /**
   * Lets a decrease take the stock below zero. Only the till passes it, and only when the shop's
   * setting allowNegativeStock is on; every other caller (web orders included) never goes below zero.
   */
  allowNegative?: boolean;
}

export interface MovedStock {
  productId: number;
  name: string;
  quantityAfter: number;
  unitCost: number;
}

/**
 * Changes on-hand stock and writes its movement row, inside the caller's transaction. A decrease is
 * one conditional UPDATE (`... where quantity + n >= 0`), so concurrent sales can never take the
 * stock below zero: the loser gets a 409 `insufficient_stock` naming the product. Callers moving several products
 * should call in product-id order so row locks are always taken in the same order.
 */
export async function moveStock(tx: DbOrTx, move: StockMove): Promise<MovedStock> {
  if (!Number.isInteger(move.quantity) || move.quantity === 0)
    throw new Error(`stock moves by a non-zero whole number, not ${move.quantity}`);
  const [row] = await tx
    .update(product)
    .set({ productQuantity: sql`${product.productQuantity} + ${move.quantity}` })
    .where(
      and(
        eq(product.id, move.productId),
        move.quantity < 0 && !move.allowNegative ? gte(product.productQuantity, -move.quantity) : undefined,
      ),
    )
    .returning({ name: product.name, quantityAfter: product.productQuantity, cost: product.productPurchasePrice });
  if (!row) {
    const [current] = await tx
      .select({ name: product.name, quantity: product.productQuantity })
      .from(product)
      .where(eq(product.id, move.productId));
    if (!current) throw notFound(`Product ${move.productId}`);
    throw new AppError('insufficient_stock', `Not enough stock of ${current.name}: ${current.quantity} on hand, ${-move.quantity} needed`, {
      productId: `${current.name} has only ${current.quantity} in stock`,
    });
  }
  const unitCost = move.unitCost ?? row.cost;
  await tx.insert(stockMovement).values({
    productId: move.productId,
    quantity: move.quantity,
    reason: move.reason,
    documentType: move.documentType,
    documentId: move.documentId === undefined ? undefined : String(move.documentId),
    unitCost,
    userId: move.userId,
  });
  return { productId: move.productId, name: row.name, quantityAfter: row.quantityAfter, unitCost };
}
