import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { type LedgerType, post } from './post.ts';
import { liveEntry } from './reversed.ts';

/** A document whose live postings are to be reversed: its ledger types, its id, the day and how each reversal reads. */
export interface ReversedDocument<T extends LedgerType> {
  types: readonly T[];
  relatedId: number;
  /** The day the reversals carry (today in the shop). */
  date: string;
  particulars: (type: T) => string;
  /** A till drawer's sub-account → the open session its reversals belong to (money given back from the drawer). */
  sessionOfDrawer?: ReadonlyMap<number, number>;
}

/**
 * Reverses every live posting of a document (an undone sale or purchase with their returns, a cancelled
 * web order with its payment): the entries of its types, net per type, account pair and VAT rate, posted
 * back (debit and credit swapped, a VAT row keeps its rate) under the same type and document, dated
 * `date`, in the order they were first posted. A deleted payment and its reversal already cancel and are left out. Answers how many groups
 * were reversed. The caller holds the document's row lock and keeps its figures after.
 */
export async function reversePostings<T extends LedgerType>(tx: DbOrTx, doc: ReversedDocument<T>): Promise<number> {
  const entries = await rawRows<{ type: T; debit_id: number; credit_id: number; vat_rate: string | null; cents: number }>(
    tx,
    sql`select t.type, t.debit_id, t.credit_id, t.vat_rate, round(sum(t.amount) * 100)::int as cents from "transaction" t
      where t.type in (${sql.join(
        doc.types.map((type) => sql`${type}`),
        sql`, `,
      )}) and t.related_id = ${String(doc.relatedId)} and ${liveEntry('t')}
      group by t.type, t.debit_id, t.credit_id, t.vat_rate order by min(t.id)`,
  );
  await post(
    tx,
    entries.map((e) => ({
      date: doc.date,
      debit: { subAccountId: e.credit_id },
      credit: { subAccountId: e.debit_id },
      amount: Number(e.cents),
      particulars: doc.particulars(e.type),
      type: e.type,
      relatedId: doc.relatedId,
      ...(e.vat_rate === null ? {} : { vatRate: Number(e.vat_rate) }),
      tillSessionId: doc.sessionOfDrawer?.get(Number(e.debit_id)) ?? doc.sessionOfDrawer?.get(Number(e.credit_id)) ?? null,
    })),
  );
  return entries.length;
}
