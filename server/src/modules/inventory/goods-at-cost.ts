import { toCents } from '@tillbook/contract';
import type { DbOrTx } from '../../platform/db.ts';
import { averageCosts, averageWithout, goodsKey, movingAverage, setAverageCost } from './average-cost.ts';
import { type MovedStock, moveStocks, type StockReason } from './move-stock.ts';

/** Goods of a document at the unit cost they moved at when the document moved them first. */
export interface GoodsAtCost {
  productId: number;
  productVariantId?: number | null;
  /** Units, positive. */
  quantity: number;
  /** The unit cost (money, not cents). */
  unitCost: number;
}

/** Which way the goods go back, and the movement's reason and document. */
export interface GoodsBack {
  /** 'in': goods a sale or an order took come back; 'out': goods a purchase brought go out again. */
  direction: 'in' | 'out';
  reason: StockReason;
  documentType: string;
  documentId: number;
  userId?: number;
}

/**
 * Brings a document's goods back the way they came, at the cost they moved at (an undone sale, a
 * cancelled web order, a web return received: into stock; an undone purchase: out of it), through
 * `moveStocks` (the products locked in id order; going out, never below zero: 409 insufficient_stock
 * naming the product), and keeps each product's average cost: goods coming in enter it at their cost
 * (`movingAverage`), goods going out leave it as if they had never come (`averageWithout`). Lines of one
 * product at one cost move once; a product at two costs moves once per cost.
 */
export async function bringGoodsBack(tx: DbOrTx, goods: readonly GoodsAtCost[], how: GoodsBack): Promise<MovedStock[]> {
  const merged = new Map<string, GoodsAtCost>();
  for (const g of goods) {
    if (g.quantity <= 0) continue;
    const key = `${goodsKey(g)}@${toCents(g.unitCost)}`;
    const seen = merged.get(key);
    merged.set(key, { ...g, quantity: (seen?.quantity ?? 0) + g.quantity });
  }
  let rest = [...merged.values()].sort((a, b) => a.productId - b.productId || (a.productVariantId ?? 0) - (b.productVariantId ?? 0));
  const moved: MovedStock[] = [];
  while (rest.length) {
    // one round moves each product (or variant) once (moveStocks takes one once per call)
    const round = rest.filter((g, i) => rest.findIndex((o) => goodsKey(o) === goodsKey(g)) === i);
    rest = rest.filter((g) => !round.includes(g));
    const sign = how.direction === 'in' ? 1 : -1;
    const done = await moveStocks(
      tx,
      round.map((g) => ({
        productId: g.productId,
        productVariantId: g.productVariantId,
        quantity: sign * g.quantity,
        reason: how.reason,
        documentType: how.documentType,
        documentId: how.documentId,
        unitCost: g.unitCost,
        userId: how.userId,
      })),
    );
    // the rows are locked by the move; the average cost has not changed yet
    const costOf = await averageCosts(tx, round);
    for (const [i, g] of round.entries()) {
      const after = done[i]!.quantityAfter;
      const cost = costOf.get(goodsKey(g))!;
      const next =
        how.direction === 'in'
          ? movingAverage(after - g.quantity, cost, g.quantity, toCents(g.unitCost))
          : averageWithout(after + g.quantity, cost, g.quantity, toCents(g.unitCost));
      if (next !== cost) await setAverageCost(tx, g, next);
    }
    moved.push(...done);
  }
  return moved;
}
