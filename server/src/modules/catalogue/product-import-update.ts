import { toCents } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { product } from '../../schema/index.ts';
import { post } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';
import { revalueStock } from './product-cost.ts';
import type { ProductChange } from './product-import-check.ts';
import { assertProductReferences } from './product-rules.ts';

/**
 * Writes one import row to the product of its SKU, inside the caller's transaction: a changed purchase
 * price revalues the stock on hand (as the product form does), then the columns the file has, then, when the file's quantity differs from the stock on hand (read under the row's lock),
 * a stock movement with reason `import` for the difference, valued at the product's cost (after the
 * row's purchase price) and posted like an adjustment: Dr Inventory / Cr Stock Adjustment for more
 * stock, the other way for less.
 */
export async function updateImportedProduct(tx: DbOrTx, ctx: { userId?: number; clock: Clock }, change: ProductChange): Promise<void> {
  const [current] = await tx
    .select({ quantity: product.productQuantity, cost: product.productPurchasePrice })
    .from(product)
    .where(eq(product.id, change.productId))
    .for('update');
  if (!current) throw fieldError('sku', 'no longer exists');
  await assertProductReferences(tx, change.columns);
  const newCost = change.columns.productPurchasePrice;
  if (newCost !== undefined) {
    // the same revaluation as an edit on the product form: books still equal the stock at cost
    await revalueStock(tx, {
      ...ctx,
      productId: change.productId,
      sku: change.sku,
      onHand: current.quantity,
      oldCost: current.cost,
      newCost,
    });
  }
  if (Object.keys(change.columns).length) {
    await tx
      .update(product)
      .set({ ...change.columns, updatedAt: sql`now()` })
      .where(eq(product.id, change.productId));
  }
  const difference = change.quantity === undefined ? 0 : change.quantity - current.quantity;
  if (difference === 0) return;
  const moved = await moveStock(tx, {
    productId: change.productId,
    quantity: difference,
    reason: 'import',
    documentType: 'product',
    documentId: change.productId,
    userId: ctx.userId,
  });
  const intoStock = difference > 0;
  await post(tx, [
    {
      date: await businessDate(tx, ctx.clock),
      debit: intoStock ? 'inventory' : 'stockAdjustment',
      credit: intoStock ? 'stockAdjustment' : 'inventory',
      amount: Math.abs(difference) * toCents(moved.unitCost),
      particulars: `Import stock ${change.sku}: ${current.quantity} → ${change.quantity}`,
      type: 'adjustment',
      relatedId: change.productId,
    },
  ]);
}
