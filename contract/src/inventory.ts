import { z } from 'zod';
import { id, numberField, optionalDate, optionalId, optionalText } from './fields.ts';
import { defineLifecycle } from './lifecycle.ts';

/**
 * The stock room's wire contract: adjust inventory (valued at cost, posted to the ledger, reversed by
 * PATCH {status: 'false'}), the reorder list and purchase requests (no stock or ledger effect).
 */
export const adjustTypes = ['increment', 'decrement'] as const;
export type AdjustType = (typeof adjustTypes)[number];

/** Why on-hand stock moved: the reason on every stock movement. */
export const stockReasons = [
  'opening',
  'adjustment',
  'adjustmentReversal',
  'purchase',
  'purchaseReversal',
  'purchaseReturn',
  'sale',
  'saleReturn',
  'order',
  'orderCancel',
  'orderReturn',
  'import',
] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * An adjustment is active until it is reversed; a reversal is final. `status` stays the spec's
 * visibility flag on the wire ('false' once reversed), derived from the state.
 */
export const adjustLifecycle = defineLifecycle({ states: ['active', 'reversed'], transitions: { active: ['reversed'] } });
export type AdjustState = (typeof adjustLifecycle.states)[number];

/** A whole number of units above 0. */
const wholeQuantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000'),
  'must be a whole number',
);

export const adjustLineInput = z.object({
  productId: id,
  /** The variant counted, for a product sold by variants. */
  productVariantId: optionalId,
  adjustQuantity: wholeQuantity,
  adjustType: z.enum(adjustTypes, { error: "must be 'increment' or 'decrement'" }),
  reason: optionalText(200),
});

/** Refuses a second line for a product already listed, naming the later line's productId. */
function uniqueProducts(
  lines: { productId: number; productVariantId?: number | null }[],
  ctx: z.RefinementCtx,
  prefix: (string | number)[],
) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const key = `${line.productId}/${line.productVariantId ?? ''}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [...prefix, index, 'productId'], message: 'is listed twice' });
    seen.add(key);
  });
}

/** POST adjust-inventory. The user is the caller (from the token), never a body field. */
export const adjustInventoryInput = z
  .object({
    date: optionalDate,
    note: optionalText(500),
    adjustInvoiceProduct: z
      .array(adjustLineInput, { error: 'must be a list of lines' })
      .min(1, 'must have at least one line')
      .max(500, 'must have at most 500 lines'),
  })
  .superRefine((body, ctx) => uniqueProducts(body.adjustInvoiceProduct, ctx, ['adjustInvoiceProduct']));
export type AdjustInventoryInput = z.infer<typeof adjustInventoryInput>;

/** PATCH adjust-inventory/{id}: 'false' reverses the adjustment; a reversal is final. */
export const adjustStatusInput = z.object({ status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }) });

/** The per-document totals of the adjust inventory list, valued at cost. */
export interface AdjustTotals {
  totalIncrementQuantity: number;
  totalIncrementPrice: number;
  totalDecrementQuantity: number;
  totalDecrementPrice: number;
  /** |increment price − decrement price| */
  totalAdjustPrice: number;
}

export const reorderLineInput = z.object({
  productId: id,
  /** The variant to buy, for a product sold by variants. */
  productVariantId: optionalId,
  productQuantity: wholeQuantity,
});
const reorderLines = z
  .array(reorderLineInput, { error: 'must be a list of lines' })
  .min(1, 'must have at least one line')
  .max(500, 'must have at most 500 lines');

/** POST purchase-reorder-invoice: an array of lines (this schema), or {products: [...]} (the next one). */
export const purchaseReorderLines = reorderLines.superRefine((lines, ctx) => uniqueProducts(lines, ctx, []));
export const purchaseReorderInput = z
  .object({ products: reorderLines })
  .superRefine((body, ctx) => uniqueProducts(body.products, ctx, ['products']));
export type PurchaseReorderLine = z.infer<typeof reorderLineInput>;

/** Purchase request codes: PR- and the sequence number, six digits at least. */
export const purchaseRequestCode = (n: number) => `PR-${String(n).padStart(6, '0')}`;
export const purchaseRequestCodePattern = /^PR-\d{6,}$/;

/**
 * A purchase request's lifecycle (every line of a request moves together): requested until it is
 * received (it became a purchase invoice, which it then names) or cancelled. Both are final.
 */
export const purchaseRequestLifecycle = defineLifecycle({
  states: ['requested', 'received', 'cancelled'],
  transitions: { requested: ['received', 'cancelled'] },
});
export type PurchaseRequestState = (typeof purchaseRequestLifecycle.states)[number];
