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
/** An invoice (sale or purchase) whose figures the ledger holds the way `ledgerFiguresOf` reads them. */
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
 * The ledger's figures of one web order as columns `total`, `paid`, `due`, `returned`, `profit` (numeric),
 * from its live entries of both its types (`order`, `orderReturn`), each entry on the receivable read by
 * the account on its other side: a value account (Tax, or any Revenue or Expense account: sales, delivery
 * income, the coupon's discount) or money (a payment method's account).
 * total = the order's value on the receivable (goods − coupon + delivery fee); returned = the value its
 * returns took off it; paid = money in less money out (a refund, a return's credit spent on a replacement);
 * due = the receivable's balance (below zero: the shop owes the shopper); profit = every Revenue and Expense
 * account but delivery income, credits less debits (goods net − coupon − cost).
 */
export function orderFiguresOf(orderId: SQL): SQL {
  const kindOf = (column: string) =>
    sql`(select sa.system_key = 'tax' or a.type in ('Revenue', 'Expense') as value,
        a.type in ('Revenue', 'Expense') and sa.system_key is distinct from 'deliveryIncome' as earns
      from sub_account sa join account a on a.id = sa.account_id where sa.id = ${sql.raw(column)})`;
  const sum = (where: string) => sql.raw(`coalesce(sum(t.amount) filter (where ${where}), 0)`);
  return sql`select
      ${sum(`t.type = 'order' and t.debit_id = ar.id and cv.value`)} - ${sum(`t.type = 'order' and t.credit_id = ar.id and dv.value`)} as total,
      ${sum(`t.type = 'orderReturn' and t.credit_id = ar.id and dv.value`)}
        - ${sum(`t.type = 'orderReturn' and t.debit_id = ar.id and cv.value`)} as returned,
      ${sum('t.credit_id = ar.id and not dv.value')} - ${sum('t.debit_id = ar.id and not cv.value')} as paid,
      ${sum('t.debit_id = ar.id')} - ${sum('t.credit_id = ar.id')} as due,
      ${sum('cv.earns')} - ${sum('dv.earns')} as profit
    from "transaction" t
      cross join (select id from sub_account where system_key = 'accountsReceivable') ar
      cross join lateral ${kindOf('t.debit_id')} dv
      cross join lateral ${kindOf('t.credit_id')} cv
    where t.type in ('order', 'orderReturn') and t.related_id = (${orderId})::text and ${liveEntry('t')}`;
}

/** What `keepInvoiceFigures` kept, in cents (an invoice keeps no profit). */
export interface KeptFigures {
  paid: number;
  due: number;
  returned: number;
  profit?: number;
}

/** A document whose figures are kept from its ledger: a sale or purchase invoice, or a web order. */
export type FiguresKind = InvoiceKind | 'order';

const cents = (value: unknown) => Math.round(Number(value) * 100);

/**
 * Keeps a document's paid, due and returned (an invoice's refunded too, an order's profit) equal to what
 * the ledger holds for it: every use case that posts for it (a payment, a return, an undo, a deleted
 * payment; a web order's every move after its checkout) calls it after its postings, in the same
 * transaction and under the document's row lock, so a list reads the columns and never sums the ledger.
 * A document that is not live (an undone invoice, a cancelled order) keeps zeros: its entries are all
 * reversed. The ledger stays the truth; the invariants compare the two after every flow.
 *
 * A live order's total as posted must be its document's total (goods − coupon + delivery fee): else its
 * postings and the order disagree, and the move fails (a programming error, never a shopper's).
 */
export async function keepInvoiceFigures(tx: DbOrTx, kind: FiguresKind, invoiceId: number): Promise<KeptFigures> {
  if (kind === 'order') return keepOrderFigures(tx, invoiceId);
  const k = kinds[kind];
  const live = (value: string) => sql.raw(`case when d.state = '${k.live}' then ${value} else 0 end`);
  const result = await tx.execute(sql`update ${sql.raw(k.table)} d set
      paid_amount = ${live('f.paid')},
      due_amount = ${live('f.total - f.returned - f.paid + f.refunded')},
      return_amount = ${live('f.returned')},
      instant_paid_return_amount = ${live('f.refunded')}
    from (${ledgerFiguresOf(kind, sql`${invoiceId}`)}) f
    where d.id = ${invoiceId}
    returning d.paid_amount as paid, d.due_amount as due, d.return_amount as returned`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return { paid: cents(row?.paid), due: cents(row?.due), returned: cents(row?.returned) };
}

async function keepOrderFigures(tx: DbOrTx, orderId: number): Promise<KeptFigures> {
  const live = (value: string) => sql.raw(`case when d.order_status <> 'CANCELLED' then ${value} else 0 end`);
  const result = await tx.execute(sql`update cart_order d set
      paid_amount = ${live('f.paid')},
      due_amount = ${live('f.due')},
      return_amount = ${live('f.returned')},
      profit = ${live('f.profit')}
    from (${orderFiguresOf(sql`${orderId}`)}) f
    where d.id = ${orderId}
    returning d.paid_amount as paid, d.due_amount as due, d.return_amount as returned, d.profit as profit,
      d.order_status <> 'CANCELLED' as live, d.total_amount as document_total, f.total as ledger_total`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) throw new Error(`Order ${orderId}: no such order to keep the figures of`);
  if (row.live && cents(row.document_total) !== cents(row.ledger_total))
    throw new Error(`Order ${orderId}: its postings total ${row.ledger_total} but the order's total is ${row.document_total}`);
  return { paid: cents(row.paid), due: cents(row.due), returned: cents(row.returned), profit: cents(row.profit) };
}
