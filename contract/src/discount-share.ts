import type { Cents } from './money.ts';
import { percentOf } from './pricing.ts';

/**
 * A discount on a whole document (a web order's coupon, a till sale's discount) shared over its lines
 * in proportion to their amounts, to the cent: each line's share is rounded half up, and what the
 * rounding leaves (a cent or a few, either way) goes on the largest line (the first of equals). No
 * share is below zero or above its line; should the largest line not hold the rest, the next largest
 * takes what is left. The shares always add up to the discount, which must be between zero and the
 * lines' sum.
 */
export function shareDiscount(amounts: readonly Cents[], discount: Cents): Cents[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (!Number.isInteger(discount) || discount < 0 || discount > total || amounts.some((a) => !Number.isInteger(a) || a < 0))
    throw new RangeError(`A discount of ${discount} cents cannot be shared over lines of ${total}`);
  if (discount === 0 || total === 0) return amounts.map(() => 0);
  const d = BigInt(discount);
  const t = BigInt(total);
  const shares = amounts.map((a) => Number((d * BigInt(a) * 2n + t) / (2n * t)));
  let rest = discount - shares.reduce((s, x) => s + x, 0);
  const largestFirst = amounts.map((a, i) => ({ a, i })).sort((x, y) => y.a - x.a || x.i - y.i);
  for (const { a, i } of largestFirst) {
    if (rest === 0) break;
    const moved = Math.max(-shares[i]!, Math.min(a - shares[i]!, rest));
    shares[i]! += moved;
    rest -= moved;
  }
  return shares;
}

/** The VAT included in an amount that carries it (at `percent`), rounded half up to the cent: amount × percent / (100 + percent). */
export function vatIncluded(amount: Cents, percent: number): Cents {
  if (!percent) return 0;
  const basisPoints = BigInt(Math.round(percent * 100));
  const scaled = BigInt(amount) * basisPoints * 2n;
  const divisor = 2n * (10_000n + basisPoints);
  const sign = scaled < 0n ? -1n : 1n;
  return Number((sign * (sign * scaled + divisor / 2n)) / divisor);
}

/** A line with its share of a document's discount: what is left of it, and the VAT on that. */
export interface DiscountedLine {
  /** The line's share of the document's discount. */
  share: Cents;
  /** The line net of VAT after its share. */
  net: Cents;
  vat: Cents;
}

/**
 * A till sale's discount (an amount before VAT, like its line discounts) over lines priced before VAT:
 * shared by their nets, and each line's VAT worked out on what is left (`percentOf`, half up).
 */
export function discountNetLines(lines: readonly { net: Cents; vatPercent: number }[], discount: Cents): DiscountedLine[] {
  const shares = shareDiscount(
    lines.map((l) => l.net),
    discount,
  );
  return lines.map((l, i) => {
    const net = l.net - shares[i]!;
    return { share: shares[i]!, net, vat: percentOf(net, l.vatPercent) };
  });
}

/**
 * A web order's coupon (an amount off the goods with VAT) over lines priced with VAT (`gross`, of which
 * `vat`): shared by their amounts; the VAT inside each line's share (`vatIncluded`) comes off the line's
 * VAT, so each line's VAT is the VAT on what the shopper pays for it and a line without a share keeps
 * its VAT to the cent.
 */
export function discountGrossLines(lines: readonly { gross: Cents; vat: Cents; vatPercent: number }[], discount: Cents): DiscountedLine[] {
  const shares = shareDiscount(
    lines.map((l) => l.gross),
    discount,
  );
  return lines.map((l, i) => {
    const share = shares[i]!;
    const vat = l.vat - vatIncluded(share, l.vatPercent);
    return { share, net: l.gross - share - vat, vat };
  });
}
