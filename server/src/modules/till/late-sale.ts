import { type Cents, fromCents, type TillReport, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { post } from '../accounting/index.ts';
import { lateSalePostings } from './till-postings.ts';

/** What a late sale adds to its session's Z: its total with VAT, its discounts, its VAT rates and its tenders. */
export interface LateSale {
  total: Cents;
  discount: Cents;
  byVatRate: { rate: number; net: Cents; vat: Cents }[];
  /** Each tender kept (after change), and whether it went into the till's drawer (cash). */
  tenders: { paymentMethodId: number; amount: Cents; intoDrawer: boolean }[];
}

const add = (money: number, cents: Cents) => fromCents(toCents(money) + cents);

/**
 * The closed session's Z with a late sale counted in (pure): its figures grow by the sale's, each method's expected
 * and variance move with its takings, and the drawer's expected cash by the cash it took; `correction` is how far
 * the variance fell (the cash the close counted as "over" that was this sale's).
 */
export function zWithLateSale(z: TillReport, sale: LateSale): { z: TillReport; correction: Cents } {
  const cash = sale.tenders.filter((t) => t.intoDrawer).reduce((sum, t) => sum + t.amount, 0);
  const taken = new Map<number, Cents>();
  for (const t of sale.tenders) taken.set(t.paymentMethodId, (taken.get(t.paymentMethodId) ?? 0) + t.amount);
  const byPaymentMethod = z.byPaymentMethod.map((m) => {
    const amount = taken.get(m.paymentMethodId) ?? 0;
    if (!amount) return m;
    const expected = m.expected === null ? null : add(m.expected, amount);
    const variance = m.counted === undefined || expected === null ? m.variance : fromCents(toCents(m.counted) - toCents(expected));
    return { ...m, sales: add(m.sales, amount), expected, ...(variance === undefined ? {} : { variance }) };
  });
  const rates = new Map(z.byVatRate.map((r) => [r.rate, { ...r }]));
  for (const r of sale.byVatRate) {
    const kept = rates.get(r.rate) ?? { rate: r.rate, net: 0, vat: 0 };
    rates.set(r.rate, { rate: r.rate, net: add(kept.net, r.net), vat: add(kept.vat, r.vat) });
  }
  const expectedCash = z.expectedCash === null ? null : add(z.expectedCash, cash);
  const variance =
    z.countedCash === undefined || expectedCash === null ? z.variance : fromCents(toCents(z.countedCash) - toCents(expectedCash));
  const late = z.lateSales ?? { count: 0, total: 0 };
  return {
    z: {
      ...z,
      sales: add(z.sales, sale.total),
      discounts: add(z.discounts, sale.discount),
      counts: { ...z.counts, sales: z.counts.sales + 1 },
      byPaymentMethod,
      byVatRate: [...rates.values()].sort((a, b) => a.rate - b.rate),
      expectedCash,
      ...(variance === undefined ? {} : { variance }),
      lateSales: { count: late.count + 1, total: add(late.total, sale.total) },
    },
    correction: cash,
  };
}

/**
 * A queued sale posted into its session after the close (issue 33), in the sale's transaction (its lookup took the
 * session's row for this write): the kept Z counts it, the session's variance is recomputed, and the cash the close
 * counted as over, which was this sale's, is taken back out of Cash Over and Short.
 */
export async function countLateSale(
  tx: DbOrTx,
  session: { id: number; tillName: string; drawer: number },
  date: string,
  sale: LateSale,
): Promise<void> {
  const [row] = await rawRows<{ z: TillReport | null }>(tx, sql`select z_report as z from till_session where id = ${session.id}`);
  if (!row?.z) throw new Error(`till session ${session.id} closed without a Z report`);
  const { z, correction } = zWithLateSale(row.z, sale);
  await tx.execute(
    sql`update till_session set z_report = ${JSON.stringify(z)}::jsonb, variance = ${z.variance ?? null} where id = ${session.id}`,
  );
  if (correction)
    await post(
      tx,
      lateSalePostings({
        sessionId: session.id,
        tillName: session.tillName,
        drawer: session.drawer,
        date,
        zNumber: z.zNumber ?? 0,
        correction,
      }),
    );
}
