import type { StockReason } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { rowKey, rowsMark } from '../../platform/sql-watch.ts';
import { product, productVariant } from '../../schema/index.ts';

export type { StockReason };

export interface StockMove {
  productId: number;
  /** The variant moved: required when the product has variants (its stock is theirs), else absent. */
  productVariantId?: number | null;
  /**
   * Takes stock the product held before it was given variants (not yet shared out to them): only the
   * share-out adjustment moves a product with variants without naming one, and checks the amount itself.
   */
  unshared?: boolean;
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
  productVariantId: number | null;
  name: string;
  quantityAfter: number;
  unitCost: number;
}

/** One move as the statement reads it (jsonb_to_recordset): snake_case keys, nulls for what is not given. */
const asRecord = (m: StockMove) => ({
  product_id: m.productId,
  variant_id: m.productVariantId ?? null,
  quantity: m.quantity,
  reason: m.reason,
  document_type: m.documentType ?? null,
  document_id: m.documentId === undefined ? null : String(m.documentId),
  unit_cost: m.unitCost ?? null,
  user_id: m.userId ?? null,
  allow_negative: m.allowNegative === true,
  unshared: m.unshared === true,
});

const recordset = (input: string) => sql`jsonb_to_recordset(${input}::jsonb) as m(
        product_id int, variant_id int, quantity int, reason text, document_type text, document_id text,
        unit_cost numeric, user_id int, allow_negative boolean, unshared boolean)`;

interface MovedRow {
  product_id: number;
  variant_id: number | null;
  name: string;
  quantity_after: number;
  unit_cost: string;
}

/**
 * Changes on-hand stock and writes the movement rows, inside the caller's transaction, for any number
 * of products (and of their variants) in ONE statement:
 *
 * 1. the products' rows are locked in product-id order (`select ... order by id for update`), then the
 *    variants' rows in variant-id order, so two documents over the same goods always queue in the same
 *    order and never deadlock;
 * 2. one conditional UPDATE takes or adds each quantity (`... where quantity + n >= 0` for a decrease
 *    not allowed below zero), so concurrent sales can never take the stock below zero; a variant's move
 *    is taken from the variant under that condition and changes its product's total by as much;
 * 3. each move gets its stock_movement row (naming the variant), valued at the given unit cost or at the
 *    average cost (the variant's, else the product's) as it stood under the lock.
 *
 * A move that did not happen refuses the whole call: 409 `insufficient_stock` naming the product (the
 * first such in product-id order), 400 naming `productVariantId` for a product with variants moved
 * without one or a variant not of its product; the caller's transaction then rolls back what the
 * statement did for the others. One product (or variant) listed twice is a programming error.
 */
export async function moveStocks(tx: DbOrTx, moves: readonly StockMove[]): Promise<MovedStock[]> {
  if (moves.length === 0) return [];
  const seen = new Set<string>();
  for (const move of moves) {
    if (!Number.isInteger(move.quantity) || move.quantity === 0)
      throw new Error(`stock moves by a non-zero whole number, not ${move.quantity}`);
    const key = `${move.productId}/${move.productVariantId ?? ''}`;
    if (seen.has(key)) throw new Error(`product ${key} is moved twice in one call`);
    seen.add(key);
  }
  const input = JSON.stringify(moves.map(asRecord));
  // the watch counts this write to product as product_stock, and the mark below names the products moved
  const rows = await executePrepared<MovedRow>(
    tx,
    moves.some((m) => m.productVariantId != null) ? variantStatement(input) : productStatement(input),
  );
  const key = (productId: number, variantId: number | null | undefined) => `${productId}/${variantId ?? ''}`;
  const byKey = new Map(rows.map((r) => [key(Number(r.product_id), r.variant_id == null ? null : Number(r.variant_id)), r]));
  if (rows.length) await tx.execute(sql.raw(rowsMark([...new Set(rows.map((r) => rowKey('product', Number(r.product_id))))])));
  if (moves.some((m) => !byKey.has(key(m.productId, m.productVariantId)))) {
    const order = [...moves].sort((a, b) => a.productId - b.productId || (a.productVariantId ?? 0) - (b.productVariantId ?? 0));
    await refuse(tx, order.find((m) => !byKey.has(key(m.productId, m.productVariantId)))!);
  }
  return moves.map((m) => {
    const row = byKey.get(key(m.productId, m.productVariantId))!;
    return {
      productId: m.productId,
      productVariantId: m.productVariantId ?? null,
      name: row.name,
      quantityAfter: Number(row.quantity_after),
      unitCost: Number(row.unit_cost),
    };
  });
}

