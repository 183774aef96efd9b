import { type Cents, fromCents, type LedgerType } from '@tillbook/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { subAccount, transaction } from '../../schema/index.ts';
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
}

/**
 * Posts double entries to the ledger inside the caller's transaction. System accounts are named
 * by key and resolved here, never by bare id. A negative amount posts the reverse entry. Answers the
 * new entries' ids in the order of the postings (those of zero are skipped).
 */
export async function post(tx: DbOrTx, postings: Posting[]): Promise<number[]> {
  const real = postings.filter((p) => p.amount !== 0);
  if (real.length === 0) return [];
  const keys = [...new Set(real.flatMap((p) => [p.debit, p.credit]).filter((a): a is SystemAccountKey => typeof a === 'string'))];
  const rows = keys.length
    ? await tx.select({ id: subAccount.id, key: subAccount.systemKey }).from(subAccount).where(inArray(subAccount.systemKey, keys))
    : [];
  const idOf = new Map(rows.map((r) => [r.key, r.id]));
  for (const key of keys) if (!idOf.has(key)) throw new Error(`system account ${key} is missing from the chart of accounts`);
  const account = (a: AccountRef) => (typeof a === 'string' ? idOf.get(a)! : a.subAccountId);
  const made = await tx.insert(transaction).values(
    real.map((p) => {
      const reverse = p.amount < 0;
      return {
        date: p.date,
        debitId: account(reverse ? p.credit : p.debit),
        creditId: account(reverse ? p.debit : p.credit),
        amount: fromCents(Math.abs(p.amount)),
        particulars: p.particulars,
        type: p.type,
        relatedId: p.relatedId === undefined ? null : String(p.relatedId),
        reversesId: p.reversesId ?? null,
        vatRate: p.vatRate ?? null,
      };
    }),
  ).returning({ id: transaction.id });
  return made.map((r) => r.id);
}
