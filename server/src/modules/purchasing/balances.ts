import { fromCents, toCents } from '@tillbook/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { transaction } from '../../schema/index.ts';
import { liveEntry } from '../accounting/index.ts';

const accountsPayable = sql`(select id from sub_account where system_key = 'accountsPayable')`;
const t = transaction;
const sumIf = (type: 'purchase' | 'purchaseReturn', side: PgColumn) =>
  sql<string>`coalesce(sum(case when ${t.type} = ${type} and ${side} = ${accountsPayable} then ${t.amount} else 0 end), 0)`;

/**
 * Reference 3.4, Accounts Payable side, per purchase invoice (the ledger's relatedId): bought (the
 * purchase's credits to AP, VAT included), paid (its debits), returned (the returns' debits) and
 * paid back at once (the returns' credits). A deleted payment and its reversing entry are left out.
 */
export function balancesByInvoice(db: DbOrTx) {
  return db
    .select({
      relatedId: t.relatedId,
      bought: sumIf('purchase', t.creditId).as('bought'),
      paid: sumIf('purchase', t.debitId).as('paid'),
      returned: sumIf('purchaseReturn', t.debitId).as('returned'),
      instant: sumIf('purchaseReturn', t.creditId).as('instant'),
    })
    .from(t)
    .where(and(inArray(t.type, ['purchase', 'purchaseReturn']), liveEntry()))
    .groupBy(t.relatedId)
    .as('balances');
}
export type Balances = ReturnType<typeof balancesByInvoice>;

export const moneyOf = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);

/**
 * The derived columns of an invoice row joined with its balances. An undone invoice's rows are all
 * reversed, so it nets to nothing: it answers zeros rather than the sums of both directions.
 */
export const derivedColumns = (b: Balances, live: SQL) => {
  const of = (expression: SQL) => moneyOf(sql`case when ${live} then ${expression} else 0 end`);
  return {
    paidAmount: of(sql`coalesce(${b.paid}, 0)`),
    returnAmount: of(sql`coalesce(${b.returned}, 0)`),
    instantPaidReturnAmount: of(sql`coalesce(${b.instant}, 0)`),
    dueAmount: of(sql`coalesce(${b.bought}, 0) - coalesce(${b.returned}, 0) - coalesce(${b.paid}, 0) + coalesce(${b.instant}, 0)`),
    boughtAmount: of(sql`coalesce(${b.bought}, 0)`),
  };
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
