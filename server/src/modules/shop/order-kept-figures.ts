import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { type KeptFigures, keepInvoiceFigures, orderFiguresOf } from '../accounting/index.ts';

/**
 * After every posting of an order but its checkout's (a payment, a delivery fee, a cancel, a return
 * received, refunded or resent, a replacement): its paid, due, returned and profit from its ledger, under
 * its row lock (`keepInvoiceFigures`, which also fails a move whose postings' total is not the order's).
 */
export const keepOrderFigures = (tx: DbOrTx, orderId: number): Promise<KeptFigures> => keepInvoiceFigures(tx, 'order', orderId);

/**
 * A new order's figures are written by the statement that writes its postings (the checkout's one
 * statement); with `checkAnswers` on (the tests), the checkout's route reads them back against its ledger
 * here once committed, and a difference fails the request naming the figure.
 */
export async function assertOrderFiguresMatchLedger(tx: DbOrTx, orderId: number): Promise<void> {
  const [row] = await rawRows<Record<string, string>>(
    tx,
    sql`select o.total_amount::text as kept_total, f.total::numeric(14,2)::text as ledger_total,
        o.paid_amount::text as kept_paid, f.paid::numeric(14,2)::text as ledger_paid,
        o.due_amount::text as kept_due, f.due::numeric(14,2)::text as ledger_due,
        o.return_amount::text as kept_returned, f.returned::numeric(14,2)::text as ledger_returned,
        o.profit::text as kept_profit, f.profit::numeric(14,2)::text as ledger_profit
      from cart_order o, (${orderFiguresOf(sql`${orderId}`)}) f where o.id = ${orderId}`,
  );
  const differ = ['total', 'paid', 'due', 'returned', 'profit'].filter(
    (name) => Number(row?.[`kept_${name}`]) !== Number(row?.[`ledger_${name}`]),
  );
  if (!row || differ.length)
    throw new Error(
      `Order ${orderId}: kept figures differ from its ledger: ${differ.map((n) => `${n} ${row?.[`kept_${n}`]} ≠ ${row?.[`ledger_${n}`]}`).join(', ')}`,
    );
}
