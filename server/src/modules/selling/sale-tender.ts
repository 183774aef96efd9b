import type { Cents } from '@tillbook/contract';

export interface Tender {
  /** Index in the request's paidAmount list, for naming the field. */
  index: number;
  paymentType: number;
  subAccountId: number;
  method: string;
  /** A cash method (its money lands in the Cash account): only cash gives change. */
  cash: boolean;
  amount: Cents;
}

export interface Settled {
  /** The payments kept, in the order sent, cash reduced by the change; none of zero. */
  kept: Tender[];
  change: Cents;
}

/**
 * Split tender against a total: what is paid beyond the total is change, and only cash gives change,
 * so the change comes off the cash tenders (the last first) and what is recorded as paid never
 * exceeds the total. Answers undefined when non-cash tenders alone exceed the total.
 */
export function settleTender(total: Cents, tenders: Tender[]): Settled | undefined {
  const paid = tenders.reduce((sum, t) => sum + t.amount, 0);
  let change = Math.max(0, paid - total);
  const cash = tenders.filter((t) => t.cash).reduce((sum, t) => sum + t.amount, 0);
  if (change > cash) return undefined;
  const kept = tenders.map((t) => ({ ...t }));
  const result = change;
  for (const t of [...kept].reverse()) {
    if (!t.cash || change === 0) continue;
    const off = Math.min(t.amount, change);
    t.amount -= off;
    change -= off;
  }
  return { kept: kept.filter((t) => t.amount > 0), change: result };
}
