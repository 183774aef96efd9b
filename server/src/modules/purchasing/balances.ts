import { fromCents, toCents } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import { purchaseInvoice } from '../../schema/index.ts';

export const moneyOf = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);

/**
 * An invoice row's figures as kept on it (reference 3.4, Accounts Payable side; keepInvoiceFigures
 * keeps them equal to the ledger's, the invariants check it): paid, returned, paid back at once and
 * due; bought is the total with VAT while the invoice is active. An undone invoice answers zeros.
 */
export const derivedColumns = {
  paidAmount: purchaseInvoice.paidAmount,
  returnAmount: purchaseInvoice.returnAmount,
  instantPaidReturnAmount: purchaseInvoice.instantPaidReturnAmount,
  dueAmount: purchaseInvoice.dueAmount,
  boughtAmount: moneyOf(
    sql`case when ${purchaseInvoice.state} = 'active' then ${purchaseInvoice.totalAmount} + ${purchaseInvoice.totalTax} else 0 end`,
  ),
};

/** The same figures summed over the invoices a query matches, for aggregations and statements. */
export const summedColumns = {
  paidAmount: moneyOf(sql`sum(${purchaseInvoice.paidAmount})`),
  returnAmount: moneyOf(sql`sum(${purchaseInvoice.returnAmount})`),
  instantPaidReturnAmount: moneyOf(sql`sum(${purchaseInvoice.instantPaidReturnAmount})`),
  dueAmount: moneyOf(sql`sum(${purchaseInvoice.dueAmount})`),
  boughtAmount: moneyOf(
    sql`sum(case when ${purchaseInvoice.state} = 'active' then ${purchaseInvoice.totalAmount} + ${purchaseInvoice.totalTax} else 0 end)`,
  ),
};

export interface Derived {
  totalAmount: number;
  totalPaidAmount: number;
  totalReturnAmount: number;
  instantPaidReturnAmount: number;
  dueAmount: number;
}

/** Sums rows' derived figures in cents. */
export function sumDerived(
  rows: { boughtAmount: number; paidAmount: number; returnAmount: number; instantPaidReturnAmount: number }[],
): Derived {
  const c = (f: (r: (typeof rows)[number]) => number) => rows.reduce((acc, r) => acc + toCents(f(r)), 0);
  const bought = c((r) => r.boughtAmount);
  const paid = c((r) => r.paidAmount);
  const returned = c((r) => r.returnAmount);
  const instant = c((r) => r.instantPaidReturnAmount);
  return {
    totalAmount: fromCents(bought),
    totalPaidAmount: fromCents(paid),
    totalReturnAmount: fromCents(returned),
    instantPaidReturnAmount: fromCents(instant),
    dueAmount: fromCents(bought - returned - paid + instant),
  };
}
