import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { returnCartOrder, returnCartOrderProduct } from '../../schema/index.ts';

const r = returnCartOrder;
const rl = returnCartOrderProduct;

/** An order's returns as its page shows them (newest first), with their lines' quantities. */
export async function returnsOfOrder(db: DbOrTx, orderId: number) {
  const heads = await db
    .select({
      id: r.id,
      date: r.date,
      returnCartOrderStatus: r.returnCartOrderStatus,
      returnType: r.returnType,
      totalAmount: r.totalAmount,
      resendCartOrderId: r.resendCartOrderId,
    })
    .from(r)
    .where(eq(r.cartOrderId, orderId))
    .orderBy(desc(r.id))
    .limit(1000);
  if (!heads.length) return [];
  const lines = await db
    .select({ returnCartOrderId: rl.returnCartOrderId, cartOrderProductId: rl.cartOrderProductId, productQuantity: rl.productQuantity })
    .from(rl)
    .where(
      inArray(
        rl.returnCartOrderId,
        heads.map((h) => h.id),
      ),
    );
  return heads.map((h) => ({
    ...h,
    returnCartOrderProduct: lines
      .filter((l) => l.returnCartOrderId === h.id)
      .map(({ cartOrderProductId, productQuantity }) => ({ cartOrderProductId, productQuantity })),
  }));
}

/** Units of each line in the returns given that are not REJECTED (cartOrderProductId → units). */
export function returnedByLine(returns: Awaited<ReturnType<typeof returnsOfOrder>>): Map<number, number> {
  const units = new Map<number, number>();
  for (const r of returns) {
    if (r.returnCartOrderStatus === 'REJECTED') continue;
    for (const l of r.returnCartOrderProduct) units.set(l.cartOrderProductId, (units.get(l.cartOrderProductId) ?? 0) + l.productQuantity);
  }
  return units;
}
