import {
  type Cents,
  type CouponTerms,
  type CouponUse,
  couponAmount,
  couponRefusal,
  type DiscountedLine,
  discountGrossLines,
  fromCents,
} from '@tillbook/contract';
import { badRequest } from '../../platform/errors.ts';
import type { StoredLine } from './cart-read.ts';
import { unitCents } from './shop-products.ts';

/** A cart line at today's price (`unitPrice`), per unit, in cents. */
export interface PricedLine {
  line: StoredLine;
  unitPrice: Cents;
  net: Cents;
  vat: Cents;
  off: Cents;
  vatPercent: number;
}

/** Each cart line at today's price (`unitPrice`), per unit and for the line; a product no longer sold refuses the checkout. */
export function priceCart(lines: readonly StoredLine[], today: string): PricedLine[] {
  return lines.map((line) => {
    if (!line.product.active)
      throw badRequest(`${line.product.name} is no longer for sale: remove it from your cart`, {
        productId: `${line.product.name} is not for sale`,
      });
    const unit = unitCents(line.product, today);
    return { line, unitPrice: unit.final, net: unit.net, vat: unit.vat, off: unit.off, vatPercent: line.product.vat ?? 0 };
  });
}

/** The goods with VAT of priced lines, in cents. */
export const goodsOf = (priced: readonly PricedLine[]): Cents => priced.reduce((s, p) => s + p.unitPrice * p.line.productQuantity, 0);

/** What a coupon takes off these goods, or a 400 naming couponCode with the reason it cannot (`couponRefusal`). */
export function couponOff(terms: (CouponTerms & CouponUse) | null, code: string, goods: Cents, today: string): Cents {
  if (!terms) throw badRequest(`There is no coupon ${code}`, { couponCode: 'does not exist' });
  const refusal = couponRefusal(terms, today, fromCents(goods), terms);
  if (refusal) throw badRequest(refusal, { couponCode: refusal });
  return couponAmount(terms, goods);
}

/** An order's money, in cents, as the checkout writes it and the quote answers it. */
export interface OrderMoney {
  /** The goods with VAT, after catalogue discounts. */
  goods: Cents;
  /** What the catalogue discounts took off, before VAT. */
  discount: Cents;
  coupon: Cents;
  deliveryFee: Cents;
  /** Each line's coupon share, net and VAT (on what the shopper pays for it), in the lines' order. */
  lines: DiscountedLine[];
  /** The goods net of VAT and the coupon. */
  net: Cents;
  /** The VAT in what the shopper pays. */
  vat: Cents;
  /** What the shopper pays: goods − coupon + delivery fee. */
  total: Cents;
}

/** The one place an order's figures are worked out: the coupon shared over the lines (`discountGrossLines`), the VAT on what is paid. */
export function orderMoney(priced: readonly PricedLine[], coupon: Cents, deliveryFee: Cents): OrderMoney {
  const goods = goodsOf(priced);
  const lines = discountGrossLines(
    priced.map((p) => ({ gross: p.unitPrice * p.line.productQuantity, vat: p.vat * p.line.productQuantity, vatPercent: p.vatPercent })),
    coupon,
  );
  return {
    goods,
    discount: priced.reduce((s, p) => s + p.off * p.line.productQuantity, 0),
    coupon,
    deliveryFee,
    lines,
    net: lines.reduce((s, l) => s + l.net, 0),
    vat: lines.reduce((s, l) => s + l.vat, 0),
    total: goods - coupon + deliveryFee,
  };
}
