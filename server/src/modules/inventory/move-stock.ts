import type { StockReason } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { rowKey, rowsMark } from '../../platform/sql-watch.ts';
import { product } from '../../schema/index.ts';

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

/** One move as the statement reads it (jsonb_to_recordset): snake_case keys, nulls for what is not given. */
const asRecord = (m: StockMove) => ({
  product_id: m.productId,
  quantity: m.quantity,
  reason: m.reason,
  document_type: m.documentType ?? null,
  document_id: m.documentId === undefined ? null : String(m.documentId),
  unit_cost: m.unitCost ?? null,
  user_id: m.userId ?? null,
  allow_negative: m.allowNegative === true,
});

interface MovedRow {
  product_id: number;
  name: string;
  quantity_after: number;
  unit_cost: string;
}

/**
 * Changes on-hand stock and writes the movement rows, inside the caller's transaction, for any number
 * of products in ONE statement:
 *
 * 1. the products' rows are locked in product-id order (`select ... order by id for update`), so two
 *    documents over the same products always queue in the same order and never deadlock;
 * 2. one conditional UPDATE takes or adds each quantity (`... where quantity + n >= 0` for a decrease
 *    not allowed below zero), so concurrent sales can never take the stock below zero;
 * 3. each product that moved gets its stock_movement row, valued at the given unit cost or at the
 *    product's average cost as it stood under the lock.
 *
 * A product that did not move (not enough stock) refuses the whole call with a 409
 * `insufficient_stock` naming it (the first such in product-id order); the caller's transaction then
 * rolls back what the statement did for the others. A product listed twice is a programming error.
 */
export async function moveStocks(tx: DbOrTx, moves: readonly StockMove[]): Promise<MovedStock[]> {
  if (moves.length === 0) return [];
  const seen = new Set<number>();
  for (const move of moves) {
    if (!Number.isInteger(move.quantity) || move.quantity === 0)
      throw new Error(`stock moves by a non-zero whole number, not ${move.quantity}`);
    if (seen.has(move.productId)) throw new Error(`product ${move.productId} is moved twice in one call`);
    seen.add(move.productId);
  }
  const input = JSON.stringify(moves.map(asRecord));
  // the watch counts this write to product as product_stock, and the mark below names the products moved
  const rows = await executePrepared<MovedRow>(
    tx,
    sql`/*watch-as product=product_stock*/
    with m as materialized (
      select * from jsonb_to_recordset(${input}::jsonb) as m(
        product_id int, quantity int, reason text, document_type text, document_id text,
        unit_cost numeric, user_id int, allow_negative boolean)
    ),
    locked as materialized (
      select p.id from product p where p.id = any(array(select product_id from m)) order by p.id for update of p
    ),
    moved as (
      update product p set product_quantity = p.product_quantity + m.quantity
      from m
      where p.id = m.product_id and p.id = any(array(select id from locked))
        and (m.quantity > 0 or m.allow_negative or p.product_quantity + m.quantity >= 0)
      returning p.id as product_id, p.name, p.product_quantity as quantity_after,
        coalesce(m.unit_cost, p.product_purchase_price) as unit_cost, m.quantity, m.reason,
        m.document_type, m.document_id, m.user_id
    ),
    written as (
      insert into stock_movement (product_id, quantity, reason, document_type, document_id, unit_cost, user_id)
      select product_id, quantity, reason, document_type, document_id, unit_cost, user_id from moved order by product_id
    )
    select product_id, name, quantity_after, unit_cost::text from moved`,
  );
  const byId = new Map(rows.map((r) => [Number(r.product_id), r]));
  if (rows.length) await tx.execute(sql.raw(rowsMark(rows.map((r) => rowKey('product', Number(r.product_id))))));
  if (byId.size < moves.length) await refuse(tx, [...moves].sort((a, b) => a.productId - b.productId).find((m) => !byId.has(m.productId))!);
  return moves.map((m) => {
    const row = byId.get(m.productId)!;
    return { productId: m.productId, name: row.name, quantityAfter: Number(row.quantity_after), unitCost: Number(row.unit_cost) };
  });
}

/** Why a move did not happen: the product does not exist (404) or has too little stock (409 naming it). */
async function refuse(tx: DbOrTx, move: StockMove): Promise<never> {
  const [current] = await tx
    .select({ name: product.name, quantity: product.productQuantity })
    .from(product)
    .where(eq(product.id, move.productId));
  if (!current) throw notFound(`Product ${move.productId}`);
  throw new AppError('insufficient_stock', `Not enough stock of ${current.name}: ${current.quantity} on hand, ${-move.quantity} needed`, {
    productId: `${current.name} has only ${current.quantity} in stock`,
  });
}

/**
 * One product's move (see moveStocks). Callers moving several products should use moveStocks, or call
 * this in product-id order so row locks are always taken in the same order.
 */
export async function moveStock(tx: DbOrTx, move: StockMove): Promise<MovedStock> {
  const [moved] = await moveStocks(tx, [move]);
  return moved!;
}
