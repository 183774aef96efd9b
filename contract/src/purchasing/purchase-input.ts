import { z } from 'zod';
import { id, money, numberField, optionalDate, optionalId, optionalText, percentage } from '../fields.ts';
import { purchaseRequestCodePattern } from '../inventory.ts';
import { defineLifecycle } from '../lifecycle.ts';

/**
 * Purchasing's input schemas and closed sets: purchase invoices (active until undone, once),
 * purchase returns and supplier payments. Amounts travel as numbers with two decimals.
 */
export const purchaseLifecycle = defineLifecycle({ states: ['active', 'undone'], transitions: { active: ['undone'] } });
export type PurchaseState = (typeof purchaseLifecycle.states)[number];

const wholeQuantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000'),
  'must be a whole number',
);

/** One amount paid (or paid back) by one payment method; no method means cash. */
export const paidAmountInput = z.object({ amount: money, paymentType: optionalId });
const paidAmounts = z.array(paidAmountInput, { error: 'must be a list of amounts' }).max(20, 'must have at most 20 amounts').default([]);

export const purchaseLineInput = z.object({
  productId: id,
  /** The variant bought: required when the product has variants (its stock and cost are the variant's). */
  productVariantId: optionalId,
  productQuantity: wholeQuantity,
  productUnitPurchasePrice: money,
  /** When given, becomes the product's sale price. */
  productUnitSalePrice: money.nullish(),
  /** VAT percentage on the supplier's invoice; left out, the product's VAT type's (0 % when it has none). */
  tax: percentage.optional(),
});

function uniqueBy<T>(lines: T[], key: (line: T) => number | string, field: string, ctx: z.RefinementCtx, prefix: string) {
  const seen = new Set<number | string>();
  lines.forEach((line, index) => {
    if (seen.has(key(line))) ctx.addIssue({ code: 'custom', path: [prefix, index, field], message: 'is listed twice' });
    seen.add(key(line));
  });
}

/**
 * POST purchase-invoice. `purchaseRequestId` (a request's code, PR-000001) receives that purchase
 * request: the invoice is its receipt. It is part of this POST rather than an endpoint of its own so
 * the invoice and the request's move to received commit in one transaction with one answer; a
 * request that is no longer open (received or cancelled) refuses the whole invoice (409).
 */
export const purchaseInvoiceInput = z
  .object({
    date: optionalDate,
    purchaseRequestId: z
      .string({ error: 'must be a purchase request code' })
      .regex(purchaseRequestCodePattern, 'must be a purchase request code such as PR-000001')
      .optional(),
    supplierId: id,
    note: optionalText(500),
    supplierMemoNo: optionalText(80),
    invoiceMemoNo: optionalText(80),
    paidAmount: paidAmounts,
    purchaseInvoiceProduct: z
      .array(purchaseLineInput, { error: 'must be a list of lines' })
      .min(1, 'must have at least one line')
      .max(500, 'must have at most 500 lines'),
  })
  .superRefine((body, ctx) =>
    uniqueBy(body.purchaseInvoiceProduct, (l) => `${l.productId}/${l.productVariantId ?? ''}`, 'productId', ctx, 'purchaseInvoiceProduct'),
  );
export type PurchaseInvoiceInput = z.infer<typeof purchaseInvoiceInput>;

/** PATCH purchase-invoice/{id}: 'false' undoes the purchase; an undo is final. */
export const purchaseStatusInput = z.object({ status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }) });

/** POST return-purchase-invoice. */
export const returnPurchaseInput = z
  .object({
    date: optionalDate,
    purchaseInvoiceId: id,
    invoiceMemoNo: optionalText(80),
    note: optionalText(500),
    instantReturnAmount: paidAmounts,
    returnPurchaseInvoiceProduct: z
      .array(z.object({ purchaseInvoiceProductId: id, productQuantity: wholeQuantity }), { error: 'must be a list of lines' })
      .min(1, 'must have at least one line')
      .max(500, 'must have at most 500 lines'),
  })
  .superRefine((body, ctx) =>
    uniqueBy(
      body.returnPurchaseInvoiceProduct,
      (l) => l.purchaseInvoiceProductId,
      'purchaseInvoiceProductId',
      ctx,
      'returnPurchaseInvoiceProduct',
    ),
  );
export type ReturnPurchaseInput = z.infer<typeof returnPurchaseInput>;

/** POST payment-purchase-invoice. */
export const purchasePaymentInput = z.object({
  date: optionalDate,
  purchaseInvoiceNo: id,
  paidAmount: z.array(paidAmountInput, { error: 'must be a list of amounts' }).min(1, 'must have at least one amount').max(20),
});
export type PurchasePaymentInput = z.infer<typeof purchasePaymentInput>;

/** The spec's messages. */
export const purchaseMessages = {
  purchaseDeleted: 'Purchase deleted',
  amountOverDue: 'Amount cannot be greater than due!',
  returnOverQuantity: 'insufficient quantity for return!',
} as const;
