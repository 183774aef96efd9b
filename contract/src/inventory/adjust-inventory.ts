import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { adjustInventoryInput, adjustLifecycle, adjustStatusInput, adjustTypes } from '../inventory.ts';

const totals = {
  totalIncrementQuantity: out.int,
  totalIncrementPrice: out.money,
  totalDecrementQuantity: out.int,
  totalDecrementPrice: out.money,
  /** |increment price − decrement price| */
  totalAdjustPrice: out.money,
};

export const adjustmentOut = z.object({
  id: out.id,
  date: out.date,
  note: out.optionalText,
  userId: out.id,
  status: out.status,
  /** The lifecycle: active, then reversed once. */
  state: z.enum(adjustLifecycle.states),
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
  user: z.object({ id: out.id, username: out.text }).nullable(),
  ...totals,
});
export type Adjustment = z.infer<typeof adjustmentOut>;

export const adjustLineOut = z.object({
  id: out.id,
  /** The adjustment the line belongs to. */
  adjustInvoiceId: out.id,
  productId: out.id,
  /** The variant counted, for a product sold by variants (none: the product's stock not yet shared out). */
  productVariantId: out.optionalId.optional(),
  adjustQuantity: out.int,
  adjustType: z.enum(adjustTypes),
  reason: out.optionalText,
  unitCost: out.money,
  totalPrice: out.money,
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
});
export type AdjustLine = z.infer<typeof adjustLineOut>;

export const adjustmentDetailOut = adjustmentOut.extend({ adjustInvoiceProduct: z.array(adjustLineOut) });

/** Adjust inventory: valued at cost, posted to the ledger, reversed once by PATCH {status: 'false'}. */
export const adjustEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'adjust-inventory',
    access: 'create-adjust',
    body: adjustInventoryInput,
    answer: adjustmentDetailOut,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'adjust-inventory',
    access: 'readAll-adjust',
    query: listQuery(),
    answer: z.object({ getAllAdjustInvoice: z.array(adjustmentOut), _count: z.object({ id: out.int }) }),
  }),
  get: endpoint({ method: 'GET', path: 'adjust-inventory/:id', access: 'readSingle-adjust', answer: adjustmentDetailOut }),
  reverse: endpoint({
    method: 'PATCH',
    path: 'adjust-inventory/:id',
    access: 'update-adjust',
    body: adjustStatusInput,
    answer: adjustmentDetailOut,
  }),
};
