import { sellingMessages, toCents } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { transaction } from '../../schema/index.ts';
import { keepInvoiceFigures } from './invoice-figures.ts';
import { post } from './post.ts';
import { liveEntry } from './reversed.ts';

interface Entry {
  id: number;
  type: string;
  debit_key: string | null;
  credit_key: string | null;
  related_id: string | null;
  reverses_id: number | null;
  reversed: boolean;
}

/** Which document a payment belongs to: a customer's pays a sale, a supplier's pays a purchase. */
const paymentOf = (e: Entry) =>
  e.type === 'sale' && e.credit_key === 'accountsReceivable'
    ? { table: 'sale_invoice', live: 'completed', label: 'Sale invoice', undo: 'undo the sale (PATCH sale-invoice/{id})' }
    : e.type === 'purchase' && e.debit_key === 'accountsPayable'
      ? { table: 'purchase_invoice', live: 'active', label: 'Purchase invoice', undo: 'undo the purchase (PATCH purchase-invoice/{id})' }
      : undefined;

/**
 * DELETE transaction/{id}: deletes a payment — a customer's against a sale (type sale, credit
 * Accounts Receivable) or a supplier's against a purchase (type purchase, debit Accounts Payable) —
 * by posting its reversing entry, dated today in the shop; the ledger row stays. The document's row
 * is locked first, so a delete, a return or an undo of the same document take turns. Any other entry
 * belongs to its document and is undone through it (409); a payment already deleted is 409 too, and so
 * is a customer's payment that a refund relies on.
 */
export async function deletePayment(tx: DbOrTx, id: number, clock: Clock): Promise<{ message: string; id: number }> {
  const find = async () => {
    const [entry] = await rawRows<Entry>(
      tx,
      sql`select t.id, t.type, d.system_key as debit_key, c.system_key as credit_key, t.related_id, t.reverses_id,
          exists (select 1 from "transaction" r where r.reverses_id = t.id) as reversed
        from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
        where t.id = ${id}`,
    );
    return entry;
  };
  const first = await find();
  if (!first) throw notFound(`Transaction ${id}`);
  const payment = paymentOf(first);
  const document = `${first.type === 'purchase' ? 'purchase' : first.type === 'sale' ? 'sale' : 'document'} #${first.related_id ?? '?'}`;
  if (first.reverses_id !== null)
    throw conflict(`Transaction ${id} is the reversal of a deleted payment; it cannot be deleted`, { id: 'is a reversal' });
  if (!payment || first.related_id === null)
    throw conflict(`Transaction ${id} is not a payment; it belongs to ${document}: undo it from the document instead`, {
      id: 'is not a payment',
    });
  const [doc] = await rawRows<{ state: string }>(
    tx,
    sql`select state from ${sql.raw(payment.table)} where id = ${Number(first.related_id)} for update`,
  );
  if (!doc || doc.state !== payment.live)
    throw conflict(`${payment.label} ${first.related_id} is ${doc?.state ?? 'missing'}; its payments cannot be deleted`, {
      id: `belongs to a ${doc?.state ?? 'missing'} invoice`,
    });
  // read again under the document's lock: a racing delete of the same payment has committed by now
  const entry = (await find())!;
  if (entry.reversed) throw conflict(`Payment ${id} is already deleted`, { id: 'is already deleted' });
  const [row] = await tx.select().from(transaction).where(eq(transaction.id, id));
  if (row!.type === 'sale') await keepRefundsCovered(tx, row!.relatedId!, toCents(row!.amount));
  const drawerSession = await drawerSessionOf(tx, [row!.debitId, row!.creditId]);
  await post(tx, [
    {
      date: await businessDate(tx, clock),
      debit: { subAccountId: row!.creditId },
      credit: { subAccountId: row!.debitId },
      amount: toCents(row!.amount),
      particulars: `Payment #${id} deleted: reversal`,
      type: row!.type,
      relatedId: row!.relatedId ?? undefined,
      reversesId: id,
      tillSessionId: drawerSession,
    },
  ]);
  await keepInvoiceFigures(tx, row!.type === 'sale' ? 'sale' : 'purchase', Number(row!.relatedId));
  return { message: sellingMessages.paymentDeleted, id };
}

/**
 * A sale's refunds may never exceed what the customer paid: a payment whose deletion would leave less
 * paid than already refunded is refused (409).
 */
async function keepRefundsCovered(tx: DbOrTx, saleId: string, amount: number) {
  const [sums] = await rawRows<{ paid: number; refunded: number }>(
    tx,
    sql`with ar as (select id from sub_account where system_key = 'accountsReceivable')
      select coalesce(round(sum(t.amount) filter (where t.type = 'sale' and t.credit_id = ar.id) * 100), 0)::int as paid,
        coalesce(round(sum(t.amount) filter (where t.type = 'saleReturn' and t.debit_id = ar.id) * 100), 0)::int as refunded
      from "transaction" t cross join ar where t.related_id = ${saleId} and ${liveEntry('t')}`,
  );
  if (Number(sums!.paid) - amount < Number(sums!.refunded))
    throw conflict(`Sale #${saleId} has refunds this payment covers; it cannot be deleted`, { id: 'covers a refund' });
}

/**
 * A payment taken into a till's drawer (issue 31) leaves it again through that drawer: the reversal belongs to the
 * till's open session (share-locked, so a close is refused while the deletion is in flight); while the till is
 * closed the deletion is refused, naming it. Null for a payment that touched no drawer.
 */
async function drawerSessionOf(tx: DbOrTx, accounts: readonly number[]): Promise<number | null> {
  const [till] = await rawRows<{ name: string; session: number | null }>(
    tx,
    sql`select t.name, (select s.id from till_session s where s.till_id = t.id and s.state = 'OPEN' for share of s) as session
      from till t where t.sub_account_id = any(${`{${accounts.map(Number).join(',')}}`}::int[]) order by t.id limit 1`,
  );
  if (!till) return null;
  if (till.session === null)
    throw conflict(`Open ${till.name} first: this payment went into its drawer, and deleting it gives the money back`, {
      id: `needs ${till.name} open`,
    });
  return Number(till.session);
}
