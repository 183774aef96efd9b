import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
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
    })
    .from(r)
    .where(eq(r.cartOrderId, orderId))
    .orderBy(desc(r.id))
    .limit(200);
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

/** Units of each line of an order in returns that are not REJECTED (cartOrderProductId → units). */
export async function returnedByLine(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: rl.cartOrderProductId, n: sql<number>`sum(${rl.productQuantity})::int`.mapWith(Number) })
    .from(rl)
    .innerJoin(r, eq(r.id, rl.returnCartOrderId))
    .where(and(eq(r.cartOrderId, orderId), ne(r.returnCartOrderStatus, 'REJECTED')))
    .groupBy(rl.cartOrderProductId);
  return new Map(rows.map((row) => [row.lineId, row.n]));
}
