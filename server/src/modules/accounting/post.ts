import { type Cents, fromCents, type LedgerType } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import type { SystemAccountKey } from './chart-of-accounts.ts';

export type { LedgerType };

/** A system account by key, or a sub-account by id (e.g. a payment method's account). */
export type AccountRef = SystemAccountKey | { subAccountId: number };

export interface Posting {
  date: string;
  debit: AccountRef;
  credit: AccountRef;
  /** In cents; postings of zero are skipped (the ledger holds only positive amounts). */
  amount: Cents;
  particulars: string;
  type: LedgerType;
  relatedId?: string | number;
  /** A VAT posting's rate (10 for 10 %); documents post their VAT once per rate. */
  vatRate?: number;
  /** The entry this one reverses (a deleted payment): the ledger allows one reversal per entry. */
  reversesId?: number;
  /** The till session whose document posts it (issue 31): the session's X and Z reports read its rows. */
  tillSessionId?: number | null;
  /** The payment method of a payment or refund: the session's figures per method. */
  paymentMethodId?: number;
}

/** A posting as the statement reads it (jsonb_to_recordset): an account is a system key or a sub-account id. */
function asRecord(p: Posting, n: number) {
  const reverse = p.amount < 0;
  const debit = reverse ? p.credit : p.debit;
  const credit = reverse ? p.debit : p.credit;
  return {
    n,
    date: p.date,
    debit_key: typeof debit === 'string' ? debit : null,
    debit_id: typeof debit === 'string' ? null : debit.subAccountId,
    credit_key: typeof credit === 'string' ? credit : null,
    credit_id: typeof credit === 'string' ? null : credit.subAccountId,
    amount: fromCents(Math.abs(p.amount)),
    particulars: p.particulars,
    type: p.type,
    related_id: p.relatedId === undefined ? null : String(p.relatedId),
    reverses_id: p.reversesId ?? null,
    vat_rate: p.vatRate ?? null,
    till_session_id: p.tillSessionId ?? null,
    payment_method_id: p.paymentMethodId ?? null,
  };
}

/**
 * Postings as ONE data-modifying statement (`insert ... returning id`), for a use case that writes
 * them within a statement of its own (as a CTE) and so saves a round trip; it is the same insert
 * `post` sends. `check` takes the number of rows the insert returned and refuses when a system
 * account is missing from the chart of accounts. Null when every posting is of zero.
 */
export interface PostingStatement {
  sql: SQL;
  check(made: number): void;
}

/**
 * Stands in a posting's particulars for its document's number when the number is taken in the same
 * statement as the postings (a sale's): `postingStatement(postings, number)` puts it in.
 */
export const numberMark = '{number}';

export function postingStatement(postings: readonly Posting[], number?: SQL): PostingStatement | null {
  const real = postings.filter((p) => p.amount !== 0);
  if (real.length === 0) return null;
  const input = JSON.stringify(real.map(asRecord));
  const particulars = number ? sql`replace(p.particulars, ${numberMark}, (${number})::text)` : sql`p.particulars`;
  return {
    sql: sql`
    insert into "transaction" (date, debit_id, credit_id, amount, particulars, type, related_id, reverses_id, vat_rate,
      till_session_id, payment_method_id)
    select p.date, coalesce(p.debit_id, d.id), coalesce(p.credit_id, c.id), p.amount, ${particulars}, p.type,
      p.related_id, p.reverses_id, p.vat_rate, p.till_session_id, p.payment_method_id
    from jsonb_to_recordset(${input}::jsonb) as p(n int, date date, debit_key text, debit_id int, credit_key text, credit_id int,
      amount numeric, particulars text, type text, related_id text, reverses_id int, vat_rate numeric, till_session_id int,
      payment_method_id int)
    left join sub_account d on d.system_key = p.debit_key
    left join sub_account c on c.system_key = p.credit_key
    where coalesce(p.debit_id, d.id) is not null and coalesce(p.credit_id, c.id) is not null
    order by p.n
    returning id`,
    check(made) {
      if (made >= real.length) return;
      const keys = [...new Set(real.flatMap((p) => [p.debit, p.credit]).filter((a): a is SystemAccountKey => typeof a === 'string'))];
      throw new Error(`a system account of ${keys.join(', ')} is missing from the chart of accounts`);
    },
  };
}

/**
 * Posts double entries to the ledger inside the caller's transaction, all of them in one statement.
 * System accounts are named by key and resolved here, never by bare id (a key missing from the chart
 * of accounts refuses the call). A negative amount posts the reverse entry. Answers the new entries'
 * ids in the order of the postings (those of zero are skipped).
 */
export async function post(tx: DbOrTx, postings: Posting[]): Promise<number[]> {
  const statement = postingStatement(postings);
  if (!statement) return [];
  const made = await executePrepared<{ id: number }>(tx, statement.sql);
  statement.check(made.length);
  return made.map((r) => Number(r.id));
}
