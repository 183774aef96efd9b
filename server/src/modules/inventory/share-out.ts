import { type ShareOutInput, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { adjustInvoice } from '../../schema/index.ts';
import { adjustDocument, type ValuedLine, writeAdjustLines } from './adjust-write.ts';
import { averageCosts, goodsKey, movingAverage, setAverageCost } from './average-cost.ts';
import { moveStocks } from './move-stock.ts';

const reason = 'Shared out to its variants';

/**
 * POST product-variant/share-out (issue 32): the stock a product held before it was given variants goes to
 * them in ONE stock adjustment: the product's own stock down by the total, each variant's up by its share,
 * all at the product's average cost (each variant's average cost takes its share in), with the adjustment's
 * postings (in and out of Inventory by the same amount). Under the product's lock, the total may not pass
 * what is not yet shared (its quantity less its variants'): 400 naming `share`.
 */
export async function shareOut(tx: DbOrTx, input: ShareOutInput, userId: number, clock: Clock): Promise<number> {
  const [owner] = await rawRows<{ name: string; has_variants: boolean; quantity: number; cost: string; held: number }>(
    tx,
    sql`select p.name, p.has_variants, p.product_quantity as quantity, p.product_purchase_price::text as cost,
        (select coalesce(sum(v.product_quantity), 0)::int from product_variant v where v.product_id = p.id) as held
      from product p where p.id = ${input.productId} for update of p`,
  );
  if (!owner) throw fieldError('productId', 'does not exist');
  if (!owner.has_variants) throw fieldError('productId', `has no variants: ${owner.name} keeps its stock itself`);
  const ids = input.share.map((s) => s.productVariantId);
  if (new Set(ids).size < ids.length) throw fieldError('share', 'names a variant twice');
  const mine = new Set(
    (
      await rawRows<{ id: number }>(
        tx,
        sql`select id from product_variant where product_id = ${input.productId} and id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((r) => Number(r.id)),
  );
  const stranger = input.share.findIndex((s) => !mine.has(s.productVariantId));
  if (stranger >= 0) throw fieldError(`share.${stranger}.productVariantId`, `is not a variant of ${owner.name}`);
  const total = input.share.reduce((n, s) => n + s.quantity, 0);
  const unshared = Number(owner.quantity) - Number(owner.held);
  if (total > unshared) throw fieldError('share', `shares out ${total}, but ${owner.name} holds ${Math.max(0, unshared)} not yet shared`);

  const date = await businessDate(tx, clock);
  const [header] = await tx
    .insert(adjustInvoice)
    .values({ date, note: input.note ?? reason, userId })
    .returning({ id: adjustInvoice.id });
  const adjustId = header!.id;
  const cost = Number(owner.cost);
  const shares = [...input.share].sort((a, b) => a.productVariantId - b.productVariantId);
  const goods = shares.map((s) => ({ productId: input.productId, productVariantId: s.productVariantId }));
  const before = await averageCosts(tx, goods);
  const common = { reason: 'adjustment' as const, documentType: adjustDocument, documentId: adjustId, unitCost: cost, userId };
  const moved = await moveStocks(tx, [
    { ...common, productId: input.productId, quantity: -total, unshared: true },
    ...shares.map((s) => ({ ...common, productId: input.productId, productVariantId: s.productVariantId, quantity: s.quantity })),
  ]);
  for (const [i, s] of shares.entries()) {
    const g = goods[i]!;
    const onHand = moved[i + 1]!.quantityAfter - s.quantity;
    await setAverageCost(tx, g, movingAverage(onHand, before.get(goodsKey(g))!, s.quantity, toCents(cost)));
  }
  const lines: ValuedLine[] = [
    { productId: input.productId, name: owner.name, adjustQuantity: total, adjustType: 'decrement', reason, unitCost: cost },
    ...shares.map(
      (s): ValuedLine => ({
        productId: input.productId,
        productVariantId: s.productVariantId,
        name: owner.name,
        adjustQuantity: s.quantity,
        adjustType: 'increment',
        reason,
        unitCost: cost,
      }),
    ),
  ];
  await writeAdjustLines(tx, adjustId, date, lines);
  return adjustId;
}
