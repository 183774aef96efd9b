import { toCents } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { post } from '../src/modules/accounting/post.ts';
import { moveStock } from '../src/modules/inventory/move-stock.ts';
import { product } from '../src/schema/index.ts';
import type { TestApp } from './harness.ts';

export type ProductRow = typeof product.$inferSelect;
export type ProductOverrides = Partial<Omit<typeof product.$inferInsert, 'id'>>;

let counter = 0;

/**
 * A product for tests, inserted directly (no product API), with its opening stock given the way the
 * product API gives it: a stock movement (reason 'opening') and the opening posting
 * Dr Inventory / Cr Owner equity at quantity × purchase price, so the invariants hold from the start.
 */
export async function makeProduct(t: TestApp, overrides: ProductOverrides = {}): Promise<ProductRow> {
  const n = `${process.pid}-${Date.now().toString(36)}-${counter++}`;
  const { productQuantity: opening = 0, ...fields } = overrides;
  return t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(product)
      .values({
        name: `Test product ${n}`,
        sku: `SKU-${n}`,
        productPurchasePrice: 10,
        productSalePrice: 15,
        reorderQuantity: 0,
        ...fields,
        productQuantity: 0,
      })
      .returning();
    if (opening > 0) {
      await moveStock(tx, {
        productId: row!.id,
        quantity: opening,
        reason: 'opening',
        documentType: 'product',
        documentId: row!.id,
        unitCost: row!.productPurchasePrice,
      });
      await post(tx, [
        {
          date: new Date().toISOString().slice(0, 10),
          debit: 'inventory',
          credit: 'ownerEquity',
          amount: toCents(row!.productPurchasePrice) * opening,
          particulars: `Opening stock of ${row!.name}`,
          type: 'adjustment',
          relatedId: `product-${row!.id}`,
        },
      ]);
    }
    const [made] = await tx.select().from(product).where(eq(product.id, row!.id));
    return made!;
  });
}

/** The product as it is now in the database. */
export async function readProduct(t: TestApp, id: number): Promise<ProductRow> {
  const [row] = await t.database.db.select().from(product).where(eq(product.id, id));
  if (!row) throw new Error(`product ${id} not found`);
  return row;
}
