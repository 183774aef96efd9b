import { z } from 'zod';
import { id, money, numberField, optionalDate, optionalId, optionalLines, optionalText } from '../fields.ts';
import { saleOrderStatuses } from './sale-lifecycle.ts';

const quantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000'),
  'must be a whole number',
);

/**
 * One line of a till sale. Only the product, the quantity and the line discount (an amount for the
 * whole line, taken before VAT) come from the till: the price and VAT come from the server's pricing
 * on the sale's date, so a price or VAT sent by a client is ignored.
 */
export const saleLineInput = z.object({
  productId: id,
  /** The variant sold (its own price, stock and SKU): required when the product has variants. */
  productVariantId: optionalId,
  productQuantity: quantity,
  productDiscount: money.optional(),
  /**
   * Issue 34: a unit price typed over the product's (before VAT, in place of the catalogue's price and discount of
   * the day). Needs `create-priceOverride`; each is a till event in the audit log.
   */
  priceOverride: money.optional(),
});

/** One tender of a split payment: the payment method and the amount handed over with it. */
export const salePaymentInput = z.object({ paymentType: id, amount: money });

const lines = z
  .array(saleLineInput, { error: 'must be a list of lines' })
  .min(1, 'must have at least one line')
  .max(500, 'must have at most 500 lines')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((line, index) => {
      const key = `${line.productId}/${line.productVariantId ?? ''}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: 'is listed twice' });
      seen.add(key);
    });
  });

/** POST sale-invoice/. The salesperson is the caller (from the token); no customer means the walk-in customer. */
export const saleInvoiceInput = z.object({
  date: optionalDate,
  customerId: optionalId,
  note: optionalText(500),
  /** The reference's fields (3.3): kept on the sale and answered with it. */
  invoiceMemoNo: optionalText(100),
  dueDate: optionalDate,
  termsAndConditions: optionalLines(5000),
  address: optionalLines(500),
  saleInvoiceProduct: lines,
  /** A discount on the whole sale, an amount before VAT like a line's: shared over the lines by their nets (`discountNetLines`). */
  discount: money.optional(),
  paidAmount: z.array(salePaymentInput, { error: 'must be a list of payments' }).max(20, 'must have at most 20 payments').default([]),
  /** 'true' parks the cart as a held sale: no stock moved, nothing posted, no payment taken. */
  isHold: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  /** The open till session it is sold in (issue 31): its cash goes to the till's drawer. None: a sale outside the till's day, as before. */
  tillSessionId: optionalId,
  /**
   * Issue 33, a sale from the till's queue: the reference the till gave it (e.g. `T1-20261127-0042`, printed on
   * the receipt before the server numbered it; unique), the device's time it was sold at (a sale made while its
   * session was open is posted into it even after the close, `late`), and 'true' when it was made offline (its
   * goods have left the shop: the stock may go below zero whatever `allowNegativeStock` says, the line `oversold`).
   */
  receiptReference: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: 'must be text' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'must be up to 40 letters, digits, dots, dashes or underscores')
      .nullish(),
  ),
  soldAt: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: 'must be a time' })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be a time as 2026-11-27T14:05:00Z')
      .refine((t) => !Number.isNaN(Date.parse(t)), 'must be a real time')
      .nullish(),
  ),
  offline: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
});
export type SaleInvoiceInput = z.infer<typeof saleInvoiceInput>;

/** PATCH sale-invoice/{id}: 'false' undoes the sale (final). */
export const saleStatusInput = z.object({ status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }) });

/**
 * PATCH sale-invoice/order: `orderStatus` sets a completed sale's PENDING or RECEIVED (reference 3.6);
 * `status` 'false' cancels a held sale (spec). One of the two.
 */
export const saleOrderInput = z
  .object({
    invoiceId: id,
    status: z.enum(['false'], { error: "must be 'false'" }).optional(),
    orderStatus: z.enum(saleOrderStatuses, { error: "must be 'PENDING' or 'RECEIVED'" }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === undefined && body.orderStatus === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['orderStatus'],
        message: "is required ('PENDING' or 'RECEIVED'), or status 'false' to cancel a held sale",
      });
    if (body.status !== undefined && body.orderStatus !== undefined)
      ctx.addIssue({ code: 'custom', path: ['orderStatus'], message: "must not be sent with status 'false'" });
  });

/** POST payment-sale-invoice/: a customer pays (part of) what a sale still owes. */
export const salePaymentBody = z.object({
  date: optionalDate,
  saleInvoiceNo: id,
  /** The open till session taking the payment: cash goes to its drawer. */
  tillSessionId: optionalId,
  paidAmount: z
    .array(salePaymentInput, { error: 'must be a list of payments' })
    .min(1, 'must have at least one payment')
    .max(20, 'must have at most 20 payments'),
});