/** Moves of products only (no variant named): a product with variants does not move, unless the move is `unshared`. */
const productStatement = (input: string) => sql`/*watch-as product=product_stock*/
    with m as materialized (select * from ${recordset(input)}),
    locked as materialized (
      select p.id from product p where p.id = any(array(select product_id from m)) order by p.id for update of p
    ),
    moved as (
      update product p set product_quantity = p.product_quantity + m.quantity
      from m
      where p.id = m.product_id and p.id = any(array(select id from locked)) and (not p.has_variants or m.unshared)
        and (m.quantity > 0 or m.allow_negative or p.product_quantity + m.quantity >= 0)
      returning p.id as product_id, p.name, p.product_quantity as quantity_after,
        coalesce(m.unit_cost, p.product_purchase_price) as unit_cost, m.quantity, m.reason,
        m.document_type, m.document_id, m.user_id
    ),
    written as (
      insert into stock_movement (product_id, quantity, reason, document_type, document_id, unit_cost, user_id)
      select product_id, quantity, reason, document_type, document_id, unit_cost, user_id from moved order by product_id
    )
    select product_id, null::int as variant_id, name, quantity_after, unit_cost::text from moved`;

/**
 * Moves naming variants (and maybe products without): the products locked first, then the variants (the
 * gating sub-select makes the variants' lock wait for the products'), each variant's move taken from it,
 * and each product's total moved once by its variants' moves and its own.
 */
const variantStatement = (input: string) => sql`/*watch-as product=product_stock*/
    with m as materialized (select * from ${recordset(input)}),
    locked as materialized (
      select p.id from product p where p.id = any(array(select product_id from m)) order by p.id for update of p
    ),
    vlocked as materialized (
      select v.id from product_variant v
      where (select count(*) from locked) >= 0 and v.id = any(array(select variant_id from m where variant_id is not null))
      order by v.id for no key update of v
    ),
    vmoved as (
      update product_variant v set product_quantity = v.product_quantity + m.quantity
      from m
      where v.id = m.variant_id and v.product_id = m.product_id and v.id = any(array(select id from vlocked))
        and (m.quantity > 0 or m.allow_negative or v.product_quantity + m.quantity >= 0)
      returning m.product_id, v.id as variant_id, v.product_quantity as quantity_after,
        coalesce(m.unit_cost, v.product_purchase_price) as unit_cost, m.quantity
    ),
    moved as (
      update product p set product_quantity = p.product_quantity + d.quantity
      from (
        select x.product_id, sum(x.quantity)::int as quantity
        from (select product_id, quantity from vmoved union all select product_id, quantity from m where variant_id is null) x
        group by x.product_id
      ) d
      left join m pm on pm.product_id = d.product_id and pm.variant_id is null
      where p.id = d.product_id and p.id = any(array(select id from locked))
        and (pm.product_id is null or ((not p.has_variants or pm.unshared)
          and (pm.quantity > 0 or pm.allow_negative or p.product_quantity + pm.quantity >= 0)))
      returning p.id as product_id, p.name, p.product_quantity as quantity_after,
        coalesce(pm.unit_cost, p.product_purchase_price) as unit_cost, pm.quantity as own_quantity
    ),
    written as (
      insert into stock_movement (product_id, product_variant_id, quantity, reason, document_type, document_id, unit_cost, user_id)
      select r.product_id, r.variant_id, m.quantity, m.reason, m.document_type, m.document_id, r.unit_cost, m.user_id
      from (select product_id, variant_id, unit_cost from vmoved
        union all select product_id, null, unit_cost from moved where own_quantity is not null) r
      join m on m.product_id = r.product_id and m.variant_id is not distinct from r.variant_id
      order by r.product_id, r.variant_id nulls first
    )
    select v.product_id, v.variant_id, p.name, v.quantity_after, v.unit_cost::text
      from vmoved v join moved p on p.product_id = v.product_id
    union all
    select product_id, null, name, quantity_after, unit_cost::text from moved where own_quantity is not null`;

/**
 * Why a move did not happen: the product does not exist (404), has variants and none was named, or the
 * variant is not one of the product's (400 naming productVariantId), or there is too little stock (409 naming it).
 */
async function refuse(tx: DbOrTx, move: StockMove): Promise<never> {
  const [current] = await tx
    .select({ name: product.name, quantity: product.productQuantity, hasVariants: product.hasVariants })
    .from(product)
    .where(eq(product.id, move.productId));
  if (!current) throw notFound(`Product ${move.productId}`);
  if (move.productVariantId == null) {
    if (current.hasVariants && !move.unshared)
      throw fieldError('productVariantId', `is required: ${current.name} is sold by its variants (size, colour)`);
    throw insufficient(current.name, current.quantity, move.quantity);
  }
  const [variant] = await tx
    .select({ productId: productVariant.productId, sku: productVariant.sku, quantity: productVariant.productQuantity })
    .from(productVariant)
    .where(eq(productVariant.id, move.productVariantId));
  if (!variant || variant.productId !== move.productId) throw fieldError('productVariantId', `is not a variant of ${current.name}`);
  throw insufficient(`${current.name} (${variant.sku})`, variant.quantity, move.quantity);
}

const insufficient = (name: string, onHand: number, quantity: number) =>
  new AppError('insufficient_stock', `Not enough stock of ${name}: ${onHand} on hand, ${-quantity} needed`, {
    productId: `${name} has only ${onHand} in stock`,
  });

/**
 * One product's move (see moveStocks). Callers moving several products should use moveStocks, or call
 * this in product-id order so row locks are always taken in the same order.
 */
export async function moveStock(tx: DbOrTx, move: StockMove): Promise<MovedStock> {
  const [moved] = await moveStocks(tx, [move]);
  return moved!;
}
