import { fromCents, type PartyBalance, toCents } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { liveEntry } from '../accounting/index.ts';

/** The ledger-derived figures of each completed sale matched by `where` (reference 3.4), in cents. */
interface BalanceRow {
  key: number;
  total: number;
  paid: number;
  returned: number;
  refunded: number;
}

/**
 * Sums over the ledger, per group: total = `sale` debits of Accounts Receivable, paid = `sale` credits,
 * returns = `saleReturn` credits, instant refunds = `saleReturn` debits; due = total − returns − paid + refunds.
 * A deleted payment and its reversing entry are left out.
 * `groupBy` is the sale_invoice column to group on (`si.id` or `si.customer_id`).
 */
export async function saleBalances(db: DbOrTx, groupBy: SQL, where: SQL): Promise<Map<number, PartyBalance>> {
  const rows = await rawRows<BalanceRow>(
    db,
    sql`with ar as (select id from sub_account where system_key = 'accountsReceivable')
      select ${groupBy} as key,
        coalesce(round(sum(t.amount) filter (where t.type = 'sale' and t.debit_id = ar.id) * 100), 0)::int as total,
        coalesce(round(sum(t.amount) filter (where t.type = 'sale' and t.credit_id = ar.id) * 100), 0)::int as paid,
        coalesce(round(sum(t.amount) filter (where t.type = 'saleReturn' and t.credit_id = ar.id) * 100), 0)::int as returned,
        coalesce(round(sum(t.amount) filter (where t.type = 'saleReturn' and t.debit_id = ar.id) * 100), 0)::int as refunded
      from sale_invoice si cross join ar
      left join "transaction" t on t.related_id = si.id::text and t.type in ('sale', 'saleReturn') and ${liveEntry('t')}
      where si.state = 'completed' and ${where}
      group by ${groupBy}`,
  );
  return new Map(rows.map((r) => [Number(r.key), toBalance(r)]));
}

function toBalance(r: Pick<BalanceRow, 'total' | 'paid' | 'returned' | 'refunded'>): PartyBalance {
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
