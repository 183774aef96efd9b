import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { liveEntry } from './reversed.ts';

/**
 * How the ledger holds an invoice's figures (reference 3.4), per kind of invoice: its table, the
 * state in which it owes or is owed anything, its two ledger types, the account of the other party
 * and the side of that account on which the invoice's total is posted (the other side settles it).
 */
const kinds = {
  sale: { table: 'sale_invoice', live: 'completed', main: 'sale', back: 'saleReturn', account: 'accountsReceivable', owed: 'debit_id' },
  purchase: {
    table: 'purchase_invoice',
    live: 'active',
    main: 'purchase',
    back: 'purchaseReturn',
    account: 'accountsPayable',
    owed: 'credit_id',
  },
} as const;
export type InvoiceKind = keyof typeof kinds;

/**
 * The ledger's figures of one invoice as columns `total`, `paid`, `returned`, `refunded` (numeric),
 * from its live entries (a deleted payment and its reversal left out): total = the main type on the
 * owed side, paid = the main type on the other side, returned = the return type on the other side,
 * refunded (money handed back with a return) = the return type on the owed side.
 */
export function ledgerFiguresOf(kind: InvoiceKind, invoiceId: SQL): SQL {
  const k = kinds[kind];
  const owed = sql.raw(`t.${k.owed}`);
  const settled = sql.raw(k.owed === 'debit_id' ? 't.credit_id' : 't.debit_id');
  const sum = (type: string, side: SQL) => sql`coalesce(sum(t.amount) filter (where t.type = ${type} and ${side} = a.id), 0)`;
  return sql`select ${sum(k.main, owed)} as total, ${sum(k.main, settled)} as paid, ${sum(k.back, settled)} as returned,
      ${sum(k.back, owed)} as refunded
    from "transaction" t cross join (select id from sub_account where system_key = ${k.account}) a
    where t.type in (${k.main}, ${k.back}) and t.related_id = (${invoiceId})::text and ${liveEntry('t')}`;
}

/**
 * Keeps an invoice's paid, due, returned and refunded columns equal to what the ledger holds for it:
 * every use case that posts for an invoice (a payment, a return, an undo, a deleted payment) calls it
 * after its postings, in the same transaction and under the invoice's row lock, so a list reads the
 * columns and never sums the ledger. An invoice that is not live (undone) keeps zeros: its entries
 * are all reversed. The ledger stays the truth; the invariants compare the two after every flow.
 */
export async function keepInvoiceFigures(tx: DbOrTx, kind: InvoiceKind, invoiceId: number): Promise<void> {
  const k = kinds[kind];
  const live = (value: string) => sql.raw(`case when d.state = '${k.live}' then ${value} else 0 end`);
  await tx.execute(sql`update ${sql.raw(k.table)} d set
      paid_amount = ${live('f.paid')},
      due_amount = ${live('f.total - f.returned - f.paid + f.refunded')},
      return_amount = ${live('f.returned')},
      instant_paid_return_amount = ${live('f.refunded')}
    from (${ledgerFiguresOf(kind, sql`${invoiceId}`)}) f
    where d.id = ${invoiceId}`);
}
