import { fromCents, type PartyBalance, toCents } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

/** The figures of each group of completed sales matched by `where` (reference 3.4), in cents. */
interface BalanceRow {
  key: number;
  total: number | string;
  paid: number | string;
  returned: number | string;
  refunded: number | string;
}

/**
 * Sums the figures kept on each completed sale (keepInvoiceFigures keeps them equal to the ledger's,
 * the invariants check it): total = net + VAT, paid, returned, refunded at once; due = total − returned
 * − paid + refunded. `groupBy` is the sale_invoice column to group on (`si.id` or `si.customer_id`).
 */
export async function saleBalances(db: DbOrTx, groupBy: SQL, where: SQL): Promise<Map<number, PartyBalance>> {
  const rows = await rawRows<BalanceRow>(
    db,
    sql`select ${groupBy} as key,
        round(sum(si.total_amount + si.total_tax_amount) * 100)::bigint as total,
        round(sum(si.paid_amount) * 100)::bigint as paid,
        round(sum(si.return_amount) * 100)::bigint as returned,
        round(sum(si.instant_paid_return_amount) * 100)::bigint as refunded
      from sale_invoice si
      where si.state = 'completed' and ${where}
      group by ${groupBy}`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.key),
      toBalance({ total: Number(r.total), paid: Number(r.paid), returned: Number(r.returned), refunded: Number(r.refunded) }),
    ]),
  );
}

export function toBalance(r: { total: number; paid: number; returned: number; refunded: number }): PartyBalance {
  return {
    totalAmount: fromCents(r.total),
    totalPaidAmount: fromCents(r.paid),
    totalReturnAmount: fromCents(r.returned),
    instantPaidReturnAmount: fromCents(r.refunded),
    dueAmount: fromCents(r.total - r.returned - r.paid + r.refunded),
  };
}

export const zeroBalance: PartyBalance = toBalance({ total: 0, paid: 0, returned: 0, refunded: 0 });

/** Adds balances field by field (grand totals). */
export function sumBalances(balances: Iterable<PartyBalance>): PartyBalance {
  const cents = { total: 0, paid: 0, returned: 0, refunded: 0 };
  for (const b of balances) {
    cents.total += toCents(b.totalAmount);
    cents.paid += toCents(b.totalPaidAmount);
    cents.returned += toCents(b.totalReturnAmount);
    cents.refunded += toCents(b.instantPaidReturnAmount);
  }
  return toBalance(cents);
}
