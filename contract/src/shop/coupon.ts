import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { dateOnly, money, numberField, optionalText, requiredText } from '../fields.ts';
import { type Cents, fromCents, toCents } from '../money.ts';
import { percentOf } from '../pricing.ts';

/** How a coupon takes money off an order: a flat amount, or a percentage of the goods (after catalogue discounts, with VAT). */
export const couponTypes = ['flat', 'percentage'] as const;
export type CouponType = (typeof couponTypes)[number];

const optionalCount = z.preprocess(
  (v) => (v === '' ? null : v),
  numberField((n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000')).nullish(),
);
const optionalMoney = z.preprocess((v) => (v === '' ? null : v), money.nullish());

/** What staff enter for a coupon (the plain resource `coupon`, list `getAllCoupon`). */
export const couponInput = z.object({
  couponCode: requiredText(40),
  type: z.enum(couponTypes, { error: "must be 'flat' or 'percentage'" }).default('percentage'),
  value: money,
  /** Business dates, both ends inclusive. */
  startDate: dateOnly,
  endDate: dateOnly,
  /** How many orders may use it in all; none: no limit. */
  maxUses: optionalCount,
  /** How many orders of one shopper may use it; none: no limit. */
  maxUsesPerCustomer: optionalCount,
  /** The goods' total (with VAT, before the delivery fee) an order needs for it. */
  minimumOrder: optionalMoney,
  description: optionalText(500),
});

/** A coupon as the checkout weighs it. */
export interface CouponTerms {
  couponCode: string;
  type: CouponType;
  value: number;
  startDate: string;
  endDate: string;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  minimumOrder: number | null;
  status: boolean;
}

/** What a coupon's use so far is: orders using it in all, and the shopper's own (cancelled orders do not count). */
export interface CouponUse {
  used: number;
  usedByCustomer: number;
}

/** Why a coupon is refused for an order of `goods` on `today`, in words for the shopper; null when it applies. */
export function couponRefusal(c: CouponTerms, today: string, goods: number, use: CouponUse): string | null {
  if (!c.status) return `Coupon ${c.couponCode} is not active`;
  if (today < c.startDate.slice(0, 10)) return `Coupon ${c.couponCode} starts on ${c.startDate.slice(0, 10)}`;
  if (today > c.endDate.slice(0, 10)) return `Coupon ${c.couponCode} expired on ${c.endDate.slice(0, 10)}`;
  if (c.maxUses !== null && use.used >= c.maxUses) return `Coupon ${c.couponCode} has been used up`;
  if (c.maxUsesPerCustomer !== null && use.usedByCustomer >= c.maxUsesPerCustomer)
    return `You have already used coupon ${c.couponCode} ${use.usedByCustomer === 1 ? 'once' : `${use.usedByCustomer} times`}`;
  if (c.minimumOrder !== null && toCents(goods) < toCents(c.minimumOrder))
    return `Coupon ${c.couponCode} needs an order of at least ${fromCents(toCents(c.minimumOrder)).toFixed(2)}`;
  return null;
}

/** What the coupon takes off goods worth `goods` cents: never more than the goods. */
export function couponAmount(c: Pick<CouponTerms, 'type' | 'value'>, goods: Cents): Cents {
  const off = c.type === 'percentage' ? percentOf(goods, Math.min(100, c.value)) : toCents(c.value);
  return Math.max(0, Math.min(goods, off));
}

export const couponCheckOut = z.object({
  couponCode: out.text,
  type: z.enum(couponTypes),
  value: out.money,
  startDate: out.date,
  endDate: out.date,
  minimumOrder: out.money.nullable(),
  /** What it takes off the goods sent as `amount` (0 when none was sent). */
  couponAmount: out.money,
});

/** The storefront checks a code before checkout (public: the order checks it again, with the shopper's own use). */
export const couponEndpoints = {
  check: endpoint({
    method: 'GET',
    path: 'coupon/valid/:code',
    access: 'public',
    query: z.object({ amount: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), money) }),
    answer: couponCheckOut,
  }),
};
