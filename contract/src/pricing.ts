import type { DiscountType } from './catalogue.ts';
import { type Cents, fromCents, toCents } from './money.ts';

/**
 * The one pricing function. Every place that shows or charges a unit price (storefront, admin
 * product page, cart, order, till) calls `unitPrice`, and the server's SQL price expression is
 * tested against it.
 *
 * Order: unit price, then the active discount, then VAT on the discounted price, each step rounded
 * half up to the cent. A percentage discount comes off the unit price; a flat one comes off per
 * unit and never takes the price below zero.
 */
export interface PriceDiscount {
  type: DiscountType;
  /** Percent (two decimals) for 'percentage', an amount per unit for 'flat'. */
  value: number;
  /** Business dates, YYYY-MM-DD, both ends inclusive. */
  startDate: string;
  endDate: string;
}

export interface UnitPriceInput {
  /** The product's sale price before VAT. */
  salePrice: number;
  /** VAT rate in percent; null or undefined when the product has none. */
  vatPercentage?: number | null;
  discount?: PriceDiscount | null;
  /** Today's business date (YYYY-MM-DD) in the shop's time zone. */
  date: string;
}

export interface UnitPrice {
  /** The sale price with VAT, before any discount (`productSalePriceWithVat`). */
  priceWithVat: number;
  /** The discount that applies today, or null. */
  activeDiscount: PriceDiscount | null;
  /** What the discount takes off one unit, before VAT. */
  discountAmount: number;
  /** The unit price after the discount, before VAT. */
  discountedPrice: number;
  /** VAT on the discounted price. */
  vatAmount: number;
  /** What the customer pays for one unit today. */
  finalPriceWithVat: number;
}

/** True when `date` is within the discount's window, both ends included. */
export function discountActiveOn(discount: Pick<PriceDiscount, 'startDate' | 'endDate'>, date: string): boolean {
  return discount.startDate.slice(0, 10) <= date && date <= discount.endDate.slice(0, 10);
}

/** amount × percent / 100, rounded half away from zero to the cent, in exact integer arithmetic. */
export function percentOf(amount: Cents, percent: number): Cents {
  const basisPoints = BigInt(Math.round(percent * 100));
  const scaled = BigInt(amount) * basisPoints;
  const sign = scaled < 0n ? -1n : 1n;
  return Number((sign * (sign * scaled + 5_000n)) / 10_000n);
}

/** The discount on one unit of `price`, never more than the price itself. */
export function discountOn(price: Cents, discount: Pick<PriceDiscount, 'type' | 'value'>): Cents {
  const off = discount.type === 'percentage' ? percentOf(price, discount.value) : toCents(discount.value);
  return Math.max(0, Math.min(price, off));
}

export function unitPrice({ salePrice, vatPercentage, discount, date }: UnitPriceInput): UnitPrice {
  const price = toCents(salePrice);
  const vat = vatPercentage ?? 0;
  const activeDiscount = discount && discountActiveOn(discount, date) ? discount : null;
  const off = activeDiscount ? discountOn(price, activeDiscount) : 0;
  const discounted = price - off;
  const vatAmount = percentOf(discounted, vat);
  return {
    priceWithVat: fromCents(price + percentOf(price, vat)),
    activeDiscount,
    discountAmount: fromCents(off),
    discountedPrice: fromCents(discounted),
    vatAmount: fromCents(vatAmount),
    finalPriceWithVat: fromCents(discounted + vatAmount),
  };
}

/** The name a discount gets when none is sent: "10% off", "2.50 off". */
export function discountDefaultName(type: DiscountType, value: number): string {
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return type === 'percentage' ? `${shown}% off` : `${shown} off`;
}
