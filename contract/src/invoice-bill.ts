import { z } from 'zod';
import { out } from './answers.ts';
import { type Cents, fromCents, toCents } from './money.ts';
import { percentOf } from './pricing.ts';

/**
 * The figures an invoice prints under its lines, worked out by the server (the web adds nothing up):
 * goods − discount − coupon + deliveryFee = total, with the VAT the total includes beside them.
 */
export const invoiceBillOut = z.object({
  /** The lines at their full unit price, with VAT. */
  goods: out.money,
  /** What every discount took off the goods (catalogue, line and whole-document discounts), with VAT. */
  discount: out.money,
  coupon: out.money,
  deliveryFee: out.money,
  /** What the customer pays. */
  total: out.money,
  /** The VAT the total includes. */
  vatIncluded: out.money,
});
export type InvoiceBill = z.infer<typeof invoiceBillOut>;

/** Who an invoice is made out to: the customer's name (first and last, else the username) and address. */
export const billToOut = z.object({
  name: out.text,
  /** The delivery address (a web order's), else the sale's or the customer's address. */
  address: out.optionalText,
});

export interface BillLine {
  quantity: number;
  /** The unit price the line starts from, before VAT and before its discounts. */
  unitNet: number;
  /** VAT rate in percent. */
  vatPercent: number;
}

export interface BillInput {
  lines: readonly BillLine[];
  /**
   * How the document rounds VAT: per unit (a web order's unit price with VAT, `unitPrice`) or on the
   * line's amount (a till sale's line).
   */
  vatRoundedPer: 'unit' | 'line';
  /** What the customer pays, VAT included. */
  total: number;
  vat: number;
  coupon?: number;
  deliveryFee?: number;
}

/** The lines at full price with VAT, in cents. */
function goodsOf(lines: readonly BillLine[], per: BillInput['vatRoundedPer']): Cents {
  return lines.reduce((sum, l) => {
    const unit = toCents(l.unitNet);
    if (per === 'unit') return sum + (unit + percentOf(unit, l.vatPercent)) * l.quantity;
    const amount = unit * l.quantity;
    return sum + amount + percentOf(amount, l.vatPercent);
  }, 0);
}

/**
 * A document's bill: the goods at full price with VAT, and the discount as what is left between them and
 * the total once the coupon and delivery are counted, so that the printed figures always add up.
 */
export function invoiceBill(input: BillInput): InvoiceBill {
  const goods = goodsOf(input.lines, input.vatRoundedPer);
  const coupon = toCents(input.coupon ?? 0);
  const deliveryFee = toCents(input.deliveryFee ?? 0);
  const total = toCents(input.total);
  return {
    goods: fromCents(goods),
    discount: fromCents(goods - coupon + deliveryFee - total),
    coupon: fromCents(coupon),
    deliveryFee: fromCents(deliveryFee),
    total: fromCents(total),
    vatIncluded: fromCents(toCents(input.vat)),
  };
}
