import type { Cents } from '@tillbook/contract';

/** A document's VAT at one rate: the rate (10 for 10 %) and the VAT in cents. */
export interface VatShare {
  rate: number;
  amount: Cents;
}

/** A document's lines' VAT summed per rate, in rate order (a document posts its VAT once per rate). */
export function vatByRate(lines: { rate: number; vat: Cents }[]): VatShare[] {
  const byRate = new Map<number, Cents>();
  for (const l of lines) byRate.set(l.rate, (byRate.get(l.rate) ?? 0) + l.vat);
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, amount]) => ({ rate, amount }));
}

/** The sum of a document's VAT over its rates. */
export const vatTotal = (shares: VatShare[]): Cents => shares.reduce((s, v) => s + v.amount, 0);
