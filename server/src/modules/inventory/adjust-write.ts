import { type AdjustInventoryInput, type AdjustState, type AdjustType, adjustLifecycle, stockDocuments, toCents } from '@tillbook/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { requireFound } from '../../platform/queries.ts';
import { assertTransition, type LifecycleDocument, lockState, transition } from '../../platform/transition.ts';
import { adjustInvoice, adjustInvoiceProduct, product } from '../../schema/index.ts';
import { type Posting, post } from '../accounting/index.ts';
import { moveStock, moveStocks } from './move-stock.ts';
import { variantsOfLines } from './variant-lines.ts';

export const adjustDocument = stockDocuments.adjust;

const adjustment: LifecycleDocument<AdjustState> = {
  table: adjustInvoice,
  state: adjustInvoice.state,
  lifecycle: adjustLifecycle,
  label: 'Adjust inventory',
};

export interface ValuedLine {
  productId: number;
  productVariantId?: number | null;
  name: string;
  adjustQuantity: number;
  adjustType: AdjustType;
  reason?: string | null;
  unitCost: number;
}

/** Increment: Dr Inventory / Cr Stock Adjustment; decrement the other way; a reversal swaps them. */
function postingFor(line: ValuedLine, date: string, adjustId: number, reversal: boolean): Posting {
  const intoStock = (line.adjustType === 'increment') !== reversal;
  return {
    date,
    debit: intoStock ? 'inventory' : 'stockAdjustment',
    credit: intoStock ? 'stockAdjustment' : 'inventory',
    amount: toCents(line.unitCost) * line.adjustQuantity,
    particulars: `${reversal ? 'Reversal of adjust inventory' : 'Adjust inventory'} #${adjustId}: ${line.adjustType} ${line.adjustQuantity} × ${line.name}`,
    type: 'adjustment',
    relatedId: adjustId,
  };
}

/**
 * Creates an adjustment inside the caller's transaction: the header, one stock movement per line
 * through one moveStocks (which locks the products first, in product-id order, and values each
 * line at the product's average cost under that lock), then the lines and the postings. The lines
 * are written only after the products are locked: a line's foreign key takes a share lock on its
 * product, and taken before the update lock it would cross another document's (a deadlock). A
 * decrement below zero throws a 409 naming the product (from moveStocks), which rolls everything back.
 */
export async function createAdjustment(tx: DbOrTx, input: AdjustInventoryInput, userId: number, clock: Clock): Promise<number> {
  const ids = input.adjustInvoiceProduct.map((l) => l.productId);
  const products = await tx
    .select({ id: product.id, name: product.name, hasVariants: product.hasVariants })
    .from(product)
    .where(inArray(product.id, ids));
  requireFound(
    input.adjustInvoiceProduct.map((line, index) => [`adjustInvoiceProduct.${index}.productId`, line.productId] as const),
    new Set(products.map((p) => p.id)),
  );
  await variantsOfLines(
    tx,
    input.adjustInvoiceProduct,
    new Map(products.map((p) => [p.id, p])),
    (i) => `adjustInvoiceProduct.${i}.productVariantId`,
  );

  const date = input.date ?? (await businessDate(tx, clock));
  const [header] = await tx.insert(adjustInvoice).values({ date, note: input.note, userId }).returning({ id: adjustInvoice.id });
  const adjustId = header!.id;
  const sorted = [...input.adjustInvoiceProduct].sort(
    (a, b) => a.productId - b.productId || (a.productVariantId ?? 0) - (b.productVariantId ?? 0),
  );
  const moved = await moveStocks(
    tx,
    sorted.map((l) => ({
      productId: l.productId,
      productVariantId: l.productVariantId,
      quantity: l.adjustType === 'increment' ? l.adjustQuantity : -l.adjustQuantity,
      reason: 'adjustment' as const,
      documentType: adjustDocument,
      documentId: adjustId,
      userId,
    })),
  );
  const lines: ValuedLine[] = sorted.map((l, i) => ({ ...l, name: moved[i]!.name, unitCost: moved[i]!.unitCost }));
  await writeAdjustLines(tx, adjustId, date, lines);
  return adjustId;
}

/** An adjustment's lines, once their stock has moved (the products locked), and their postings. */
export async function writeAdjustLines(tx: DbOrTx, adjustId: number, date: string, lines: readonly ValuedLine[]): Promise<void> {
  await tx.insert(adjustInvoiceProduct).values(
    lines.map((l) => ({
      adjustInvoiceId: adjustId,
      productId: l.productId,
      productVariantId: l.productVariantId ?? null,
      adjustQuantity: l.adjustQuantity,
      adjustType: l.adjustType,
      reason: l.reason,
      unitCost: l.unitCost,
    })),
  );
  await post(
    tx,
    lines.map((l) => postingFor(l, date, adjustId, false)),
  );
}

/**
 * PATCH {status}: 'false' reverses the adjustment (active → reversed, then opposite movements at
 * the original cost and reversing postings, dated today in the shop); 'true' asks for it to be
 * active, which it already is unless reversed, and a reversal is final. The row lock makes two
 * reversals take turns: the second finds it reversed and gets 409 invalid_transition.
 */
export async function setAdjustmentStatus(
  tx: DbOrTx,
  adjustId: number,
  status: 'true' | 'false',
  userId: number,
  clock: Clock,
): Promise<void> {
  if (status === 'true') {
    const state = await lockState(tx, adjustment, adjustId);
    if (state !== 'active') assertTransition(adjustment, adjustId, state, 'active');
    return;
  }
  // a reversed adjustment is also soft-deleted: hidden from the default list, as the spec shows it
  await transition(tx, adjustment, adjustId, 'reversed', { status: false });
  const lines = await tx
    .select({
      productId: adjustInvoiceProduct.productId,
      productVariantId: adjustInvoiceProduct.productVariantId,
      name: product.name,
      adjustQuantity: adjustInvoiceProduct.adjustQuantity,
      adjustType: adjustInvoiceProduct.adjustType,
      unitCost: adjustInvoiceProduct.unitCost,
    })
    .from(adjustInvoiceProduct)
    .innerJoin(product, eq(product.id, adjustInvoiceProduct.productId))
    .where(eq(adjustInvoiceProduct.adjustInvoiceId, adjustId))
    .orderBy(asc(adjustInvoiceProduct.productId), asc(adjustInvoiceProduct.productVariantId));
  for (const line of lines) {
    await moveStock(tx, {
      productId: line.productId,
      productVariantId: line.productVariantId,
      // a share-out's line of the product's own stock (issue 32) goes back to it
      unshared: line.productVariantId == null,
      quantity: line.adjustType === 'increment' ? -line.adjustQuantity : line.adjustQuantity,
      reason: 'adjustmentReversal',
      documentType: adjustDocument,
      documentId: adjustId,
      unitCost: line.unitCost,
      userId,
    });
  }
  const today = await businessDate(tx, clock);
  await post(
    tx,
    lines.map((l) => postingFor(l, today, adjustId, true)),
  );
}
